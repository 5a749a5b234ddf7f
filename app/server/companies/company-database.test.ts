import { eq, inArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { COMPANY_DOWNLOAD_MAX, type CompanyDatabaseFilter, parseCompanyDatabaseFilter } from "~/schemas/company-database";
import type { DbHandle } from "~/server/db/client.server";
import { auditTrail, companies, companyAddresses, companyContacts, companyIdentifiers, companyNace, companyTags, tags } from "~/server/db/schema";
import { csvDownloadResponse, xlsxDownloadResponse } from "~/server/downloads/table-download.server";
import { recordCompanyUpdate } from "./audit-company.server";
import { bulkCompanyAction } from "./bulk.server";
import { DEFAULT_COMPANY_DATABASE_FILTER, listCompanyDatabase } from "./company-database.server";
import { companyDownload } from "./company-download.server";

/**
 * The admin company database (decision 034) on both engines: each filter (NACE with sub-codes,
 * region, country, origin incl. curated, tags, contacts, changed between, deleted profiles), the
 * sorting and linked accounts, the bulk actions with a partly refused restore, the 3,000 cap and
 * what a download contains.
 */
const DAY = 86_400_000;
let handle: DbHandle;
let admin: TestUser;
let member: TestUser;
let multiplikator: TestUser;
const ids = { alpha: "", beta: "", gamma: "", deleted: "" };
let tagA = "";
let tagB = "";

/** The ids the filter finds among this file's "DBT " companies, by name. */
async function names(filter: Partial<CompanyDatabaseFilter>): Promise<string[]> {
  const list = await listCompanyDatabase(handle.db, admin, { q: "DBT ", ...filter });
  return list.items.map((c) => c.name);
}

beforeAll(async () => {
  handle = await createTestDb();
  const db = handle.db;
  admin = await insertUser(db, "Admin");
  member = await insertUser(db, "Organisation", { name: "Jana Nováková" });
  multiplikator = await insertUser(db, "Multiplikator");
  // Alpha: Czech, class 25.11, contacts, two tags, a member. Beta: Saxon, 10.11, imported, one tag.
  ids.alpha = await insertCompany(db, { name: "DBT Alpha s.r.o.", city: "Ústí nad Labem", members: [member.id], address: { country: "CZ", state: "Ústecký kraj", postalCode: "40001" } });
  ids.beta = await insertCompany(db, { name: "DBT Beta GmbH" });
  ids.gamma = await insertCompany(db, { name: "DBT Gamma AG", status: "PENDING" });
  ids.deleted = await insertCompany(db, { name: "DBT Delta gelöscht" });
  await db.update(companyAddresses).set({ regionCode: "CZ042" }).where(eq(companyAddresses.companyId, ids.alpha));
  await db.update(companyAddresses).set({ regionCode: "DED21" }).where(eq(companyAddresses.companyId, ids.beta));
  await db.insert(companyAddresses).values({ companyId: ids.alpha, kind: "LOCATION", country: "DE", state: "Sachsen", line1: "Am Markt 2", postalCode: "01796", city: "Pirna", regionCode: "DED2F" });
  await db.insert(companyNace).values([
    { companyId: ids.alpha, naceCode: "25.11" },
    { companyId: ids.beta, naceCode: "10.11" },
    { companyId: ids.gamma, naceCode: "62" },
  ]);
  const [a, b] = await db
    .insert(tags)
    .values([
      { labelDe: "DBT Schweißen", labelCs: "DBT Svařování" },
      { labelDe: "DBT Export", labelCs: "DBT Vývoz" },
    ])
    .returning({ id: tags.id });
  tagA = a!.id;
  tagB = b!.id;
  await db.insert(companyTags).values([
    { companyId: ids.alpha, tagId: tagA },
    { companyId: ids.alpha, tagId: tagB },
    { companyId: ids.beta, tagId: tagB },
  ]);
  await db.insert(companyContacts).values([
    { companyId: ids.alpha, function: "SALES", name: "Petr Svoboda", email: "prodej@alpha.example", phone: "+420 475 000 000", consentAt: new Date() },
    { companyId: ids.alpha, function: "MANAGEMENT", email: "vedeni@alpha.example", phone: "+420 475 000 001", consentAt: new Date() },
  ]);
  await db.update(companies).set({ origin: "IMPORTED" }).where(inArray(companies.id, [ids.beta, ids.gamma]));
  // Last changes: Alpha on 10 January (late evening in Berlin), Beta on 1 March, Gamma on 15 March.
  await db.update(companies).set({ updatedAt: new Date("2026-01-10T22:30:00Z") }).where(eq(companies.id, ids.alpha));
  await db.update(companies).set({ updatedAt: new Date("2026-03-01T10:00:00Z") }).where(eq(companies.id, ids.beta));
  await db.update(companies).set({ updatedAt: new Date("2026-03-15T10:00:00Z") }).where(eq(companies.id, ids.gamma));
  await db.update(companies).set({ deletedAt: new Date(Date.now() - DAY) }).where(eq(companies.id, ids.deleted));
}, 120_000);
afterAll(() => handle.close());

describe("the company database's filters", () => {
  it("reads its filter from the URL leniently", () => {
    const f = parseCompanyDatabaseFilter(new URLSearchParams("state=EVERY&origin=CURATED&country=XX&region=CZ042&nace=25&nace=25&nace=zz&tag=nope&contacts=WITH&changedFrom=10.01.2026&sort=updated&dir=desc&page=-1"), 2026);
    expect(f).toMatchObject({ state: "EVERY", origin: "CURATED", country: null, region: "CZ042", nace: ["25"], tags: [], contacts: "WITH", sort: "updated", dir: "desc", page: 1 });
    expect(f.changedFrom).toEqual({ year: 2026, month: 1, day: 10 });
    expect(parseCompanyDatabaseFilter(new URLSearchParams("state=bogus&q=%00"), 2026)).toMatchObject({ state: "ALL", q: "" });
  });

  it("selects a NACE code with all its sub-codes", async () => {
    expect(await names({ nace: ["C"] })).toEqual(["DBT Alpha s.r.o.", "DBT Beta GmbH"]);
    expect(await names({ nace: ["25"] })).toEqual(["DBT Alpha s.r.o."]);
    expect(await names({ nace: ["25.1"] })).toEqual(["DBT Alpha s.r.o."]);
    expect(await names({ nace: ["25.11"] })).toEqual(["DBT Alpha s.r.o."]);
    expect(await names({ nace: ["10", "J"] })).toEqual(["DBT Beta GmbH", "DBT Gamma AG"]);
    expect(await names({ nace: ["25.12"] })).toEqual([]);
  });

  it("filters by region and country of any address", async () => {
    expect(await names({ region: "CZ042" })).toEqual(["DBT Alpha s.r.o."]);
    expect(await names({ region: "DED21" })).toEqual(["DBT Beta GmbH"]);
    // Alpha's further location lies in Sächsische Schweiz-Osterzgebirge.
    expect(await names({ region: "DED2F" })).toEqual(["DBT Alpha s.r.o."]);
    expect(await names({ country: "CZ" })).toEqual(["DBT Alpha s.r.o."]);
    expect(await names({ country: "DE", region: "CZ042" })).toEqual([]);
  });

  it("filters by origin; a person's edit turns an imported profile into a curated one", async () => {
    expect(await names({ origin: "MANUAL" })).toEqual(["DBT Alpha s.r.o."]);
    expect(await names({ origin: "IMPORTED" })).toEqual(["DBT Beta GmbH", "DBT Gamma AG"]);
    const before = (await handle.db.select({ u: companies.updatedAt }).from(companies).where(eq(companies.id, ids.gamma)))[0]!.u;
    await recordCompanyUpdate(handle.db, admin, ids.gamma, "profile");
    expect(await names({ origin: "CURATED" })).toEqual(["DBT Gamma AG"]);
    await handle.db.update(companies).set({ updatedAt: before }).where(eq(companies.id, ids.gamma));
  });

  it("filters by tags (all of them), contacts and by name or website", async () => {
    expect(await names({ tags: [tagB] })).toEqual(["DBT Alpha s.r.o.", "DBT Beta GmbH"]);
    expect(await names({ tags: [tagA, tagB] })).toEqual(["DBT Alpha s.r.o."]);
    expect(await names({ contacts: "WITH" })).toEqual(["DBT Alpha s.r.o."]);
    expect(await names({ contacts: "WITHOUT" })).toEqual(["DBT Beta GmbH", "DBT Gamma AG"]);
    // Search folds case and diacritics.
    expect((await listCompanyDatabase(handle.db, admin, { q: "dbt alpha S.R.O" })).items.map((c) => c.id)).toEqual([ids.alpha]);
  });

  it("finds a company by one of its identifiers, an IČO also without its leading zeros", async () => {
    await handle.db.insert(companyIdentifiers).values([
      { companyId: ids.alpha, kind: "ICO", value: "0012 3455", normalized: "00123455" },
      { companyId: ids.beta, kind: "COMMERCIAL_REGISTER", value: "HRB 4711 Dresden", normalized: "HRB4711DRESDEN" },
    ]);
    const found = async (q: string) => (await listCompanyDatabase(handle.db, admin, { q })).items.map((c) => c.id);
    expect(await found("00123455")).toEqual([ids.alpha]);
    expect(await found("123455")).toEqual([ids.alpha]);
    expect(await found("hrb 4711 dresden")).toEqual([ids.beta]);
    expect(await found("HRB 4712 Dresden")).toEqual([]);
    await handle.db.delete(companyIdentifiers).where(inArray(companyIdentifiers.companyId, [ids.alpha, ids.beta]));
  });

  it("filters by last change between two Berlin calendar days, both inclusive", async () => {
    // 22:30 UTC on 10 January is 23:30 on 10 January in Berlin.
    expect(await names({ changedFrom: { year: 2026, month: 1, day: 10 }, changedTo: { year: 2026, month: 1, day: 10 } })).toEqual(["DBT Alpha s.r.o."]);
    expect(await names({ changedFrom: { year: 2026, month: 1, day: 11 }, changedTo: { year: 2026, month: 3, day: 1 } })).toEqual(["DBT Beta GmbH"]);
    expect(await names({ changedFrom: { year: 2026, month: 3, day: 2 }, changedTo: null })).toContain("DBT Gamma AG");
  });

  it("shows deleted profiles only under 'deleted' and 'every', and the state filters", async () => {
    expect(await names({})).not.toContain("DBT Delta gelöscht");
    expect(await names({ state: "DELETED" })).toEqual(["DBT Delta gelöscht"]);
    expect(await names({ state: "EVERY" })).toEqual(["DBT Alpha s.r.o.", "DBT Beta GmbH", "DBT Delta gelöscht", "DBT Gamma AG"]);
    expect(await names({ state: "PENDING" })).toEqual(["DBT Gamma AG"]);
  });

  it("sorts, shows linked accounts and contact counts, and is for admins only", async () => {
    expect(await names({ sort: "name", dir: "desc" })).toEqual(["DBT Gamma AG", "DBT Beta GmbH", "DBT Alpha s.r.o."]);
    expect(await names({ sort: "updated", dir: "asc" })).toEqual(["DBT Alpha s.r.o.", "DBT Beta GmbH", "DBT Gamma AG"]);
    const [alpha] = (await listCompanyDatabase(handle.db, admin, { q: "DBT Alpha" })).items;
    expect(alpha!.accounts).toEqual([`Jana Nováková <${member.email}>`]);
    expect(alpha!.contacts).toBe(2);
    for (const actor of [member, multiplikator, null]) {
      await expect(listCompanyDatabase(handle.db, actor, {})).rejects.toMatchObject({ code: actor ? "FORBIDDEN" : "UNAUTHENTICATED" });
      await expect(companyDownload(handle.db, actor, DEFAULT_COMPANY_DATABASE_FILTER, "de", "csv")).rejects.toMatchObject({ code: actor ? "FORBIDDEN" : "UNAUTHENTICATED" });
    }
  });
});

describe("the company database's bulk actions", () => {
  it("verifies and deactivates; a profile in the wrong state fails alone", async () => {
    const pending = await insertCompany(handle.db, { name: "BULK Wartend", status: "PENDING" });
    const verified = await insertCompany(handle.db, { name: "BULK Frei" });
    const verify = await bulkCompanyAction(handle.db, admin, "verify", [pending, verified]);
    expect(verify).toEqual({ done: 1, failed: [{ id: verified, name: "BULK Frei", code: "ALREADY_HANDLED" }] });
    const deactivate = await bulkCompanyAction(handle.db, admin, "deactivate", [pending, verified]);
    expect(deactivate.done).toBe(2);
    const rows = await handle.db.select({ status: companies.status }).from(companies).where(inArray(companies.id, [pending, verified]));
    expect(rows.map((r) => r.status)).toEqual(["DEACTIVATED", "DEACTIVATED"]);
  });

  it("deletes (soft, audited) and restores; a restore after 30 days is refused for that profile only", async () => {
    const one = await insertCompany(handle.db, { name: "BULK Eins" });
    const two = await insertCompany(handle.db, { name: "BULK Zwei" });
    const deleted = await bulkCompanyAction(handle.db, admin, "delete", [one, two]);
    expect(deleted).toEqual({ done: 2, failed: [] });
    const audit = await handle.db.select().from(auditTrail).where(sql`${auditTrail.details}->>'companyId' in (${one}, ${two}) and ${auditTrail.details}->>'part' = 'deleted'`);
    expect(audit).toHaveLength(2);
    // Verifying a deleted profile is refused: it can only come back by a restore.
    expect((await bulkCompanyAction(handle.db, admin, "verify", [one])).failed).toEqual([{ id: one, name: "BULK Eins", code: "COMPANY_IS_DELETED" }]);
    // Two was deleted 31 days ago: past the restore period.
    await handle.db.update(companies).set({ deletedAt: new Date(Date.now() - 31 * DAY) }).where(eq(companies.id, two));
    const restored = await bulkCompanyAction(handle.db, admin, "restore", [one, two, "00000000-0000-4000-8000-000000000000"]);
    expect(restored.done).toBe(1);
    expect(restored.failed).toEqual([
      { id: two, name: "BULK Zwei", code: "COMPANY_RESTORE_EXPIRED" },
      { id: "00000000-0000-4000-8000-000000000000", name: "00000000-0000-4000-8000-000000000000", code: "NOT_FOUND" },
    ]);
    const state = await handle.db.select({ id: companies.id, deletedAt: companies.deletedAt }).from(companies).where(inArray(companies.id, [one, two]));
    expect(state.find((r) => r.id === one)!.deletedAt).toBeNull();
    expect(state.find((r) => r.id === two)!.deletedAt).not.toBeNull();
  });

  it("is refused to anyone but an admin, changing nothing", async () => {
    const target = await insertCompany(handle.db, { name: "BULK Fremd", status: "PENDING" });
    for (const actor of [member, multiplikator]) {
      for (const action of ["verify", "deactivate", "delete", "restore"] as const) {
        await expect(bulkCompanyAction(handle.db, actor, action, [target])).rejects.toMatchObject({ code: "FORBIDDEN" });
      }
    }
    const [row] = await handle.db.select({ status: companies.status, deletedAt: companies.deletedAt }).from(companies).where(eq(companies.id, target));
    expect(row).toEqual({ status: "PENDING", deletedAt: null });
  });
});

describe("the company download", () => {
  it("writes every profile field, the identifiers, the headquarters, further locations, contacts and accounts", async () => {
    await handle.db.insert(companyIdentifiers).values([
      { companyId: ids.alpha, kind: "ICO", value: "00123455", normalized: "00123455" },
      { companyId: ids.alpha, kind: "OTHER", label: "DIČ", value: "CZ00123455", normalized: "CZ00123455" },
    ]);
    const filter = { ...DEFAULT_COMPANY_DATABASE_FILTER, q: "DBT Alpha" };
    const csv = await csvDownloadResponse(await companyDownload(handle.db, admin, filter, "cs", "csv")).text();
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"Název";"Stav";"Původ"');
    expect(lines[1]).toContain(`"DBT Alpha s.r.o.";"Schválené";"Vytvořeno ručně"`);

    const xlsx = await xlsxDownloadResponse(await companyDownload(handle.db, admin, filter, "de", "xlsx")).arrayBuffer();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = Object.fromEntries(header.map((h, i) => [h, sheet.getRow(2).getCell(i + 1).value]));
    expect(row).toMatchObject({
      ID: ids.alpha,
      Name: "DBT Alpha s.r.o.",
      Status: "Freigegeben",
      Herkunft: "Manuell angelegt",
      "Kennungen (Register, IČO, KWIZ …)": "IČO 00123455; DIČ CZ00123455",
      "NACE-Codes": "25.11",
      Schlagwörter: "DBT Export; DBT Schweißen",
      "Hauptsitz: Ort": "Ústí nad Labem",
      "Hauptsitz: PLZ": "40001",
      "Hauptsitz: Land": "CZ",
      "Hauptsitz: Programmregion (NUTS 3)": "CZ042",
      "Weitere Standorte": "Am Markt 2, 01796 Pirna, Sachsen, DE",
      // Contacts added together come by function code (MANAGEMENT before SALES).
      Kontakte: "Geschäftsführung, vedeni@alpha.example, +420 475 000 001 | Vertrieb, Petr Svoboda, prodej@alpha.example, +420 475 000 000",
      "Verknüpfte Accounts": `Jana Nováková <${member.email}>`,
    });
    expect(row["Zuletzt geändert"]).toBeInstanceOf(Date);
  });

  it("is refused above 3,000 companies in the selection, allowed at 3,000", async () => {
    // 3,001 cheap profiles in one statement.
    await handle.db.execute(sql`insert into companies (name, description_de, description_cs, website, status)
      select 'CAP ' || lpad(i::text, 5, '0'), '', '', '', 'PENDING' from generate_series(1, ${COMPANY_DOWNLOAD_MAX + 1}) as i`);
    const filter = { ...DEFAULT_COMPANY_DATABASE_FILTER, q: "CAP " };
    await expect(companyDownload(handle.db, admin, filter, "de", "csv")).rejects.toMatchObject({
      code: "COMPANY_DOWNLOAD_TOO_MANY",
      details: { count: COMPANY_DOWNLOAD_MAX + 1, max: COMPANY_DOWNLOAD_MAX },
    });
    await handle.db.execute(sql`delete from companies where name = 'CAP 03001'`);
    const table = await companyDownload(handle.db, admin, filter, "de", "csv");
    let n = 0;
    for await (const row of table.rows) {
      expect(row[1]).toBe(`CAP ${String(++n).padStart(5, "0")}`);
    }
    expect(n).toBe(COMPANY_DOWNLOAD_MAX);
  }, 120_000);
});
