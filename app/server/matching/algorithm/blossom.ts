/**
 * Maximum-weight matching in a general graph: Edmonds' blossom algorithm in the primal-dual form of
 * Galil (1986, "Efficient algorithms for finding maximum matching in graphs"), O(n³).
 *
 * A TypeScript port following the structure of Joris van Rantwijk's mwmatching.py (2008; the same
 * code networkx and the npm package edmonds-blossom follow); variable names and comments track his
 * so the two can be read side by side. Decision 023 says why we carry our own port. What it adds:
 *
 * - `maxEdges`: stop after that many augmentations. Every stage of the primal-dual method adds one
 *   edge, and all free vertices share one dual value that is the smallest vertex dual; so after k
 *   stages the matching is of maximum weight among all matchings of at most k edges (weights > 0).
 *   That is exactly a round with only k usable tables, without dummy vertices.
 * - The final duals are returned (`dual`, `blossomParent`), so a caller that solved a sparse
 *   subgraph can prove optimality for the full graph: if no left-out edge has negative reduced cost
 *   (`reducedCost`), the matching is optimal there too (LP duality).
 *
 * Weights must be integers (exact arithmetic in doubles below 2^53); the duals are then integers too
 * (they are kept doubled, as in the original: slack = dual(i) + dual(j) − 2·w).
 */

export interface MatchingGraph {
  /** Number of vertices (0..n−1). */
  n: number;
  /** Edge k joins edgeU[k] and edgeV[k] with integer weight edgeW[k] (> 0 for a useful edge). */
  edgeU: ArrayLike<number>;
  edgeV: ArrayLike<number>;
  edgeW: ArrayLike<number>;
  /** Number of edges (the arrays may be longer). */
  m: number;
}

export interface MatchingResult {
  /** mate[v] = partner vertex or −1. */
  mate: Int32Array;
  /** Edges in the matching. */
  size: number;
  /** Σ weights of matched edges. */
  weight: number;
  /** Doubled duals: 0..n−1 vertices, n..2n−1 blossoms (0 when unused). */
  dual: Float64Array;
  /** Parent blossom of each vertex / blossom (−1 at top level). */
  blossomParent: Int32Array;
}

export function maxWeightMatching(g: MatchingGraph, maxEdges = Number.POSITIVE_INFINITY): MatchingResult {
  const nvertex = g.n;
  const nedge = g.m;
  const n2 = 2 * nvertex;
  const dual = new Float64Array(n2);
  const blossomParent = new Int32Array(n2).fill(-1);
  const mateV = new Int32Array(nvertex).fill(-1);
  if (nvertex === 0 || nedge === 0) return { mate: mateV, size: 0, weight: 0, dual, blossomParent };

  const wt = new Float64Array(nedge);
  const endpoint = new Int32Array(2 * nedge);
  let maxweight = 0;
  const degree = new Int32Array(nvertex);
  for (let k = 0; k < nedge; k++) {
    const i = g.edgeU[k]!;
    const j = g.edgeV[k]!;
    const w = g.edgeW[k]!;
    wt[k] = w;
    endpoint[2 * k] = i;
    endpoint[2 * k + 1] = j;
    if (w > maxweight) maxweight = w;
    degree[i]!++;
    degree[j]!++;
  }
  // neighbend[v]: the remote endpoints p of v's edges (CSR layout).
  const nbStart = new Int32Array(nvertex + 1);
  for (let v = 0; v < nvertex; v++) nbStart[v + 1] = nbStart[v]! + degree[v]!;
  const nbFill = nbStart.slice(0, nvertex);
  const neighbend = new Int32Array(2 * nedge);
  for (let k = 0; k < nedge; k++) {
    neighbend[nbFill[endpoint[2 * k]!]!++] = 2 * k + 1;
    neighbend[nbFill[endpoint[2 * k + 1]!]!++] = 2 * k;
  }

  // mate[v]: remote endpoint of v's matched edge, or −1.
  const mate = new Int32Array(nvertex).fill(-1);
  // label: 0 free, 1 S, 2 T (5 = breadcrumb in scanBlossom), for vertices and top-level blossoms.
  const label = new Int32Array(n2);
  const labelend = new Int32Array(n2).fill(-1);
  const inblossom = new Int32Array(nvertex);
  for (let v = 0; v < nvertex; v++) inblossom[v] = v;
  const blossombase = new Int32Array(n2).fill(-1);
  for (let v = 0; v < nvertex; v++) blossombase[v] = v;
  const blossomchilds: (number[] | null)[] = new Array<number[] | null>(n2).fill(null);
  const blossomendps: (number[] | null)[] = new Array<number[] | null>(n2).fill(null);
  const bestedge = new Int32Array(n2).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array<number[] | null>(n2).fill(null);
  const unusedblossoms: number[] = [];
  for (let b = n2 - 1; b >= nvertex; b--) unusedblossoms.push(b);
  for (let v = 0; v < nvertex; v++) dual[v] = maxweight;
  // No edge allowed: the empty matching, with duals that are feasible for this graph.
  if (maxEdges <= 0) return { mate: mateV, size: 0, weight: 0, dual, blossomParent };
  const allowedge = new Uint8Array(nedge);
  const queue: number[] = [];

  const slack = (k: number) => dual[endpoint[2 * k]!]! + dual[endpoint[2 * k + 1]!]! - 2 * wt[k]!;
  const at = (arr: number[], j: number) => arr[j < 0 ? arr.length + j : j]!;

  function blossomLeaves(b: number, out: number[]): number[] {
    if (b < nvertex) out.push(b);
    else for (const t of blossomchilds[b]!) blossomLeaves(t, out);
    return out;
  }

  function assignLabel(w: number, t: number, p: number): void {
    const b = inblossom[w]!;
    label[w] = label[b] = t;
    labelend[w] = labelend[b] = p;
    bestedge[w] = bestedge[b] = -1;
    if (t === 1) {
      blossomLeaves(b, queue);
    } else if (t === 2) {
      // A T-blossom's base is matched: its mate becomes an S-vertex.
      const base = blossombase[b]!;
      assignLabel(endpoint[mate[base]!]!, 1, mate[base]! ^ 1);
    }
  }

  /** Trace back from v and w to find a new blossom's base (≥ 0) or an augmenting path (−1). */
  function scanBlossom(v0: number, w0: number): number {
    const path: number[] = [];
    let base = -1;
    let v = v0;
    let w = w0;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v]!;
      if (label[b]! & 4) {
        base = blossombase[b]!;
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) {
        v = -1;
      } else {
        v = endpoint[labelend[b]!]!;
        b = inblossom[v]!;
        v = endpoint[labelend[b]!]!;
      }
      if (w !== -1) {
        const tmp = v;
        v = w;
        w = tmp;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  }

  function addBlossom(base: number, k: number): void {
    let v = endpoint[2 * k]!;
    let w = endpoint[2 * k + 1]!;
    const bb = inblossom[base]!;
    let bv = inblossom[v]!;
    let bw = inblossom[w]!;
    const b = unusedblossoms.pop()!;
    blossombase[b] = base;
    blossomParent[b] = -1;
    blossomParent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomParent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv]!);
      v = endpoint[labelend[bv]!]!;
      bv = inblossom[v]!;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomParent[bw] = b;
      path.push(bw);
      endps.push(labelend[bw]! ^ 1);
      w = endpoint[labelend[bw]!]!;
      bw = inblossom[w]!;
    }
    blossomchilds[b] = path;
    blossomendps[b] = endps;
    label[b] = 1;
    labelend[b] = labelend[bb]!;
    dual[b] = 0;
    for (const leaf of blossomLeaves(b, [])) {
      if (label[inblossom[leaf]!] === 2) queue.push(leaf);
      inblossom[leaf] = b;
    }
    // Best edge from the new blossom to each neighbouring S-blossom.
    const bestedgeto = new Map<number, number>();
    for (const sub of path) {
      const lists: number[][] = [];
      const own = blossombestedges[sub];
      if (own === null || own === undefined) {
        for (const leaf of blossomLeaves(sub, [])) {
          const l: number[] = [];
          for (let x = nbStart[leaf]!; x < nbStart[leaf + 1]!; x++) l.push(neighbend[x]! >> 1);
          lists.push(l);
        }
      } else {
        lists.push(own);
      }
      for (const list of lists) {
        for (const kk of list) {
          let j = endpoint[2 * kk + 1]!;
          if (inblossom[j] === b) j = endpoint[2 * kk]!;
          const bj = inblossom[j]!;
          if (bj !== b && label[bj] === 1) {
            const cur = bestedgeto.get(bj);
            if (cur === undefined || slack(kk) < slack(cur)) bestedgeto.set(bj, kk);
          }
        }
      }
      blossombestedges[sub] = null;
      bestedge[sub] = -1;
    }
    const best = [...bestedgeto.values()];
    blossombestedges[b] = best;
    let mybest = -1;
    let mybestslack = 0;
    for (const kk of best) {
      const s = slack(kk);
      if (mybest === -1 || s < mybestslack) {
        mybest = kk;
        mybestslack = s;
      }
    }
    bestedge[b] = mybest;
  }

  function expandBlossom(b: number, endstage: boolean): void {
    const childs = blossomchilds[b]!;
    for (const s of childs) {
      blossomParent[s] = -1;
      if (s < nvertex) inblossom[s] = s;
      else if (endstage && dual[s] === 0) expandBlossom(s, endstage);
      else for (const leaf of blossomLeaves(s, [])) inblossom[leaf] = s;
    }
    if (!endstage && label[b] === 2) {
      // Relabel the sub-blossoms on the even-length path from the entry child to the base.
      const endps = blossomendps[b]!;
      const entrychild = inblossom[endpoint[labelend[b]! ^ 1]!]!;
      let j = childs.indexOf(entrychild);
      let jstep: number;
      let endptrick: number;
      if (j & 1) {
        j -= childs.length;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelend[b]!;
      while (j !== 0) {
        label[endpoint[p ^ 1]!] = 0;
        label[endpoint[at(endps, j - endptrick) ^ endptrick ^ 1]!] = 0;
        assignLabel(endpoint[p ^ 1]!, 2, p);
        allowedge[at(endps, j - endptrick) >> 1] = 1;
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      const bv = at(childs, j);
      label[endpoint[p ^ 1]!] = label[bv] = 2;
      labelend[endpoint[p ^ 1]!] = labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (at(childs, j) !== entrychild) {
        const sub = at(childs, j);
        if (label[sub] === 1) {
          j += jstep;
          continue;
        }
        let found = -1;
        for (const leaf of blossomLeaves(sub, [])) {
          if (label[leaf] !== 0) {
            found = leaf;
            break;
          }
        }
        if (found !== -1) {
          label[found] = 0;
          label[endpoint[mate[blossombase[sub]!]!]!] = 0;
          assignLabel(found, 2, labelend[found]!);
        }
        j += jstep;
      }
    }
    label[b] = labelend[b] = -1;
    blossomchilds[b] = blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  }

  function augmentBlossom(b: number, v: number): void {
    let t = v;
    while (blossomParent[t] !== b) t = blossomParent[t]!;
    if (t >= nvertex) augmentBlossom(t, v);
    const childs = blossomchilds[b]!;
    const endps = blossomendps[b]!;
    const i = childs.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= childs.length;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      t = at(childs, j);
      const p = at(endps, j - endptrick) ^ endptrick;
      if (t >= nvertex) augmentBlossom(t, endpoint[p]!);
      j += jstep;
      t = at(childs, j);
      if (t >= nvertex) augmentBlossom(t, endpoint[p ^ 1]!);
      mate[endpoint[p]!] = p ^ 1;
      mate[endpoint[p ^ 1]!] = p;
    }
    blossomchilds[b] = childs.slice(i).concat(childs.slice(0, i));
    blossomendps[b] = endps.slice(i).concat(endps.slice(0, i));
    blossombase[b] = blossombase[blossomchilds[b]![0]!]!;
  }

  function augmentMatching(k: number): void {
    const pairs: [number, number][] = [
      [endpoint[2 * k]!, 2 * k + 1],
      [endpoint[2 * k + 1]!, 2 * k],
    ];
    for (const [s0, p0] of pairs) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inblossom[s]!;
        if (bs >= nvertex) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs]!]!;
        const bt = inblossom[t]!;
        s = endpoint[labelend[bt]!]!;
        const j = endpoint[labelend[bt]! ^ 1]!;
        if (bt >= nvertex) augmentBlossom(bt, j);
        mate[j] = labelend[bt]!;
        p = labelend[bt]! ^ 1;
      }
    }
  }

  let augmentations = 0;
  for (let stage = 0; stage < nvertex && augmentations < maxEdges; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = nvertex; b < n2; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue.length = 0;
    for (let v = 0; v < nvertex; v++) {
      if (mate[v] === -1 && label[inblossom[v]!] === 0) assignLabel(v, 1, -1);
    }
    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop()!;
        for (let x = nbStart[v]!; x < nbStart[v + 1]!; x++) {
          const p = neighbend[x]!;
          const k = p >> 1;
          const w = endpoint[p]!;
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0;
          if (!allowedge[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowedge[k] = 1;
          }
          if (allowedge[k]) {
            if (label[inblossom[w]!] === 0) {
              assignLabel(w, 2, p ^ 1);
            } else if (label[inblossom[w]!] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) {
                addBlossom(base, k);
              } else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (label[inblossom[w]!] === 1) {
            const b = inblossom[v]!;
            if (bestedge[b] === -1 || kslack < slack(bestedge[b]!)) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w]!)) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;

      // No augmenting path with the current duals: change them by the largest safe delta.
      let deltatype = 1;
      let delta = Number.POSITIVE_INFINITY;
      for (let v = 0; v < nvertex; v++) if (dual[v]! < delta) delta = dual[v]!;
      let deltaedge = -1;
      let deltablossom = -1;
      for (let v = 0; v < nvertex; v++) {
        if (label[inblossom[v]!] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v]!);
          if (d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v]!;
          }
        }
      }
      for (let b = 0; b < n2; b++) {
        if (blossomParent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const d = slack(bestedge[b]!) / 2;
          if (d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b]!;
          }
        }
      }
      for (let b = nvertex; b < n2; b++) {
        if (blossombase[b]! >= 0 && blossomParent[b] === -1 && label[b] === 2 && dual[b]! < delta) {
          delta = dual[b]!;
          deltatype = 4;
          deltablossom = b;
        }
      }
      for (let v = 0; v < nvertex; v++) {
        const l = label[inblossom[v]!];
        if (l === 1) dual[v] = dual[v]! - delta;
        else if (l === 2) dual[v] = dual[v]! + delta;
      }
      for (let b = nvertex; b < n2; b++) {
        if (blossombase[b]! >= 0 && blossomParent[b] === -1) {
          if (label[b] === 1) dual[b] = dual[b]! + delta;
          else if (label[b] === 2) dual[b] = dual[b]! - delta;
        }
      }
      if (deltatype === 1) break;
      if (deltatype === 2) {
        allowedge[deltaedge] = 1;
        let i = endpoint[2 * deltaedge]!;
        if (label[inblossom[i]!] === 0) i = endpoint[2 * deltaedge + 1]!;
        queue.push(i);
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1;
        queue.push(endpoint[2 * deltaedge]!);
      } else {
        expandBlossom(deltablossom, false);
      }
    }
    if (!augmented) break;
    augmentations++;
    for (let b = nvertex; b < n2; b++) {
      if (blossomParent[b] === -1 && blossombase[b]! >= 0 && label[b] === 1 && dual[b] === 0) expandBlossom(b, true);
    }
  }

  let size = 0;
  let weight = 0;
  for (let v = 0; v < nvertex; v++) {
    if (mate[v] !== -1) {
      mateV[v] = endpoint[mate[v]!]!;
      if (v < mateV[v]!) {
        size++;
        weight += wt[mate[v]! >> 1]!;
      }
    }
  }
  return { mate: mateV, size, weight, dual, blossomParent };
}

/**
 * Reduced cost of a (possibly left-out) edge i–j of weight w under the duals of `r`, doubled like
 * the duals: dual(i) + dual(j) − 2w + 2·Σ dual(B) over the blossoms containing both. ≥ 0 for every
 * edge of a graph means the matching is optimal for that graph.
 */
export function reducedCost(r: MatchingResult, i: number, j: number, w: number): number {
  let s = r.dual[i]! + r.dual[j]! - 2 * w;
  const parent = r.blossomParent;
  if (parent[i] === -1 || parent[j] === -1) return s;
  const chainI: number[] = [];
  for (let b = parent[i]!; b !== -1; b = parent[b]!) chainI.push(b);
  const chainJ: number[] = [];
  for (let b = parent[j]!; b !== -1; b = parent[b]!) chainJ.push(b);
  // Common blossoms are a common suffix of both chains (the outermost ones).
  for (let x = chainI.length - 1, y = chainJ.length - 1; x >= 0 && y >= 0 && chainI[x] === chainJ[y]; x--, y--) {
    s += 2 * r.dual[chainI[x]!]!;
  }
  return s;
}
