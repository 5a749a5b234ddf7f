import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import { type DbHandle, rowsOf } from "~/server/db/client.server";
import { searchCatalogue } from "~/server/search/search.server";
import { GENERATED_DOMAIN, generateCompanies } from "./generate-companies.server";

let handle: DbHandle;
const count = async (sql: string) => rowsOf<{ n: number }>(await handle.db.execute(sql))[0]!.n;

beforeAll(async () => {
  handle = await createTestDb();
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe("generateCompanies", () => {
  it("creates searchable bilingual companies on both sides of the border, with ads, and resets them", async () => {
    const result = await generateCompanies(handle.db, { count: 400, seed: 7, reset: false, newId: randomUUID, batchSize: 150 });
    expect(result.companies).toBe(400);
    expect(await count("SELECT count(*)::int AS n FROM companies WHERE status = 'VERIFIED'")).toBe(400);
    const de = await count("SELECT count(DISTINCT company_id)::int AS n FROM company_addresses WHERE country = 'DE' AND lat IS NOT NULL");
    expect(de).toBeGreaterThan(120);
    expect(de).toBeLessThan(280);
    expect(await count("SELECT count(*)::int AS n FROM search_documents WHERE kind = 'COMPANY'")).toBe(400);
    expect(await count("SELECT count(*)::int AS n FROM search_documents WHERE kind <> 'COMPANY'")).toBe(result.ads);
    expect(await count("SELECT min(c)::int AS n FROM (SELECT count(*) c FROM company_tags GROUP BY company_id) x")).toBeGreaterThanOrEqual(3);
    expect(await count("SELECT count(*)::int AS n FROM companies WHERE description_de = '' OR description_cs = ''")).toBe(0);

    const page = await searchCatalogue(handle.db, null, { term: "gmbh", type: "COMPANY", tagIds: [], nace: [], countries: ["DE"], location: null, radiusKm: null, sort: "relevance", page: 1 }, "de");
    expect(page.total).toBeGreaterThan(10);

    // Triggers are back on after generation: a later edit reaches the search table at once.
    await handle.db.execute(`UPDATE companies SET name = 'Zzyzx Einzelstück GmbH' WHERE id = (SELECT id FROM companies LIMIT 1)`);
    expect(await count("SELECT count(*)::int AS n FROM search_documents WHERE title = 'Zzyzx Einzelstück GmbH'")).toBe(1);

    await generateCompanies(handle.db, { count: 10, seed: 8, reset: true, newId: randomUUID });
    expect(await count(`SELECT count(*)::int AS n FROM companies WHERE website LIKE '%.${GENERATED_DOMAIN}%'`)).toBe(10);
    expect(await count("SELECT count(*)::int AS n FROM search_documents WHERE kind = 'COMPANY'")).toBe(10);
  }, 120_000);
});
