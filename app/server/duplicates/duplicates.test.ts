import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { storeSchedule } from "../../../tests/support/b2b-fixtures";
import { clonePostgres, createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import type { DuplicateReason } from "~/schemas/duplicates";
import { type DbHandle, openPostgres, rowsOf } from "~/server/db/client.server";
import {
  b2bAbsences,
  b2bMeetings,
  b2bPreferenceLists,
  b2bPreferences,
  companies,
  companyAddresses,
  companyContacts,
  companyDuplicatePairs,
  companyIdentifiers,
  companyNace,
  companyRegistrationGrants,
  companyServices,
  companyTags,
  companyUserLinks,
  eventRegistrations,
  events,
  news,
  tags,
} from "~/server/db/schema";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { detectDuplicates, detectionState, runDetection, runRequestedDetection } from "./detection.server";
import { MERGE_HANDLED_REFERENCES } from "./merge.server";
import { listDuplicatePairs, openPairCount, resolvePair, resolvePairs } from "./resolution.server";

/**
 * Duplicate detection and resolution (issue 21, decision 040) on both engines: each reason is
 * found, dissimilar or distant or free-mail pairs are not, "keep both" survives re-detection, a
 * merge keeps every linked account, registration and wish list, every foreign key to companies is
 * handled, and (PostgreSQL) two resolutions sharing a company stay consistent.
 */

const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "pn-dup-")));
let handle: DbHandle;
let admin: TestUser;
beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(handle.db, "Admin");
});
afterAll(() => handle.close());

const DRESDEN = { lat: 51.0504, lon: 13.7373 };
const RADEBEUL = { lat: 51.1066, lon: 13.6589 };
const PRAHA = { lat: 50.0755, lon: 14.4378 };
const BRNO = { lat: 49.1951, lon: 16.6068 };
const OSTRAVA = { lat: 49.8209, lon: 18.2625 };

let seq = 0;
interface Spec {
  at?: { lat: number; lon: number } | null;
  website?: string;
  ico?: string;
  register?: string;
  email?: string;
  createdAt?: Date;
}
async function company(db: DbHandle["db"], name: string, o: Spec = {}): Promise<string> {
  seq++;
  const [row] = await db
    .insert(companies)
    .values({
      name,
      descriptionDe: "Beschreibung",
      descriptionCs: "Popis",
      website: o.website ?? `https://firma-${seq}-${Math.random().toString(36).slice(2, 8)}.example`,
      status: "VERIFIED",
      createdAt: o.createdAt ?? new Date(Date.now() - 100_000 + seq),
    })
    .returning({ id: companies.id });
  const id = row!.id;
  const at = o.at === undefined ? DRESDEN : o.at;
  await db.insert(companyAddresses).values({
    companyId: id,
    kind: "HEADQUARTERS",
    country: "DE",
    state: "Sachsen",
    line1: `Straße ${seq}`,
    postalCode: "01067",
    city: "Dresden",
    lat: at?.lat ?? null,
    lon: at?.lon ?? null,
  });
  if (o.ico) await db.insert(companyIdentifiers).values({ companyId: id, kind: "ICO", value: o.ico, normalized: o.ico.replace(/\D/g, "").padStart(8, "0") });
  if (o.register) await db.insert(companyIdentifiers).values({ companyId: id, kind: "COMMERCIAL_REGISTER", value: o.register, normalized: o.register.toUpperCase().replace(/[^A-Z0-9]/g, "") });
  if (o.email) await db.insert(companyContacts).values({ companyId: id, function: "GENERAL", email: o.email, phone: "+49 351 1234567", consentAt: new Date() });
  return id;
}

async function pairOf(a: string, b: string) {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  const [row] = await handle.db
    .select()
    .from(companyDuplicatePairs)
    .where(and(eq(companyDuplicatePairs.companyA, lo), eq(companyDuplicatePairs.companyB, hi)));
  return row;
}

async function reasonsOf(a: string, b: string): Promise<DuplicateReason[] | undefined> {
  const pair = await pairOf(a, b);
  return pair ? [...pair.reasons].sort() : undefined;
}

describe("duplicate detection", () => {
  it("finds each reason, and nothing for dissimilar, distant or free-mail look-alikes", async () => {
    const db = handle.db;
    const icoA = await company(db, "Alpha Stahl GmbH", { ico: "12345678" });
    const icoB = await company(db, "Zeta Logistik s.r.o.", { at: PRAHA, ico: "12 345 678" });
    const crA = await company(db, "Kappa Holz AG", { register: "HRB 4711 Dresden" });
    const crB = await company(db, "Omega Glas", { at: BRNO, register: "hrb4711 dresden" });
    const webA = await company(db, "Beta Maschinen", { website: "https://www.beta-ma.de/kontakt" });
    const webB = await company(db, "Gamma Anlagen", { at: PRAHA, website: "http://BETA-MA.de" });
    const mailA = await company(db, "Delta Elektro GmbH", { email: "info@delta-elektro.de" });
    const mailB = await company(db, "Delta Elektro Service s.r.o.", { at: BRNO, email: "servis@Delta-Elektro.de" });
    const nearA = await company(db, "Müller Metallbau GmbH");
    const nearB = await company(db, "Mueller Metallbau e.K.", { at: RADEBEUL });
    const farTwin = await company(db, "Müller Metallbau spol. s r.o.", { at: OSTRAVA });
    const freeA = await company(db, "Epsilon Bau GmbH", { email: "epsilon.bau@gmail.com" });
    const freeB = await company(db, "Epsilon Bau Service", { at: OSTRAVA, email: "epsilon.service@gmail.com" });
    const otherMailA = await company(db, "Sigma Bäckerei", { email: "a@shared-domain.de" });
    const otherMailB = await company(db, "Tau Software", { at: PRAHA, email: "b@shared-domain.de" });
    const nearbyOther = await company(db, "Ypsilon Druckerei");
    const noPlace = await company(db, "Müller Metallbau", { at: null });

    const result = await runDetection(db);
    expect(result.byReason.SAME_ICO).toBeGreaterThanOrEqual(1);

    expect(await reasonsOf(icoA, icoB)).toEqual(["SAME_ICO"]);
    expect(await reasonsOf(crA, crB)).toEqual(["SAME_COMMERCIAL_REGISTER"]);
    expect(await reasonsOf(webA, webB)).toEqual(["SAME_WEBSITE_DOMAIN"]);
    expect(await reasonsOf(mailA, mailB)).toEqual(["SAME_EMAIL_DOMAIN_SIMILAR_NAME"]);
    expect(await reasonsOf(nearA, nearB)).toEqual(["SIMILAR_NAME_NEARBY"]);
    // Similar names far apart, free-mail domains, a shared domain with dissimilar names, dissimilar
    // names next door, and a profile without a located headquarters: no pair.
    expect(await pairOf(nearA, farTwin)).toBeUndefined();
    expect(await pairOf(nearB, farTwin)).toBeUndefined();
    expect(await pairOf(freeA, freeB)).toBeUndefined();
    expect(await pairOf(otherMailA, otherMailB)).toBeUndefined();
    expect(await pairOf(otherMailA, nearbyOther)).toBeUndefined();
    expect(await pairOf(nearA, nearbyOther)).toBeUndefined();
    expect(await pairOf(nearA, noPlace)).toBeUndefined();

    const ico = await pairOf(icoA, icoB);
    const near = await pairOf(nearA, nearB);
    expect(ico!.score).toBeGreaterThan(near!.score);
    expect(ico!.score).toBeLessThanOrEqual(100);
    const state = await detectionState(db);
    expect(state.running).toBe(false);
    expect(state.pairsFound).toBe(result.pairs);
    // A queued job whose request came before that run started adds nothing and ends at once; a
    // request after it (an import that finished once the run was over) gets a run of its own.
    expect(await runRequestedDetection(db, new Date(state.startedAt!.getTime() - 1000))).toBe(false);
    expect((await detectionState(db)).startedAt).toEqual(state.startedAt);
    expect(await runRequestedDetection(db, new Date(state.startedAt!.getTime() + 1))).toBe(true);
    expect((await detectionState(db)).startedAt!.getTime()).toBeGreaterThan(state.startedAt!.getTime());

    // The page lists them, the older profile on the left, with translated-ready reasons.
    const list = await listDuplicatePairs(db, admin, 1, "de");
    expect(list.total).toBe(await openPairCount(db));
    const row = list.items.find((i) => [i.left.id, i.right.id].sort().join() === [icoA, icoB].sort().join())!;
    expect(row.left.id).toBe(icoA);
    expect(row.reasons).toEqual(["SAME_ICO"]);
    expect(row.left.identifiers[0]).toMatchObject({ kind: "ICO", value: "12345678" });
  });

  it("keeps KEPT_BOTH pairs hidden after re-detection, refreshes open ones, drops vanished ones and ignores deleted profiles", async () => {
    const db = handle.db;
    const a = await company(db, "Rho Kunststoff GmbH", { ico: "87654321" });
    const b = await company(db, "Rho Kunststoff s.r.o.", { at: RADEBEUL, ico: "87654321" });
    const c = await company(db, "Phi Optik GmbH", { website: "https://phi-optik.de" });
    const d = await company(db, "Chi Textil", { at: PRAHA, website: "https://www.phi-optik.de/" });
    const e = await company(db, "Psi Verpackung", { register: "HRA 99" });
    const f = await company(db, "Nu Chemie", { at: BRNO, register: "HRA 99" });
    await detectDuplicates(db);
    expect(await reasonsOf(a, b)).toEqual(["SAME_ICO", "SIMILAR_NAME_NEARBY"]);

    await resolvePair(db, admin, { a, b }, "KEEP_BOTH", storage);
    expect((await pairOf(a, b))?.status).toBe("KEPT_BOTH");
    await expect(resolvePair(db, admin, { a, b }, "DELETE_DUPLICATE", storage)).rejects.toMatchObject({ code: "DUPLICATE_PAIR_GONE" });

    // A website changed: the pair's reason is gone, so is the open pair.
    await db.update(companies).set({ website: "https://chi-textil.cz" }).where(eq(companies.id, d));
    await db.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, f));
    await detectDuplicates(db);
    const kept = await pairOf(a, b);
    expect(kept?.status).toBe("KEPT_BOTH");
    expect(await pairOf(c, d)).toBeUndefined();
    expect(await pairOf(e, f)).toBeUndefined();
    const listed = (await listDuplicatePairs(db, admin, 1, "cs")).items.flatMap((i) => [i.left.id, i.right.id]);
    expect(listed).not.toContain(a);
    expect(listed).not.toContain(f);
    await expect(resolvePair(db, admin, { a: e, b: f }, "KEEP_BOTH", storage)).rejects.toMatchObject({ code: "DUPLICATE_COMPANY_GONE" });
  });

  it("is for admins only", async () => {
    const user = await insertUser(handle.db, "Multiplikator");
    await expect(listDuplicatePairs(handle.db, user, 1, "de")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listDuplicatePairs(handle.db, null, 1, "de")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(resolvePairs(handle.db, user, [{ a: admin.id, b: user.id }], "KEEP_BOTH", storage)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

/** Every column that references companies(id), from the database's own catalogue. */
async function referencesToCompanies(db: DbHandle["db"]): Promise<string[]> {
  const rows = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`SELECT DISTINCT kcu.table_name, kcu.column_name
      FROM information_schema.table_constraints tc
      JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
      JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
      WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public' AND ccu.table_name = 'companies'`),
  );
  return rows.map((r) => `${r.table_name}.${r.column_name}`).sort();
}

describe("merging", () => {
  it("handles every foreign key that references companies (a new table must be added to the merge)", async () => {
    const found = await referencesToCompanies(handle.db);
    expect(found.length).toBeGreaterThanOrEqual(20);
    const unhandled = found.filter((ref) => !(ref in MERGE_HANDLED_REFERENCES));
    expect(unhandled, `not handled by mergeInto (app/server/duplicates/merge.server.ts): ${unhandled.join(", ")}`).toEqual([]);
    // …and names no column that no longer exists.
    expect(Object.keys(MERGE_HANDLED_REFERENCES).sort()).toEqual(found);
  });

  it("moves accounts, contacts, ads, registrations, wish lists, events, news, identifiers, tags and industries before deleting the duplicate", async () => {
    const db = handle.db;
    const keep = await company(db, "Lambda Werkzeug GmbH", { ico: "11112222", email: "info@lambda.de" });
    const drop = await company(db, "Lambda Werkzeug", { at: RADEBEUL, ico: "11112222", register: "HRB 1", email: "INFO@lambda.de" });
    await db.insert(companyContacts).values({ companyId: drop, function: "GENERAL", email: "sales@lambda.de", phone: "+49 351 7654321", consentAt: new Date() });
    const onlyDrop = await insertUser(db, "Organisation", { name: "Nur Duplikat" });
    const both = await insertUser(db, "Organisation", { name: "Beide" });
    const onlyKeep = await insertUser(db, "Organisation", { name: "Nur Original" });
    await db.insert(companyUserLinks).values([
      { companyId: drop, userId: onlyDrop.id, status: "CONFIRMED" },
      { companyId: drop, userId: both.id, status: "CONFIRMED" },
      { companyId: keep, userId: both.id, status: "REQUESTED" },
      { companyId: keep, userId: onlyKeep.id, status: "CONFIRMED" },
    ]);
    const [tagA, tagB] = await db
      .insert(tags)
      .values([
        { labelDe: `Tag A ${seq}`, labelCs: `Štítek A ${seq}` },
        { labelDe: `Tag B ${seq}`, labelCs: `Štítek B ${seq}` },
      ])
      .returning({ id: tags.id });
    await db.insert(companyTags).values([
      { companyId: keep, tagId: tagA!.id },
      { companyId: drop, tagId: tagA!.id },
      { companyId: drop, tagId: tagB!.id },
    ]);
    const [nace] = rowsOf<{ code: string }>(await db.execute(sql`SELECT code FROM nace_codes WHERE level = 4 ORDER BY code LIMIT 2`));
    if (nace) await db.insert(companyNace).values({ companyId: drop, naceCode: nace.code });
    await db.insert(companyServices).values({
      companyId: drop,
      type: "OFFER",
      title: "Angebot",
      description: "Text",
      keywords: ["a"],
      termsUrl: "https://example.org/agb",
      validityDays: 30,
      validUntil: new Date(Date.now() + 86_400_000),
    });
    // The duplicate organises an event (with news); a third company's B2B event has both registered.
    const ownEvent = await insertEvent(db, { companyId: drop });
    await db.insert(news).values({
      companyId: drop,
      authorName: "Autor",
      titleDe: "Neu",
      titleCs: "Nové",
      descriptionDe: "<p>x</p>",
      descriptionCs: "<p>x</p>",
      imageKey: "news/x.webp",
      publishAt: new Date(),
    });
    const organiser = await company(db, "Organisator Omikron", { at: BRNO });
    const x = await company(db, "Partner Xi", { at: OSTRAVA });
    const y = await company(db, "Partner Pi", { at: PRAHA });
    const b2bEvent = await insertEvent(db, { companyId: organiser, b2b: true });
    const registration = async (companyId: string, userId: string) =>
      db.insert(eventRegistrations).values({ eventId: b2bEvent, companyId, userId, status: "REGISTERED", formVersion: 1, answers: {} }).returning({ id: eventRegistrations.id });
    const [regDrop] = await registration(drop, onlyDrop.id);
    const [regKeep] = await registration(keep, onlyKeep.id);
    await registration(x, (await insertUser(db)).id);
    await registration(y, (await insertUser(db)).id);
    await db.insert(b2bPreferenceLists).values([
      { eventId: b2bEvent, companyId: drop },
      { eventId: b2bEvent, companyId: x },
    ]);
    // The duplicate was marked absent on the event day (decision 059): the mark follows it.
    await db.insert(b2bAbsences).values({ eventId: b2bEvent, companyId: drop });
    await db.insert(b2bPreferences).values([
      // The duplicate's wishes: X first, then the kept company (a self-reference after the merge), then Y.
      { eventId: b2bEvent, companyId: drop, partnerCompanyId: x, rank: 1 },
      { eventId: b2bEvent, companyId: drop, partnerCompanyId: keep, rank: 2 },
      { eventId: b2bEvent, companyId: drop, partnerCompanyId: y, rank: 3 },
      // X wants the kept company second and the duplicate first: one entry, rank 1.
      { eventId: b2bEvent, companyId: x, partnerCompanyId: drop, rank: 1 },
      { eventId: b2bEvent, companyId: x, partnerCompanyId: keep, rank: 2 },
      { eventId: b2bEvent, companyId: x, partnerCompanyId: y, rank: 3 },
    ]);
    await storeSchedule(db, b2bEvent, [
      { round: 1, table: 1, a: drop, b: x },
      { round: 2, table: 1, a: keep, b: drop },
    ]);
    await detectDuplicates(db);

    const list = await listDuplicatePairs(db, admin, 1, "de");
    const item = list.items.find((i) => i.left.id === keep && i.right.id === drop)!;
    expect(item).toBeDefined();
    expect(item.deleteRight).toMatchObject({ accounts: 2, contacts: 2, ads: 1, registrations: 1, wishLists: 1, events: 1, news: 1, identifiers: 2, tags: 1 });
    expect(item.deleteRight.accountNames).toEqual(["Beide", "Nur Duplikat"]);

    await resolvePair(db, admin, { a: keep, b: drop }, "DELETE_DUPLICATE", storage);

    expect(await db.select().from(companies).where(eq(companies.id, drop))).toHaveLength(0);
    const links = await db.select().from(companyUserLinks).where(eq(companyUserLinks.companyId, keep));
    expect(links.map((l) => [l.userId, l.status]).sort()).toEqual(
      [
        [onlyDrop.id, "CONFIRMED"],
        [both.id, "CONFIRMED"],
        [onlyKeep.id, "CONFIRMED"],
      ].sort(),
    );
    const regs = await db.select().from(eventRegistrations).where(eq(eventRegistrations.companyId, keep));
    expect(regs.map((r) => r.id).sort()).toEqual([regDrop!.id, regKeep!.id].sort());
    expect(await db.select().from(b2bPreferenceLists).where(and(eq(b2bPreferenceLists.eventId, b2bEvent), eq(b2bPreferenceLists.companyId, keep)))).toHaveLength(1);
    expect((await db.select().from(b2bAbsences).where(eq(b2bAbsences.eventId, b2bEvent))).map((a) => a.companyId)).toEqual([keep]);
    const prefs = await db.select().from(b2bPreferences).where(eq(b2bPreferences.eventId, b2bEvent));
    const keepWishes = prefs.filter((p) => p.companyId === keep).sort((p, q) => (p.rank ?? 0) - (q.rank ?? 0));
    expect(keepWishes.map((p) => p.partnerCompanyId)).toEqual([x, y]);
    const xWishes = prefs.filter((p) => p.companyId === x).sort((p, q) => (p.rank ?? 0) - (q.rank ?? 0));
    expect(xWishes.map((p) => [p.partnerCompanyId, p.rank])).toEqual([
      [keep, 1],
      [y, 3],
    ]);
    expect(prefs.some((p) => p.companyId === p.partnerCompanyId)).toBe(false);
    const meetings = await db.select().from(b2bMeetings);
    expect(meetings.filter((m) => m.companyA === keep && m.companyB === x)).toHaveLength(1);
    expect(meetings.some((m) => m.companyA === m.companyB)).toBe(false);
    expect((await db.select().from(events).where(eq(events.id, ownEvent)))[0]?.companyId).toBe(keep);
    expect(await db.select().from(news).where(eq(news.companyId, keep))).toHaveLength(1);
    expect(await db.select().from(companyServices).where(eq(companyServices.companyId, keep))).toHaveLength(1);
    const contacts = await db.select().from(companyContacts).where(eq(companyContacts.companyId, keep));
    expect(contacts.map((c) => c.email.toLowerCase()).sort()).toEqual(["info@lambda.de", "sales@lambda.de"]);
    const ids = await db.select().from(companyIdentifiers).where(eq(companyIdentifiers.companyId, keep));
    expect(ids.map((i) => i.kind).sort()).toEqual(["COMMERCIAL_REGISTER", "ICO"]);
    expect((await db.select().from(companyTags).where(eq(companyTags.companyId, keep))).map((t) => t.tagId).sort()).toEqual([tagA!.id, tagB!.id].sort());
    if (nace) expect(await db.select().from(companyNace).where(eq(companyNace.companyId, keep))).toHaveLength(1);
    const addresses = await db.select().from(companyAddresses).where(eq(companyAddresses.companyId, keep));
    expect(addresses.filter((a) => a.kind === "HEADQUARTERS")).toHaveLength(1);
    expect(addresses).toHaveLength(2);
    const audit = rowsOf<{ details: { part: string; mergedCompanyId: string } }>(
      await db.execute(sql`SELECT details FROM audit_trail WHERE details ->> 'companyId' = ${keep} AND details ->> 'part' = 'merged'`),
    );
    expect(audit[0]?.details.mergedCompanyId).toBe(drop);
    // The pair is gone with the duplicate; resolving it again says so.
    await expect(resolvePair(db, admin, { a: keep, b: drop }, "DELETE_DUPLICATE", storage)).rejects.toMatchObject({ code: "DUPLICATE_COMPANY_GONE" });
  });

  it("deletes the original when asked, and bulk resolution counts what it deleted and skipped", async () => {
    const db = handle.db;
    const member = await insertUser(db, "Organisation", { name: "Mitglied Original" });
    const original = await company(db, "Theta Sensorik GmbH", { register: "HRB 777" });
    const dup = await company(db, "Theta Sensorik", { at: BRNO, register: "HRB 777" });
    const third = await company(db, "Theta Sensorik s.r.o.", { at: OSTRAVA, register: "HRB 777" });
    await db.insert(companyUserLinks).values({ companyId: original, userId: member.id, status: "CONFIRMED" });
    await detectDuplicates(db);
    // Original (left) deleted in favour of the newer one; then the pair (original, third) cannot be resolved.
    const result = await resolvePairs(
      db,
      admin,
      [
        { a: original, b: dup },
        { a: original, b: third },
      ],
      "DELETE_ORIGINAL",
      storage,
    );
    expect(result).toMatchObject({ resolved: 1, deleted: 1, skipped: 1, firstError: "DUPLICATE_COMPANY_GONE" });
    expect((await db.select().from(companyUserLinks).where(eq(companyUserLinks.userId, member.id))).map((l) => l.companyId)).toEqual([dup]);
    const bulk = await resolvePairs(db, admin, [{ a: dup, b: third }], "KEEP_BOTH", storage);
    expect(bulk).toMatchObject({ resolved: 1, deleted: 0, skipped: 0 });
  });
});

describe("merging and registration grants (decision 063)", () => {
  it("moves the merged-away company's grants and the grants to it, one live grant per pair and none to itself", async () => {
    const db = handle.db;
    const original = await company(db, "Iota Messtechnik GmbH", { register: "HRB 888" });
    const kept = await company(db, "Iota Messtechnik", { at: BRNO, register: "HRB 888" });
    const [chamber, association, member] = [await company(db, "Kammer Iota"), await company(db, "Verband Iota"), await company(db, "Mitglied Iota")];
    await db.insert(companyRegistrationGrants).values([
      { companyId: original, granteeCompanyId: chamber },
      { companyId: kept, granteeCompanyId: chamber },
      { companyId: original, granteeCompanyId: association },
      { companyId: member, granteeCompanyId: original },
      { companyId: original, granteeCompanyId: kept },
    ]);
    await detectDuplicates(db);
    const result = await resolvePairs(db, admin, [{ a: original, b: kept }], "DELETE_ORIGINAL", storage);
    expect(result).toMatchObject({ resolved: 1, deleted: 1 });
    const grants = await db.select().from(companyRegistrationGrants).where(sql`${companyRegistrationGrants.companyId} IN (${kept}, ${member})`);
    const live = grants.filter((g) => g.revokedAt === null).map((g) => `${g.companyId === kept ? "kept" : "member"}→${g.granteeCompanyId === chamber ? "chamber" : g.granteeCompanyId === association ? "association" : g.granteeCompanyId === kept ? "kept" : "?"}`);
    expect(live.sort()).toEqual(["kept→association", "kept→chamber", "member→kept"]);
    // The doubled grant and the one to itself stay as revoked history, nothing was lost silently.
    expect(grants.filter((g) => g.revokedAt !== null)).toHaveLength(2);
  });
});

describe.runIf(TEST_ENGINE === "postgres")("concurrent resolution (PostgreSQL)", () => {
  it("two resolutions sharing a company: both merges into it succeed; merging it away twice succeeds once", async () => {
    const clone = await clonePostgres();
    const [one, two] = [await openPostgres(clone.url), await openPostgres(clone.url)];
    try {
      const db = one.db;
      const boss = await insertUser(db, "Admin");
      for (let round = 0; round < 4; round++) {
        const hub = await company(db, `Iota Hub ${round} GmbH`, { ico: `5550000${round}` });
        const b = await company(db, `Iota Hub ${round}`, { at: BRNO, ico: `5550000${round}` });
        const c = await company(db, `Iota Hub ${round} s.r.o.`, { at: OSTRAVA, ico: `5550000${round}` });
        const users = [await insertUser(db), await insertUser(db), await insertUser(db)];
        await db.insert(companyUserLinks).values([
          { companyId: hub, userId: users[0]!.id, status: "CONFIRMED" },
          { companyId: b, userId: users[1]!.id, status: "CONFIRMED" },
          { companyId: c, userId: users[2]!.id, status: "CONFIRMED" },
        ]);
        await detectDuplicates(db);
        if (round % 2 === 0) {
          // Both keep the hub: both succeed, the hub ends with all three accounts.
          const results = await Promise.allSettled([
            resolvePair(one.db, boss, { a: hub, b }, "DELETE_DUPLICATE", storage),
            resolvePair(two.db, boss, { a: hub, b: c }, "DELETE_DUPLICATE", storage),
          ]);
          expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
          const links = await db.select().from(companyUserLinks).where(eq(companyUserLinks.companyId, hub));
          expect(links.map((l) => l.userId).sort()).toEqual(users.map((u) => u.id).sort());
        } else {
          // Both delete the hub: exactly one wins, the other is told the company is gone.
          const results = await Promise.allSettled([
            resolvePair(one.db, boss, { a: hub, b }, "DELETE_ORIGINAL", storage),
            resolvePair(two.db, boss, { a: hub, b: c }, "DELETE_ORIGINAL", storage),
          ]);
          expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
          const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
          expect(failed.reason).toMatchObject({ code: "DUPLICATE_COMPANY_GONE" });
          const owner = await db.select().from(companyUserLinks).where(eq(companyUserLinks.userId, users[0]!.id));
          expect(owner).toHaveLength(1);
          expect([b, c]).toContain(owner[0]!.companyId);
          expect(await db.select().from(companies).where(eq(companies.id, hub))).toHaveLength(0);
        }
      }
    } finally {
      await one.close();
      await two.close();
      await clone.drop();
    }
  });
});
