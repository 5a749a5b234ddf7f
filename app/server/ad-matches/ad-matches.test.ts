import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import type { DbHandle } from "~/server/db/client.server";
import { companies, companyAddresses, companyNace, companyServices, companyTags, companyUserLinks, tags, users } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";
import { adMatchDocs } from "~/server/db/schema";
import { companyMatchSummary, findMatches, getAdMatches, loadMatchProfile, pruneExpiredAdMatches } from "./ad-matches.server";

let handle: DbHandle;
const db = () => handle.db;
const NOW = new Date("2026-06-01T10:00:00Z");
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);
const ids: Record<string, string> = {};
const ads: Record<string, string> = {};
const tagIds: Record<string, string> = {};
let member: NonNullable<Actor>;
let outsider: NonNullable<Actor>;

const TAGS: Record<string, [string, string]> = {
  metal: ["Metallbau", "Kovovýroba"],
  welding: ["Schweißen", "Svařování"],
  logistics: ["Logistik", "Logistika"],
};

const DRESDEN = { lat: 51.05, lon: 13.74 };
const DECIN = { lat: 50.78, lon: 14.21 }; // ≈ 42 km
const LIBEREC = { lat: 50.77, lon: 15.06 }; // ≈ 98 km
const BRNO = { lat: 49.2, lon: 16.6 }; // ≈ 290 km

interface Co {
  key: string;
  country: "DE" | "CZ";
  at: { lat: number; lon: number };
  nace: string[];
  tags: string[];
  status?: "VERIFIED" | "PENDING";
  deleted?: boolean;
}

async function company(c: Co): Promise<string> {
  const [row] = await db()
    .insert(companies)
    .values({
      name: `Firma ${c.key}`,
      descriptionDe: "Beschreibung",
      descriptionCs: "Popis",
      website: "https://example.com",
      status: c.status ?? "VERIFIED",
      deletedAt: c.deleted ? daysAgo(1) : null,
    })
    .returning({ id: companies.id });
  const id = row!.id;
  ids[c.key] = id;
  await db().insert(companyAddresses).values({ companyId: id, kind: "HEADQUARTERS", country: c.country, state: "-", line1: "Hauptstraße 1", postalCode: "01067", city: `Stadt ${c.key}`, ...c.at });
  if (c.nace.length > 0) await db().insert(companyNace).values(c.nace.map((naceCode) => ({ companyId: id, naceCode })));
  if (c.tags.length > 0) await db().insert(companyTags).values(c.tags.map((t) => ({ companyId: id, tagId: tagIds[t]! })));
  return id;
}

async function ad(key: string, companyKey: string, type: "OFFER" | "INQUIRY", opts: { keywords?: string[]; ageDays?: number; validDays?: number; active?: boolean } = {}) {
  const created = daysAgo(opts.ageDays ?? 1);
  const [row] = await db()
    .insert(companyServices)
    .values({
      companyId: ids[companyKey]!,
      type,
      title: `Anzeige ${key}`,
      description: "Text",
      keywords: opts.keywords ?? ["x"],
      termsUrl: "https://example.com/agb",
      validityDays: 30,
      validUntil: new Date(NOW.getTime() + (opts.validDays ?? 30) * DAY),
      active: opts.active ?? true,
      createdAt: created,
      updatedAt: created,
    })
    .returning({ id: companyServices.id });
  ads[key] = row!.id;
}

async function matchesOf(adKey: string, limit = 20) {
  const profile = await loadMatchProfile(db(), ads[adKey]!);
  return findMatches(db(), profile!, NOW, limit);
}
const titlesOf = async (adKey: string) => (await matchesOf(adKey)).matches.map((m) => m.title.replace("Anzeige ", ""));

beforeAll(async () => {
  handle = await createTestDb();
  for (const [key, [de, cs]] of Object.entries(TAGS)) {
    const [row] = await db().insert(tags).values({ labelDe: de, labelCs: cs }).returning({ id: tags.id });
    tagIds[key] = row!.id;
  }
  // The source: a German metal works offering welding (a keyword, not one of its tags).
  await company({ key: "source", country: "DE", at: DRESDEN, nace: ["25.11"], tags: ["metal"] });
  await ad("offer", "source", "OFFER", { keywords: ["schweissen"] });
  await ad("ownInquiry", "source", "INQUIRY", { keywords: ["Metallbau"] });
  // Czech inquiries: same NACE class; only the welding tag (the source's keyword, in Czech); a division alone.
  await company({ key: "czClass", country: "CZ", at: DECIN, nace: ["25.11"], tags: [] });
  await ad("czClass", "czClass", "INQUIRY");
  await ad("czClass2", "czClass", "INQUIRY", { ageDays: 30 });
  await company({ key: "czWelding", country: "CZ", at: DECIN, nace: ["49.41"], tags: ["welding"] });
  await ad("czWelding", "czWelding", "INQUIRY", { keywords: ["Svařování"] });
  await company({ key: "czDivision", country: "CZ", at: DECIN, nace: ["25.99"], tags: [] });
  await ad("czDivision", "czDivision", "INQUIRY");
  // Distance and freshness with equal overlap (NACE class, like czClass).
  await company({ key: "czFar", country: "CZ", at: BRNO, nace: ["25.11"], tags: [] });
  await ad("czFar", "czFar", "INQUIRY");
  await company({ key: "czOld", country: "CZ", at: DECIN, nace: ["25.11"], tags: [] });
  await ad("czOld", "czOld", "INQUIRY", { ageDays: 120 });
  await company({ key: "deNear", country: "DE", at: LIBEREC, nace: ["25.11"], tags: ["metal"] });
  await ad("deInquiry", "deNear", "INQUIRY", { keywords: ["Kovovýroba"] });
  await ad("deOffer", "deNear", "OFFER");
  // Never suggested: expired, inactive, unpublished, deleted, unrelated.
  await company({ key: "czExpired", country: "CZ", at: DECIN, nace: ["25.11"], tags: ["metal"] });
  await ad("expired", "czExpired", "INQUIRY", { validDays: -1, ageDays: 40 });
  await ad("inactive", "czExpired", "INQUIRY", { active: false });
  await company({ key: "pending", country: "CZ", at: DECIN, nace: ["25.11"], tags: ["metal"], status: "PENDING" });
  await ad("pending", "pending", "INQUIRY");
  await company({ key: "deleted", country: "CZ", at: DECIN, nace: ["25.11"], tags: ["metal"], deleted: true });
  await ad("deleted", "deleted", "INQUIRY");
  await company({ key: "logistics", country: "CZ", at: DECIN, nace: ["49.41"], tags: ["logistics"] });
  await ad("logistics", "logistics", "INQUIRY");

  const [m] = await db().insert(users).values({ email: "member@example.com", name: "Member", role: "Organisation", verified: true }).returning({ id: users.id, role: users.role });
  const [o] = await db().insert(users).values({ email: "outsider@example.com", name: "Outsider", role: "Organisation", verified: true }).returning({ id: users.id, role: users.role });
  member = m!;
  outsider = o!;
  await db().insert(companyUserLinks).values({ companyId: ids.source!, userId: member.id, status: "CONFIRMED" });
});

afterAll(async () => {
  await handle?.close();
});

describe("offers meet requests", () => {
  it("an offer finds the inquiries of other published companies, across languages, never its own, expired or unpublished ones", async () => {
    const found = await titlesOf("offer");
    expect(new Set(found)).toEqual(new Set(["czClass", "czClass2", "czWelding", "czFar", "czOld", "deInquiry"]));
  });

  it("an inquiry finds offers (the complement), not other inquiries", async () => {
    expect(await titlesOf("ownInquiry")).toEqual(["deOffer"]);
    expect(await titlesOf("deInquiry")).toEqual(["offer"]);
  });

  it("keywords name tags in either language, on both sides: if A finds B, B finds A", async () => {
    // czWelding shares no NACE code with the source, and the source company lacks the welding tag:
    // its offer's German keyword "schweissen" (no ß, lower case) names it.
    const profile = await loadMatchProfile(db(), ads.offer!);
    expect(profile!.keys).toContain(`t:${tagIds.welding}`);
    expect(await titlesOf("offer")).toContain("czWelding");
    // The other way round: the Czech inquiry's tag "Svařování" is named by the offer's keyword.
    expect(await titlesOf("czWelding")).toEqual(["offer"]);
  });

  it("orders by score: overlap, then distance, then freshness", async () => {
    const order = await titlesOf("offer");
    // Equal overlap (class 25.11): near and new before far, before old.
    expect(order.indexOf("czClass")).toBeLessThan(order.indexOf("czFar"));
    expect(order.indexOf("czClass")).toBeLessThan(order.indexOf("czOld"));
    expect(order.indexOf("czClass")).toBeLessThan(order.indexOf("czClass2"));
    // deInquiry shares class and tag (3.25) at ≈ 98 km: ahead of czWelding (tag + division 1.5) at ≈ 42 km.
    expect(order.indexOf("deInquiry")).toBeLessThan(order.indexOf("czWelding"));
    const scores = (await matchesOf("offer")).matches.map((m) => m.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("limits the list but counts every matching company once per country", async () => {
    const result = await matchesOf("offer", 2);
    expect(result.matches).toHaveLength(2);
    // czClass has two matching inquiries and counts once.
    expect(result.companiesByCountry).toEqual([
      { country: "CZ", count: 4 },
      { country: "DE", count: 1 },
    ]);
    expect(result.total).toBe(5);
  });

  it("shows only public fields of the matches", async () => {
    const [first] = (await matchesOf("offer")).matches;
    expect(Object.keys(first!).sort()).toEqual(["city", "companyId", "companyName", "country", "createdAt", "distanceKm", "score", "serviceId", "title", "validUntil"]);
    expect(first!.distanceKm).toBeGreaterThan(30);
  });
});

describe("the ad's page and the account", () => {
  it("anybody may see a public ad's matches; the owner too", async () => {
    const page = await getAdMatches(db(), null, ids.source!, ads.offer!, NOW);
    expect(page.isOwner).toBe(false);
    expect(page.matches.length).toBe(6);
    expect((await getAdMatches(db(), member, ids.source!, ads.offer!, NOW)).isOwner).toBe(true);
  });

  it("unknown, foreign, unpublished and others' expired ads are NOT_FOUND; the owner sees its expired ad without matches", async () => {
    const code = (p: Promise<unknown>) => p.then(() => null, (e: { code?: string }) => e.code);
    expect(await code(getAdMatches(db(), null, ids.source!, ads.czClass!, NOW))).toBe("NOT_FOUND");
    expect(await code(getAdMatches(db(), null, ids.pending!, ads.pending!, NOW))).toBe("NOT_FOUND");
    expect(await code(getAdMatches(db(), null, ids.czExpired!, ads.expired!, NOW))).toBe("NOT_FOUND");
    expect(await code(getAdMatches(db(), null, ids.czExpired!, ads.inactive!, NOW))).toBe("NOT_FOUND");
    await ad("ownExpired", "source", "OFFER", { validDays: -2, ageDays: 40 });
    expect(await code(getAdMatches(db(), outsider, ids.source!, ads.ownExpired!, NOW))).toBe("NOT_FOUND");
    const own = await getAdMatches(db(), member, ids.source!, ads.ownExpired!, NOW);
    expect(own.ad.state).toBe("expired");
    expect(own.matches).toEqual([]);
    await db().delete(companyServices).where(eq(companyServices.id, ads.ownExpired!));
  });

  it("the account summarises each current ad of the member's company by country; others may not read it", async () => {
    const summary = await companyMatchSummary(db(), member, ids.source!, NOW);
    const offer = summary.find((s) => s.serviceId === ads.offer);
    expect(offer?.companiesByCountry).toEqual([
      { country: "CZ", count: 4 },
      { country: "DE", count: 1 },
    ]);
    expect(summary.find((s) => s.serviceId === ads.ownInquiry)?.companiesByCountry).toEqual([{ country: "DE", count: 1 }]);
    const code = (p: Promise<unknown>) => p.then(() => null, (e: { code?: string }) => e.code);
    expect(await code(companyMatchSummary(db(), outsider, ids.source!, NOW))).toBe("FORBIDDEN");
    expect(await code(companyMatchSummary(db(), outsider, ids.pending!, NOW))).toBe("NOT_FOUND");
  });
});

describe("the match table follows the search table", () => {
  it("an ad whose company is no longer public, or that is deleted, stops matching at once; the daily prune removes only expired ads", async () => {
    await company({ key: "later", country: "CZ", at: DECIN, nace: ["25.11"], tags: [] });
    await ad("later", "later", "INQUIRY");
    await ad("laterGone", "later", "INQUIRY");
    expect(await titlesOf("offer")).toEqual(expect.arrayContaining(["later", "laterGone"]));
    await db().delete(companyServices).where(eq(companyServices.id, ads.laterGone!));
    expect(await titlesOf("offer")).not.toContain("laterGone");
    await db().update(companies).set({ status: "PENDING" }).where(eq(companies.id, ids.later!));
    expect(await titlesOf("offer")).not.toContain("later");
    const inTable = async () => (await db().select({ id: adMatchDocs.docId }).from(adMatchDocs)).map((r) => r.id);
    expect(await inTable()).not.toContain(ads.later);

    expect(await inTable()).toContain(ads.expired);
    expect(await pruneExpiredAdMatches(db(), NOW)).toBe(1);
    const after = await inTable();
    expect(after).not.toContain(ads.expired);
    expect(after).toContain(ads.czClass);
    expect(await titlesOf("offer")).toContain("czClass");
  });
});
