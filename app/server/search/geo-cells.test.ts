import { describe, expect, it } from "vitest";
import { SEARCH_RADII_KM } from "~/schemas/search";
import { MAX_COVER_CELLS, coverCells, pointCells } from "./geo-cells";

const EARTH_RADIUS_M = 6378168;

/** The point at `distanceM` from (lat, lon) in direction `bearing` (radians), on the sphere. */
function destination(lat: number, lon: number, distanceM: number, bearing: number) {
  const φ1 = (lat * Math.PI) / 180;
  const λ1 = (lon * Math.PI) / 180;
  const δ = distanceM / EARTH_RADIUS_M;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(bearing));
  const λ2 = λ1 + Math.atan2(Math.sin(bearing) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  return { lat: (φ2 * 180) / Math.PI, lon: (λ2 * 180) / Math.PI };
}

/** A small seeded PRNG, so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe("geo cells", () => {
  it("gives a point one cell per level, nested in each other", () => {
    expect(pointCells(51.0504, 13.7373)).toEqual(["g0:127:22", "g1:510:91", "g2:2042:366"]);
    // A cell at level n + 1 lies inside its level-n cell (4 × 4 children).
    const [g0, g1, g2] = pointCells(50.123, 14.987).map((k) => k.split(":").slice(1).map(Number)) as [number[], number[], number[]];
    expect([Math.floor(g1[0]! / 4), Math.floor(g1[1]! / 4)]).toEqual(g0);
    expect([Math.floor(g2[0]! / 4), Math.floor(g2[1]! / 4)]).toEqual(g1);
  });

  it("covers every point within the radius, for every radius the form offers and odd ones", () => {
    const random = prng(42);
    for (const radiusKm of [...SEARCH_RADII_KM, 1, 3, 37]) {
      for (let center = 0; center < 20; center++) {
        // Centres across Saxony and Czechia, including cell borders.
        const lat = center === 0 ? 51.2 : 48.5 + random() * 3;
        const lon = center === 0 ? 13.8 : 12 + random() * 6.9;
        const cover = coverCells(lat, lon, radiusKm * 1000);
        if (cover === null) continue;
        const keys = new Set(cover);
        expect(cover.length).toBeLessThanOrEqual(MAX_COVER_CELLS);
        for (let i = 0; i < 200; i++) {
          // Points inside the circle, a quarter of them within 1 m of its edge.
          const distance = i % 4 === 0 ? radiusKm * 1000 - random() : random() * radiusKm * 1000;
          const p = destination(lat, lon, distance, random() * 2 * Math.PI);
          const covered = pointCells(p.lat, p.lon).some((k) => keys.has(k));
          if (!covered) throw new Error(`(${p.lat}, ${p.lon}) at ${distance} m of (${lat}, ${lon}) is not covered for ${radiusKm} km`);
        }
      }
    }
  });

  it("keeps the cover tight: cells wholly outside the circle are left out", () => {
    const cover = coverCells(51.0504, 13.7373, 10_000)!;
    const far = destination(51.0504, 13.7373, 25_000, 0);
    expect(pointCells(far.lat, far.lon).some((k) => cover.includes(k))).toBe(false);
  });

  it("gives up narrowing for radii that span the whole programme area", () => {
    expect(coverCells(50.5, 14, 500_000)).toBeNull();
    expect(coverCells(50.5, 14, 200_000)).not.toBeNull();
  });
});
