import os from "node:os";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { AddressSchema, type CompanyProfileInput, ServiceSchema } from "~/schemas/company";
import { updateAddress, addAddress } from "~/server/companies/addresses.server";
import { updateCompanyProfile } from "~/server/companies/profile.server";
import { createService, deleteService } from "~/server/companies/services.server";
import { type Db, type DbHandle, rowsOf, withTransaction } from "~/server/db/client.server";
import { companies, companyAddresses, companyNace, companyServices, companyTags, searchDocuments, tags } from "~/server/db/schema";
import { ACTIVE_ADS_PER_COMPANY } from "~/server/limits.server";
import { LocalDiskStorage } from "~/server/storage/storage.server";

/**
 * The search table under writes (issue item 3, decision 011): each write refreshes only what it
 * changed, concurrent writes to one company serialise instead of colliding, and the table always
 * equals a full rebuild from search_source.
 */

let handle: DbHandle;
let admin: TestUser;
const db = () => handle.db;
const storage = new LocalDiskStorage(os.tmpdir());
const DAY = 86_400_000;

const service = (title: string) =>
  ServiceSchema.parse({ type: "OFFER", title, description: "Kleinserien aus Aluminium.", keywords: "CNC, Aluminium", termsUrl: "https://firma.example/agb", validityDays: "30" });

const address = (kind: "HEADQUARTERS" | "LOCATION", city: string, postalCode = "01067") =>
  AddressSchema.parse({ kind, country: "DE", state: "Sachsen", line1: "Hauptstraße 1", postalCode, city });

/** Rows in which search_documents and a full rebuild (search_source) differ; [] when in sync. */
async function diffToRebuild(database: Db, companyId?: string) {
  const cols = sql.raw("doc_id, kind, company_id, title, tsv::text, tag_ids, nace_codes, country, lat, lon, valid_until, created_at");
  const where = companyId ? sql`WHERE company_id = ${companyId}` : sql``;
  const result = await database.execute(sql`
    (SELECT 'extra' AS side, ${cols} FROM search_documents ${where} EXCEPT SELECT 'extra', ${cols} FROM search_source ${where})
    UNION ALL
    (SELECT 'missing', ${cols} FROM search_source ${where} EXCEPT SELECT 'missing', ${cols} FROM search_documents ${where})`);
  return rowsOf<{ side: string; doc_id: string; title: string }>(result);
}

/**
 * Search rows inserted, updated or deleted so far, from the backend's pending statistics counters
 * (PostgreSQL resets them after each transaction, PGlite only when it reports; callers take differences).
 */
async function searchRowsTouched(tx: Db): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await tx.execute(sql`SELECT n_tup_ins + n_tup_upd + n_tup_del AS n FROM pg_stat_xact_user_tables WHERE relname = 'search_documents'`),
  );
  return Number(row?.n ?? 0);
}

async function tagIds(labels: string[]): Promise<string[]> {
  const rows = await db()
    .insert(tags)
    .values(labels.map((l) => ({ labelDe: `${l} DE`, labelCs: `${l} CS` })))
    .returning({ id: tags.id });
  return rows.map((r) => r.id);
}

/** A verified company with `members`, NACE 25.11 and three tags; its headquarters in Dresden. */
async function company(members: string[], name = `Refresh GmbH ${Math.random().toString(36).slice(2, 8)}`) {
  const id = await insertCompany(db(), { name, members });
  await db().insert(companyNace).values({ companyId: id, naceCode: "25.11" });
  const ids = await tagIds([`a-${id}`, `b-${id}`, `c-${id}`]);
  await db().insert(companyTags).values(ids.map((tagId) => ({ companyId: id, tagId })));
  return { id, tagIds: ids };
}

/** Inserts `n` ads in one statement (the generator's path; expired, so they do not count towards the cap). */
async function bulkAds(companyId: string, n: number) {
  if (n === 0) return;
  const now = Date.now();
  await db()
    .insert(companyServices)
    .values(
      Array.from({ length: n }, (_, i) => ({
        companyId,
        type: "OFFER" as const,
        title: `Altes Angebot ${i}`,
        description: "Abgelaufen.",
        keywords: ["alt"],
        termsUrl: "https://firma.example/agb",
        validityDays: 30,
        validUntil: new Date(now - DAY),
        createdAt: new Date(now - 40 * DAY),
      })),
    );
}

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(db(), "Admin");
});
afterAll(() => handle.close());

describe("refreshing the search table", () => {
  it("an ad write touches only its own search row, however many ads the company has", async () => {
    const touched: number[] = [];
    for (const existing of [0, 300]) {
      const { id } = await company([]);
      await bulkAds(id, existing);
      touched.push(
        await withTransaction(db(), async (tx) => {
          const before = await searchRowsTouched(tx);
          await tx.insert(companyServices).values({
            companyId: id,
            type: "INQUIRY",
            title: "Neue Anfrage",
            description: "Gesucht.",
            keywords: ["neu"],
            termsUrl: "https://firma.example/agb",
            validityDays: 30,
            validUntil: new Date(Date.now() + 30 * DAY),
          });
          return (await searchRowsTouched(tx)) - before;
        }),
      );
    }
    // Before decision 011 the trigger deleted and re-inserted every row of the company: 3 and 603.
    expect(touched).toEqual([1, 1]);
  });

  it("a company-level change rewrites the company's rows in place, and an edit that changes nothing searchable none", async () => {
    const { id } = await company([]);
    await bulkAds(id, 5);
    const counts = await withTransaction(db(), async (tx) => {
      const before = await searchRowsTouched(tx);
      await tx.update(companies).set({ updatedAt: new Date() }).where(eq(companies.id, id));
      const afterNoop = (await searchRowsTouched(tx)) - before;
      await tx.update(companies).set({ name: "Umbenannt GmbH" }).where(eq(companies.id, id));
      return { afterNoop, afterRename: (await searchRowsTouched(tx)) - before };
    });
    // No delete-and-reinsert: 6 updates (company + 5 ads), nothing for the bump of updated_at.
    expect(counts).toEqual({ afterNoop: 0, afterRename: 6 });
    const titles = await db().select({ title: searchDocuments.title }).from(searchDocuments).where(eq(searchDocuments.docId, id));
    expect(titles).toEqual([{ title: "Umbenannt GmbH" }]);
    expect(await diffToRebuild(db(), id)).toEqual([]);
  });

  it("stays equal to a full rebuild through ad, profile, tag, address, status and delete changes", async () => {
    const owner = await insertUser(db());
    const { id, tagIds: own } = await company([owner.id]);
    const adId = await createService(db(), owner, id, service("Fräsen"), null, storage);
    await createService(db(), owner, id, service("Drehen"), null, storage);
    await updateCompanyProfile(
      db(),
      owner,
      id,
      { name: "Neu GmbH", descriptionDe: "Neu", descriptionCs: "Nový", website: "https://neu.example", nace: ["25.62"], tags: own.slice(0, 2), newTags: [{ de: "Fräsen neu", cs: "Frézování nové" }] },
      null,
      storage,
    );
    const locationId = await addAddress(db(), owner, id, address("LOCATION", "Pirna", "01796"));
    await updateAddress(db(), owner, id, locationId, address("HEADQUARTERS", "Pirna", "01796"));
    await db().update(tags).set({ labelDe: "Umbenannt" }).where(eq(tags.id, own[0]!));
    await deleteService(db(), owner, id, adId, storage);
    expect(await diffToRebuild(db())).toEqual([]);
    const [doc] = await db().select().from(searchDocuments).where(eq(searchDocuments.docId, id));
    expect(doc).toMatchObject({ title: "Neu GmbH", naceCodes: ["25", "25.6", "25.62", "C"] });

    await db().update(companies).set({ status: "DEACTIVATED" }).where(eq(companies.id, id));
    expect(await db().select().from(searchDocuments).where(eq(searchDocuments.companyId, id))).toEqual([]);
    await db().update(companies).set({ status: "VERIFIED" }).where(eq(companies.id, id));
    expect(await db().select().from(searchDocuments).where(eq(searchDocuments.companyId, id))).toHaveLength(2);
    await db().delete(companies).where(eq(companies.id, id));
    expect(await diffToRebuild(db())).toEqual([]);
  });
});

describe("the active-ad cap", () => {
  it(`refuses ad number ${ACTIVE_ADS_PER_COMPANY + 1} with a translated code; expired ads do not count`, async () => {
    const owner = await insertUser(db());
    const { id } = await company([owner.id]);
    await bulkAds(id, 3);
    await db()
      .insert(companyServices)
      .values(
        Array.from({ length: ACTIVE_ADS_PER_COMPANY - 1 }, (_, i) => ({
          companyId: id,
          type: "OFFER" as const,
          title: `Angebot ${i}`,
          description: "Aktiv.",
          keywords: ["aktiv"],
          termsUrl: "https://firma.example/agb",
          validityDays: 30,
          validUntil: new Date(Date.now() + 30 * DAY),
        })),
      );
    await createService(db(), owner, id, service("Das letzte"), null, storage);
    await expect(createService(db(), owner, id, service("Eins zu viel"), null, storage)).rejects.toMatchObject({
      code: "SERVICE_LIMIT_REACHED",
      details: { max: ACTIVE_ADS_PER_COMPANY },
    });
  });
});

// PGlite has one connection: concurrent calls queue and cannot collide, so these run on PostgreSQL only.
describe.skipIf(TEST_ENGINE !== "postgres")("concurrent writes to one company (PostgreSQL)", () => {
  it("20 ad creations and company edits at once all succeed, and the search table equals a full rebuild", async () => {
    const owner = await insertUser(db());
    const { id, tagIds: own } = await company([owner.id]);
    await bulkAds(id, 100);
    const [hq] = await db().select({ id: companyAddresses.id }).from(companyAddresses).where(eq(companyAddresses.companyId, id));
    const profile = (n: number): CompanyProfileInput => ({
      name: `Parallel ${n} GmbH`,
      descriptionDe: `Beschreibung ${n}`,
      descriptionCs: `Popis ${n}`,
      website: "https://parallel.example",
      nace: n % 2 ? ["25.11"] : ["25.62"],
      tags: own,
      newTags: [{ de: `Parallel ${n}`, cs: `Paralelní ${n}` }],
    });
    const writes: Array<() => Promise<unknown>> = [
      ...Array.from({ length: 14 }, (_, i) => () => createService(db(), owner, id, service(`Gleichzeitig ${i}`), null, storage)),
      ...Array.from({ length: 3 }, (_, i) => () => updateCompanyProfile(db(), owner, id, profile(i), null, storage)),
      () => addAddress(db(), owner, id, address("LOCATION", "Meißen", "01662")),
      () => updateAddress(db(), owner, id, hq!.id, address("HEADQUARTERS", "Radebeul", "01445")),
      () => db().update(companies).set({ name: "Direkt GmbH" }).where(eq(companies.id, id)),
    ];
    const results = await Promise.allSettled(writes.map((write) => write()));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await diffToRebuild(db())).toEqual([]);
    expect(await db().select({ id: searchDocuments.docId }).from(searchDocuments).where(eq(searchDocuments.companyId, id))).toHaveLength(1 + 100 + 14);
  });

  it("a double-submitted ad form creates two ads; the cap holds under concurrent creations", async () => {
    const owner = await insertUser(db());
    const { id } = await company([owner.id]);
    const twice = await Promise.allSettled([1, 2].map(() => createService(db(), owner, id, service("Doppelt"), null, storage)));
    expect(twice.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);

    const results = await Promise.allSettled(
      Array.from({ length: ACTIVE_ADS_PER_COMPANY + 8 }, (_, i) => createService(db(), admin, id, service(`Ansturm ${i}`), null, storage)),
    );
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r.reason as { code?: string }).code);
    expect(refused).toEqual(Array(10).fill("SERVICE_LIMIT_REACHED"));
    expect(await diffToRebuild(db(), id)).toEqual([]);
  });

  it("six owners adding the same new tag at once all succeed with one tag", async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => insertUser(db())));
    const owned = await Promise.all(owners.map((o) => company([o.id])));
    const label = `Gleichzeitig ${Date.now()}`;
    const edit = (user: TestUser, c: { id: string; tagIds: string[] }) =>
      updateCompanyProfile(
        db(),
        user,
        c.id,
        { name: `Tag ${c.id.slice(0, 6)}`, descriptionDe: "B", descriptionCs: "P", website: "https://t.example", nace: ["25.11"], tags: c.tagIds, newTags: [{ de: label, cs: `${label} cs` }] },
        null,
        storage,
      );
    const results = await Promise.allSettled(owners.map((o, i) => edit(o, owned[i]!)));
    // Before: the losers of the select-then-insert race failed on the unique label (500).
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await db().select().from(tags).where(eq(tags.labelDe, label))).toHaveLength(1);
    expect(await diffToRebuild(db())).toEqual([]);
  });
});
