/**
 * Seeded random events for the tests and the benchmark (not used by the app). "random": each
 * company ranks K partners uniformly; "clustered": companies fall into clusters of ~20 (an industry,
 * a region) and rank mostly inside their cluster — many mutual wishes and much competition for the
 * same partners, the harder case for round-by-round matching; "popular": a few companies (one in ten)
 * draw most wishes (60 % of each list), the rest rank uniformly — popular partners are scarce.
 */
import type { MatchCompany, MatchInput } from "../types";

/** mulberry32: a small, fast, seeded PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface InstanceOptions {
  companies: number;
  rounds: number;
  tables: number;
  maxPreferences?: number;
  kind?: "random" | "clustered" | "popular";
  /** Share of companies that submitted a list at all (default 1). */
  listShare?: number;
  /** Expected exclusions per company (default 0). */
  exclusions?: number;
  seed: number;
}

const NACE = ["C25.1", "C25.6", "C28.1", "C28.4", "C33.1", "F43.2", "G46.6", "H49.4", "J62.0", "M71.1", "M72.1", "N82.3"];
const TAGS = Array.from({ length: 30 }, (_, i) => `t${i}`);

export function randomInstance(o: InstanceOptions): MatchInput {
  const rnd = prng(o.seed);
  const n = o.companies;
  const K = o.maxPreferences ?? 10;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const companies: MatchCompany[] = Array.from({ length: n }, (_, i) => ({
    id: `c${String(i).padStart(3, "0")}`,
    naceCodes: [pick(NACE), ...(rnd() < 0.3 ? [pick(NACE)] : [])],
    offerTags: rnd() < 0.6 ? [pick(TAGS), pick(TAGS)] : [],
    requestTags: rnd() < 0.6 ? [pick(TAGS)] : [],
  }));
  const clusterSize = 20;
  const ranking: Record<string, string[]> = {};
  for (let i = 0; i < n; i++) {
    if (rnd() >= (o.listShare ?? 1)) continue;
    const len = Math.min(K, n - 1);
    const chosen = new Set<number>();
    let guard = 0;
    while (chosen.size < len && guard++ < 50 * len) {
      let j: number;
      if ((o.kind ?? "random") === "clustered" && rnd() < 0.85) {
        const base = Math.floor(i / clusterSize) * clusterSize;
        j = base + Math.floor(rnd() * Math.min(clusterSize, n - base));
      } else if (o.kind === "popular" && rnd() < 0.6) {
        j = Math.floor(rnd() * Math.max(2, Math.ceil(n / 10)));
      } else {
        j = Math.floor(rnd() * n);
      }
      if (j !== i) chosen.add(j);
    }
    ranking[companies[i]!.id] = [...chosen].map((j) => companies[j]!.id);
  }
  const excluded: Record<string, string[]> = {};
  for (let i = 0; i < n; i++) {
    const count = Math.floor(rnd() * 2 * (o.exclusions ?? 0) + 0.5 * (rnd() < (o.exclusions ?? 0) % 1 ? 1 : 0));
    if (count === 0) continue;
    excluded[companies[i]!.id] = Array.from({ length: count }, () => companies[Math.floor(rnd() * n)]!.id).filter((id) => id !== companies[i]!.id);
  }
  return {
    companies,
    ranking,
    excluded,
    maxPreferences: K,
    rounds: o.rounds,
    tables: Array.from({ length: o.tables }, (_, t) => t + 1),
    fixed: [],
  };
}
