import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditFilter, parseAuditFilter } from "~/schemas/reports";
import type { DbHandle } from "~/server/db/client.server";
import { auditTrail, users } from "~/server/db/schema";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { describeAuditDetails, missingPersonLabel } from "./audit-details";
import { auditTrailCsv, listAuditTrail } from "./audit-trail.server";

/**
 * The admins' audit-trail view (decision 036) on a known trail in March 2025 (a period no other
 * data of this file's database touches): filters by action, person, company and period (whole
 * Berlin days), keyset paging in both directions with equal timestamps, CSV and the admin-only rule.
 */
let handle: DbHandle;
let admin: TestUser;
let jana: TestUser;
let uwe: TestUser;
let sklarna = "";
let bau = "";
let purgedId = "";

const at = (iso: string) => new Date(iso);
const filter = (params: Record<string, string>): AuditFilter => {
  const parsed = parseAuditFilter(new URLSearchParams({ from: "2025-03-01", to: "2025-03-31", ...params }), 2026);
  expect(parsed.errors).toEqual({});
  return parsed.filter;
};

beforeAll(async () => {
  handle = await createTestDb();
  const db = handle.db;
  admin = await insertUser(db, "Admin", { name: "Ada Admin" });
  jana = await insertUser(db, "Organisation", { name: "Jana Dvořáková", locale: "cs" });
  uwe = await insertUser(db, "Organisation", { name: "Uwe Groß" });
  const gone = await insertUser(db, "Organisation", { name: "Gelöschte Person" });
  sklarna = await insertCompany(db, { name: "Sklárna Děčín a.s.", members: [jana.id] });
  bau = await insertCompany(db, { name: "Weiß Straßenbau GmbH", members: [uwe.id] });
  purgedId = "00000000-0000-4000-8000-000000000001";
  await db.insert(auditTrail).values([
    // Outside the period on both sides (Berlin days: 28 Feb 23:30 UTC is 1 March 00:30 in Berlin).
    { action: "LOGIN", userId: jana.id, details: { method: "email-code" }, createdAt: at("2025-02-28T22:59:59.999Z") },
    { action: "LOGIN", userId: jana.id, details: { method: "email-code" }, createdAt: at("2025-03-31T22:00:00.000Z") },
    // In the period.
    { action: "LOGIN", userId: jana.id, details: { method: "email-code" }, createdAt: at("2025-02-28T23:30:00.000Z") },
    { action: "CREATED_COMPANY_PROFILE", userId: jana.id, details: { companyId: sklarna }, createdAt: at("2025-03-02T09:00:00.000Z") },
    { action: "UPDATED_COMPANY_PROFILE", userId: jana.id, details: { companyId: sklarna, part: "address" }, createdAt: at("2025-03-03T09:00:00.000Z") },
    { action: "LOGIN", userId: uwe.id, details: { method: "oidc" }, createdAt: at("2025-03-04T09:00:00.000Z") },
    { action: "CREATED_COMPANY_SERVICE", userId: uwe.id, details: { companyId: bau, serviceId: purgedId }, createdAt: at("2025-03-05T09:00:00.000Z") },
    { action: "UPDATED_COMPANY_SERVICE", userId: uwe.id, details: { companyId: bau, serviceId: purgedId, change: "prolonged" }, createdAt: at("2025-03-05T09:00:00.000Z") },
    { action: "SEARCHED", userId: null, details: { type: "OFFER", term: "Glas", tags: 2, nace: ["C23"], countries: ["CZ", "DE"], radiusKm: 50, locale: "cs", results: 3 }, createdAt: at("2025-03-05T09:00:00.000Z") },
    { action: "SEARCHED", userId: gone.id, details: { type: "COMPANY", results: 1 }, createdAt: at("2025-03-06T09:00:00.000Z") },
    { action: "UPDATED_COMPANY_PROFILE", userId: null, details: { companyId: purgedId, part: "purged", name: "Alte Glashütte s.r.o.", events: 2 }, createdAt: at("2025-03-07T09:00:00.000Z") },
    { action: "UPDATED_COMPANY_PROFILE", userId: gone.id, details: { companyId: bau, part: "verified" }, createdAt: at("2025-03-31T21:59:59.999Z") },
  ]);
  // The account is deleted afterwards: its entries stay, without a person.
  await db.delete(users).where(eq(users.id, gone.id));
});
afterAll(() => handle.close());

describe("audit-trail view", () => {
  it("lists the period newest first, with people, companies and details in words", async () => {
    const page = await listAuditTrail(handle.db, admin, filter({}));
    expect(page.entries.map((e) => e.action)).toEqual([
      "UPDATED_COMPANY_PROFILE",
      "UPDATED_COMPANY_PROFILE",
      "SEARCHED",
      // Three entries at the same instant: by id, descending.
      ...["CREATED_COMPANY_SERVICE", "UPDATED_COMPANY_SERVICE", "SEARCHED"].map(() => expect.any(String)),
      "LOGIN",
      "UPDATED_COMPANY_PROFILE",
      "CREATED_COMPANY_PROFILE",
      "LOGIN",
    ]);
    expect(page.older).toBeNull();
    expect(page.newer).toBeNull();
    const [verified, purged] = page.entries;
    expect(verified).toMatchObject({ userId: null, personName: null, companyName: "Weiß Straßenbau GmbH", companyLinkable: true });
    expect(missingPersonLabel("de", verified!.action, verified!.details)).toBe("Gelöschtes Konto");
    expect(describeAuditDetails("de", verified!.action, verified!.details)).toBe("Freigegeben");
    expect(purged).toMatchObject({ userId: null, companyId: purgedId, companyName: "Alte Glashütte s.r.o.", companyLinkable: false });
    expect(missingPersonLabel("cs", purged!.action, purged!.details)).toBe("Systém (automatické smazání)");
    expect(describeAuditDetails("cs", purged!.action, purged!.details)).toBe("Trvale odstraněno, s 2 událostmi");

    const search = page.entries.find((e) => e.action === "SEARCHED" && e.details?.["type"] === "OFFER")!;
    expect(describeAuditDetails("cs", search.action, search.details).replace(/\u00a0/g, " ")).toBe("Nabídky · „Glas“ · 2 štítky · NACE C23 · Česko a Německo · Okruh 50 km · 3 výsledky");
    expect(describeAuditDetails("de", search.action, search.details)).toBe("Angebote · „Glas“ · 2 Schlagwörter · NACE C23 · Tschechien und Deutschland · Umkreis 50 km · 3 Treffer");
    expect(missingPersonLabel("de", search.action, search.details)).toBe("Ohne Anmeldung oder gelöschtes Konto");
    const login = page.entries.find((e) => e.action === "LOGIN" && e.userId === uwe.id)!;
    expect(login).toMatchObject({ personName: "Uwe Groß", email: uwe.email });
    expect(describeAuditDetails("de", login.action, login.details)).toBe("Über einen externen Anbieter");
  });

  it("filters by action, by person (name or e-mail, without diacritics) and by company (also a purged one)", async () => {
    const actions = async (params: Record<string, string>) => (await listAuditTrail(handle.db, admin, filter(params))).entries.map((e) => e.action);
    expect(await actions({ action: "LOGIN" })).toEqual(["LOGIN", "LOGIN"]);
    expect(await actions({ action: "SEARCHED" })).toEqual(["SEARCHED", "SEARCHED"]);
    expect(await actions({ person: "dvorakova" })).toEqual(["UPDATED_COMPANY_PROFILE", "CREATED_COMPANY_PROFILE", "LOGIN"]);
    expect(await actions({ person: uwe.email.toUpperCase() })).toEqual(expect.arrayContaining(["LOGIN", "CREATED_COMPANY_SERVICE", "UPDATED_COMPANY_SERVICE"]));
    expect(await actions({ person: uwe.email, action: "LOGIN" })).toEqual(["LOGIN"]);
    expect(await actions({ company: "sklarna" })).toEqual(["UPDATED_COMPANY_PROFILE", "CREATED_COMPANY_PROFILE"]);
    expect((await actions({ company: "Straßenbau" })).sort()).toEqual(["CREATED_COMPANY_SERVICE", "UPDATED_COMPANY_PROFILE", "UPDATED_COMPANY_SERVICE"]);
    expect(await actions({ company: "glashutte" })).toEqual(["UPDATED_COMPANY_PROFILE"]);
    expect(await actions({ company: "niemand" })).toEqual([]);
    // A wildcard typed by the user is a character, not a pattern.
    expect(await actions({ person: "%" })).toEqual([]);
  });

  it("takes whole days on the Berlin clock and reports unreadable or reversed dates", async () => {
    const count = async (from: string, to: string) => (await listAuditTrail(handle.db, admin, filter({ from, to }))).entries.length;
    expect(await count("1.3.2025", "1.3.2025")).toBe(1);
    expect(await count("28.2.2025", "28.2.2025")).toBe(1);
    expect(await count("31. 3. 2025", "1. 4. 2025")).toBe(2);
    expect(parseAuditFilter(new URLSearchParams({ from: "32.1.2025" }), 2026).errors).toEqual({ from: "DATE_INVALID" });
    const reversed = parseAuditFilter(new URLSearchParams({ from: "2.3.2025", to: "1.3.2025" }), 2026);
    expect(reversed.errors).toEqual({ to: "DATE_RANGE_INVALID" });
    expect(reversed.filter.to).toBeNull();
  });

  it("pages by keyset: older and newer pages cover every entry once, also across equal timestamps", async () => {
    const all = (await listAuditTrail(handle.db, admin, filter({}))).entries.map((e) => e.id);
    const seen: string[] = [];
    let page = await listAuditTrail(handle.db, admin, filter({}), 4);
    seen.push(...page.entries.map((e) => e.id));
    while (page.older) {
      page = await listAuditTrail(handle.db, admin, { ...filter({}), before: page.older }, 4);
      seen.push(...page.entries.map((e) => e.id));
    }
    expect(seen).toEqual(all);
    expect(page.entries).toHaveLength(2);
    // Back from the last page: the previous one, then the first (which has no newer page).
    page = await listAuditTrail(handle.db, admin, { ...filter({}), after: page.newer! }, 4);
    expect(page.entries.map((e) => e.id)).toEqual(all.slice(4, 8));
    page = await listAuditTrail(handle.db, admin, { ...filter({}), after: page.newer! }, 4);
    expect(page.entries.map((e) => e.id)).toEqual(all.slice(0, 4));
    expect(page.newer).toBeNull();
    expect(page.older).toEqual(expect.objectContaining({ id: all[3] }));
    // A cursor read from the URL.
    const cursor = `${page.older!.at}~${page.older!.id}`;
    const fromUrl = parseAuditFilter(new URLSearchParams({ from: "2025-03-01", to: "2025-03-31", before: cursor }), 2026).filter;
    expect((await listAuditTrail(handle.db, admin, fromUrl, 4)).entries.map((e) => e.id)).toEqual(all.slice(4, 8));
    expect(parseAuditFilter(new URLSearchParams({ before: "2025-03-01~x" }), 2026).filter.before).toBeNull();
  });

  it("downloads the whole filtered selection as CSV, in the reader's language", async () => {
    const response = auditTrailCsv(handle.db, admin, { ...filter({ company: "straßenbau" }), before: { at: "2025-03-01T00:00:00.000000Z", id: purgedId } }, "cs");
    expect(response.headers.get("content-type")).toContain("text/csv");
    const text = await response.text();
    const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { delimiter: ";", skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(["Čas", "Akce", "Osoba", "E-mail", "Firma", "Podrobnosti"]);
    expect(rows).toHaveLength(4);
    expect(rows[1]!.slice(1)).toEqual(["Firemní profil změněn", "Smazaný účet", "", "Weiß Straßenbau GmbH", "Schváleno"]);
    expect(rows.slice(2).map((r) => r[1]).sort()).toEqual(["Inzerát vytvořen", "Inzerát změněn"]);
    expect(rows.find((r) => r[1] === "Inzerát změněn")).toEqual([expect.stringMatching(/^5\. 3\. 2025 10:00:00$/), "Inzerát změněn", "Uwe Groß", uwe.email, "Weiß Straßenbau GmbH", "Prodlouženo"]);
  });

  it("is for admins only", async () => {
    for (const actor of [jana, await insertUser(handle.db, "Multiplikator")]) {
      await expect(listAuditTrail(handle.db, actor, filter({}))).rejects.toMatchObject({ code: "FORBIDDEN" });
      expect(() => auditTrailCsv(handle.db, actor, filter({}), "de")).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
    }
    await expect(listAuditTrail(handle.db, null, filter({}))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
