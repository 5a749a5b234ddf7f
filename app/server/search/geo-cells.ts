/**
 * A three-level latitude/longitude grid whose cells are stored as keys in each search row's
 * `facets` (decision 010). A radius search asks the GIN index for the cells that cover its circle,
 * so location narrows inside the same index scan as the text, tags and industries; the exact
 * great-circle distance then trims the cells' corners.
 *
 * The cell sizes must match pn_geo_cells() in drizzle/0004_search_facets.sql.
 */
export const GEO_LEVELS = [
  { dLat: 0.4, dLon: 0.6 }, // ≈ 44 × 42 km at 51° N
  { dLat: 0.1, dLon: 0.15 }, // ≈ 11 × 10.5 km
  { dLat: 0.025, dLon: 0.0375 }, // ≈ 2.8 × 2.6 km
] as const;

/** Each level divides the one above into this many cells per axis. */
const CHILDREN = [4, 4] as const;

/** Beyond this many keys the cover stops refining and keeps coarser (larger) cells. */
export const MAX_COVER_CELLS = 96;

const EARTH_RADIUS_M = 6378168; // earthdistance's sphere

export function cellKey(level: number, latIndex: number, lonIndex: number): string {
  return `g${level}:${latIndex}:${lonIndex}`;
}

/** The keys of the cells containing a point, one per level (what pn_geo_cells stores). */
export function pointCells(lat: number, lon: number): string[] {
  return GEO_LEVELS.map((l, level) => cellKey(level, Math.floor(lat / l.dLat), Math.floor(lon / l.dLon)));
}

interface Cell {
  level: number;
  latIndex: number;
  lonIndex: number;
}

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine on earthdistance's sphere). */
function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a = Math.sin(toRad(lat2 - lat1) / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(toRad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

function bounds(cell: Cell) {
  const { dLat, dLon } = GEO_LEVELS[cell.level]!;
  return { south: cell.latIndex * dLat, north: (cell.latIndex + 1) * dLat, west: cell.lonIndex * dLon, east: (cell.lonIndex + 1) * dLon };
}

/**
 * Where a cell lies relative to the circle. The nearest point of a lat/lon rectangle is found by
 * clamping; at these sizes (< 50 km cells, latitudes of Central Europe) that is exact enough, and
 * a small safety margin keeps the cover a superset: a false "partly" costs a few rows, a false
 * "outside" would lose matches.
 */
function relation(cell: Cell, lat: number, lon: number, radiusM: number): "inside" | "partly" | "outside" {
  const b = bounds(cell);
  const nearest = distanceM(lat, lon, Math.min(Math.max(lat, b.south), b.north), Math.min(Math.max(lon, b.west), b.east));
  if (nearest > radiusM * 1.001 + 50) return "outside";
  const corners = [
    [b.south, b.west],
    [b.south, b.east],
    [b.north, b.west],
    [b.north, b.east],
  ] as const;
  // A rectangle is inside a circle when its farthest corner is (the circle is convex).
  const farthest = Math.max(...corners.map(([cLat, cLon]) => distanceM(lat, lon, cLat, cLon)));
  return farthest <= radiusM * 0.999 - 50 ? "inside" : "partly";
}

function children(cell: Cell): Cell[] {
  const n = CHILDREN[cell.level]!;
  const out: Cell[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) out.push({ level: cell.level + 1, latIndex: cell.latIndex * n + i, lonIndex: cell.lonIndex * n + j });
  }
  return out;
}

/**
 * The cell keys whose union contains every point within radiusM of (lat, lon): cells wholly
 * inside stay coarse, border cells are refined level by level while the key budget allows.
 * Null when even the coarsest cover exceeds the budget (a radius of hundreds of kilometres
 * narrows nothing in the programme area; the exact distance test alone decides then).
 */
export function coverCells(lat: number, lon: number, radiusM: number, maxCells = MAX_COVER_CELLS): string[] | null {
  const dLat = (radiusM / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLon = dLat / Math.cos(toRad(Math.min(89, Math.abs(lat) + dLat)));
  const top = GEO_LEVELS[0];
  let cells: Array<Cell & { inside: boolean }> = [];
  for (let i = Math.floor((lat - dLat) / top.dLat); i <= Math.floor((lat + dLat) / top.dLat); i++) {
    for (let j = Math.floor((lon - dLon) / top.dLon); j <= Math.floor((lon + dLon) / top.dLon); j++) {
      const cell = { level: 0, latIndex: i, lonIndex: j };
      const r = relation(cell, lat, lon, radiusM);
      if (r !== "outside") cells.push({ ...cell, inside: r === "inside" });
    }
  }
  if (cells.length > maxCells) return null;
  for (let level = 0; level < GEO_LEVELS.length - 1; level++) {
    const refined: typeof cells = [];
    for (const cell of cells) {
      if (cell.inside || cell.level !== level) {
        refined.push(cell);
        continue;
      }
      for (const child of children(cell)) {
        const r = relation(child, lat, lon, radiusM);
        if (r !== "outside") refined.push({ ...child, inside: r === "inside" });
      }
    }
    if (refined.length > maxCells) break; // keep the coarser, still complete, cover
    cells = refined;
  }
  return cells.map((c) => cellKey(c.level, c.latIndex, c.lonIndex));
}
