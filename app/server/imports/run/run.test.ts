import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser, type TestUser } from "../../../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../../tests/support/db";
import { candidate, expectedResume, identifier, insertQueuedImport, listReader, memoryReader, resumeRow } from "../../../../tests/support/import-fixtures";
import { type DbHandle, rowsOf } from "~/server/db/client.server";
import {
  companies,
  companyAddresses,
  companyContacts,
  companyIdentifiers,
  companyImportRejections,
  companyImports,
  companyNace,
  companyTags,
  tags,
} from "~/server/db/schema";
import { dueImports, runImport } from "./runner.server";

/**
 * Running imports (decision 039) on both engines: create vs update by identifier, the reference
 * checks (NACE, tags, gazetteer), curated fields kept, refused rows with reasons, AMBIGUOUS_MATCH,
 * the verify flag, a company named twice in one file, resume after a run died between batches,
 * and on PostgreSQL two runners (and two imports) at once.
 */
let handle: DbHandle;
let admin: TestUser;
let tagId = "";

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(handle.db, "Admin");
  const [tag] = await handle.db.insert(tags).values({ labelDe: "Import Schweißen", labelCs: "Import Svařování" }).returning({ id: tags.id });
  tagId = tag!.id;
});
afterAll(async () => handle?.close());

async function companyByIco(ico: string) {
  const [row] = await handle.db
    .select({ company: companies })
    .from(companyIdentifiers)
    .innerJoin(companies, eq(companies.id, companyIdentifiers.companyId))
    .where(and(eq(companyIdentifiers.kind, "ICO"), eq(companyIdentifiers.normalized, ico.padStart(8, "0"))));
  return row?.company;
}

async function importRow(id: string) {
  const [row] = await handle.db.select().from(companyImports).where(eq(companyImports.id, id));
  return row!;
}

describe("an import creates, updates and refuses", () => {
  it("creates new companies with checked NACE codes, tags, geocoded addresses, identifiers and a contact", async () => {
    const importId = await insertQueuedImport(handle.db, admin.id);
    const reader = listReader([
      {
        candidate: candidate(2, {
          identifiers: [identifier("ICO", "47110001"), identifier("OTHER", "DE 123 456 789", "USt-IdNr.")],
          name: "Erste Import GmbH",
          description: "Wir schweißen.",
          website: "https://erste.example",
          email: "info@erste.example",
          phone: "+49 351 000000",
          naceCodes: ["25.11", "99.99"],
          tags: ["import schweißen", "Gibt es nicht"],
          addresses: [
            { group: 1, line1: "Hauptstraße 1", line2: null, postalCode: "01067", city: "Dresden", state: "Sachsen", country: "DE", lat: null, lon: null },
            { group: 2, line1: "Ulice 2", line2: null, postalCode: "99999", city: "Nirgendwo", state: null, country: "CZ", lat: null, lon: null },
          ],
        }),
      },
      { candidate: null, problems: [{ code: "IDENTIFIER_MISSING", severity: "error", column: null, field: "identifier" }] },
      { candidate: candidate(4, { identifiers: [identifier("KWIZ", "kw-4711")], name: "Zweite Import AG" }) },
    ]);
    expect(await runImport(handle.db, importId, { reader })).toBe("READY");

    const run = await importRow(importId);
    expect(run).toMatchObject({ status: "READY", rowsDone: 3, rowsTotal: 3, createdCount: 2, updatedCount: 0, skippedCount: 0, failedCount: 1, bytesDone: 300, leaseOwner: null });
    expect(run.finishedAt).not.toBeNull();
    expect(run.attempts).toBe(1);

    const company = (await companyByIco("47110001"))!;
    expect(company).toMatchObject({ name: "Erste Import GmbH", origin: "IMPORTED", status: "PENDING", verifiedAt: null, descriptionDe: "Wir schweißen.", descriptionCs: "", website: "https://erste.example", createdBy: admin.id, logoKey: null });
    expect((await handle.db.select().from(companyNace).where(eq(companyNace.companyId, company.id))).map((r) => r.naceCode)).toEqual(["25.11"]);
    expect((await handle.db.select().from(companyTags).where(eq(companyTags.companyId, company.id))).map((r) => r.tagId)).toEqual([tagId]);
    const addresses = await handle.db.select().from(companyAddresses).where(eq(companyAddresses.companyId, company.id)).orderBy(companyAddresses.kind);
    expect(addresses).toHaveLength(2);
    const hq = addresses.find((a) => a.kind === "HEADQUARTERS")!;
    expect(hq).toMatchObject({ line1: "Hauptstraße 1", city: "Dresden", postalCode: "01067" });
    expect(hq.lat).toBeCloseTo(51.05, 0);
    expect(addresses.find((a) => a.kind === "LOCATION")).toMatchObject({ lat: null, lon: null, state: "" });
    const [contact] = await handle.db.select().from(companyContacts).where(eq(companyContacts.companyId, company.id));
    expect(contact).toMatchObject({ function: "GENERAL", email: "info@erste.example", phone: "+49 351 000000", consentBy: admin.id });
    const ids = await handle.db.select().from(companyIdentifiers).where(eq(companyIdentifiers.companyId, company.id)).orderBy(companyIdentifiers.kind);
    expect(ids.map((i) => [i.kind, i.label, i.normalized, i.importId])).toEqual([
      ["ICO", "", "47110001", importId],
      ["OTHER", "USt-IdNr.", "DE123456789", importId],
    ]);

    const rejections = await handle.db.select().from(companyImportRejections).where(eq(companyImportRejections.importId, importId));
    expect(rejections).toHaveLength(1);
    expect(rejections[0]!.rowNumber).toBe(3);
    expect(rejections[0]!.problems.map((p) => p.code)).toEqual(["IDENTIFIER_MISSING"]);

  });

  it("updates a known company only where the file differs, leaves curated fields, adds identifiers; identical rows are skipped", async () => {
    const company = (await companyByIco("47110001"))!;
    await handle.db.update(companies).set({ curatedFields: ["name"], origin: "CURATED" }).where(eq(companies.id, company.id));
    const importId = await insertQueuedImport(handle.db, admin.id);
    const reader = listReader([
      {
        candidate: candidate(2, {
          identifiers: [identifier("ICO", "4711 0001"), identifier("COMMERCIAL_REGISTER", "HRB 999")],
          name: "Anders benannt GmbH",
          website: "https://neu.example",
          email: "info@erste.example",
          naceCodes: ["25.11"],
        }),
      },
      { candidate: candidate(3, { identifiers: [identifier("KWIZ", "KW 4711")], name: "Zweite Import AG" }) },
    ]);
    expect(await runImport(handle.db, importId, { reader })).toBe("READY");
    expect(await importRow(importId)).toMatchObject({ createdCount: 0, updatedCount: 1, skippedCount: 1, failedCount: 0 });
    const after = (await companyByIco("47110001"))!;
    expect(after).toMatchObject({ name: "Erste Import GmbH", website: "https://neu.example", origin: "CURATED", descriptionDe: "Wir schweißen." });
    const kinds = (await handle.db.select().from(companyIdentifiers).where(eq(companyIdentifiers.companyId, company.id))).map((i) => i.kind).sort();
    expect(kinds).toEqual(["COMMERCIAL_REGISTER", "ICO", "OTHER"]);
    // The tags the file did not name stay; the contact was the same.
    expect(await handle.db.$count(companyTags, eq(companyTags.companyId, company.id))).toBe(1);
    expect(await handle.db.$count(companyContacts, eq(companyContacts.companyId, company.id))).toBe(1);
  });

  it("refuses a row whose identifiers name two different companies (AMBIGUOUS_MATCH)", async () => {
    const importId = await insertQueuedImport(handle.db, admin.id);
    const reader = listReader([{ candidate: candidate(2, { identifiers: [identifier("ICO", "47110001"), identifier("KWIZ", "KW-4711")], name: "Wer bin ich" }) }]);
    expect(await runImport(handle.db, importId, { reader })).toBe("READY");
    expect(await importRow(importId)).toMatchObject({ failedCount: 1, createdCount: 0, updatedCount: 0 });
    const [rejection] = await handle.db.select().from(companyImportRejections).where(eq(companyImportRejections.importId, importId));
    expect(rejection!.problems.map((p) => p.code)).toEqual(["AMBIGUOUS_MATCH"]);
  });

  it("verifies the new profiles only when the import says so, and creates a company named twice in one file once", async () => {
    const importId = await insertQueuedImport(handle.db, admin.id, { verify: true, language: "cs", country: "CZ" });
    const twice = candidate(2, { identifiers: [identifier("ICO", "27082440")], name: "Dvakrát s.r.o.", description: "Popis" });
    const reader = listReader([{ candidate: twice }, { candidate: { ...twice, website: "https://dvakrat.example" } }]);
    expect(await runImport(handle.db, importId, { reader })).toBe("READY");
    expect(await importRow(importId)).toMatchObject({ createdCount: 1, updatedCount: 1, skippedCount: 0 });
    const company = (await companyByIco("27082440"))!;
    expect(company).toMatchObject({ status: "VERIFIED", descriptionCs: "Popis", descriptionDe: "", website: "https://dvakrat.example" });
    expect(company.verifiedAt).not.toBeNull();
    // The search index has it once the batch committed (refreshed once at the batch's end, migration 0020).
    const docs = await handle.db.execute(sql`SELECT title FROM search_documents WHERE company_id = ${company.id}`);
    expect(rowsOf<{ title: string }>(docs).map((d) => d.title)).toEqual(["Dvakrát s.r.o."]);
  });

  it("is not run twice: a finished import is not claimed again, and the sweep finds only due ones", async () => {
    const importId = await insertQueuedImport(handle.db, admin.id);
    expect(await dueImports(handle.db)).toContain(importId);
    expect(await runImport(handle.db, importId, { reader: listReader([]) })).toBe("READY");
    expect(await dueImports(handle.db)).not.toContain(importId);
    expect(await runImport(handle.db, importId, { reader: listReader([]) })).toBe("NOT_CLAIMED");
  });

  it("ends in ERROR with a code when the file cannot be read", async () => {
    const importId = await insertQueuedImport(handle.db, admin.id);
    const reader = {
      ...listReader([]),
      // eslint-disable-next-line require-yield
      async *rows() {
        throw new Error("ENOENT");
      },
    };
    expect(await runImport(handle.db, importId, { reader })).toBe("ERROR");
    expect(await importRow(importId)).toMatchObject({ status: "ERROR", errorCode: "IMPORT_FILE_UNREADABLE" });
  });
});

const RESUME_ROWS = 1_234;

describe("an interrupted import resumes", () => {
  it("after a run died between batches, ends with exactly the rows of an uninterrupted run", async () => {
    const importId = await insertQueuedImport(handle.db, admin.id);
    const reader = memoryReader(RESUME_ROWS, resumeRow(30_000_000));
    // The first run "dies" after its second batch (its lease stays, as after kill -9).
    await expect(
      runImport(handle.db, importId, {
        reader,
        batchSize: 100,
        afterBatch: (done) => {
          if (done >= 200) throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    expect(await importRow(importId)).toMatchObject({ status: "PROCESSING", rowsDone: 200 });
    // Still leased: nobody else may take it.
    expect(await runImport(handle.db, importId, { reader })).toBe("NOT_CLAIMED");
    await handle.db.update(companyImports).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(companyImports.id, importId));
    expect(await dueImports(handle.db)).toContain(importId);
    expect(await runImport(handle.db, importId, { reader, batchSize: 100 })).toBe("READY");

    const run = await importRow(importId);
    const expected = expectedResume(RESUME_ROWS);
    expect(run).toMatchObject({ status: "READY", attempts: 2, ...expected });
    expect(await handle.db.$count(companies, sql`${companies.name} LIKE 'Resume 3%'`)).toBe(expected.createdCount);
    expect(await handle.db.$count(companyImportRejections, eq(companyImportRejections.importId, importId))).toBe(expected.failedCount);
  });
});

describe("batches written at once (two transactions on PostgreSQL, in turn on PGlite)", () => {
  it("consecutive batches updating the same companies through different identifiers end as in file order", async () => {
    const known = (j: number) => candidate(j + 2, { identifiers: [identifier("ICO", String(60_000_000 + j)), identifier("COMMERCIAL_REGISTER", `HRB ${600_000 + j}`)], name: `Pipelined ${j}` });
    const first = await insertQueuedImport(handle.db, admin.id);
    expect(await runImport(handle.db, first, { reader: memoryReader(60, (j) => ({ candidate: known(j) })), batchSize: 20 })).toBe("READY");
    // Rows 0–59 rename company j by its IČO, rows 60–119 rename them again in reverse order by the
    // register number (so batches 6 and 7 lock the same companies in opposite orders), rows 120–139
    // name ten new companies twice, five rows apart across a batch boundary.
    const rowAt = (i: number) => {
      if (i < 60) return { candidate: candidate(i + 2, { identifiers: [identifier("ICO", String(60_000_000 + i))], name: `Pipelined A ${i}` }) };
      if (i < 120) return { candidate: candidate(i + 2, { identifiers: [identifier("COMMERCIAL_REGISTER", `HRB ${600_000 + 119 - i}`)], name: `Pipelined B ${119 - i}` }) };
      const k = (i - 120) % 10;
      return { candidate: candidate(i + 2, { identifiers: [identifier("ICO", String(61_000_000 + k))], name: `Pipelined new ${k} ${i < 130 ? "first" : "second"}` }) };
    };
    const second = await insertQueuedImport(handle.db, admin.id);
    expect(await runImport(handle.db, second, { reader: memoryReader(140, rowAt), batchSize: 10, commitsInFlight: 2 })).toBe("READY");
    expect(await importRow(second)).toMatchObject({ rowsDone: 140, createdCount: 10, updatedCount: 130, skippedCount: 0, failedCount: 0 });
    const names = (await handle.db.select({ name: companies.name }).from(companies).where(sql`${companies.name} LIKE 'Pipelined %'`)).map((c) => c.name).sort();
    expect(names).toEqual([...Array.from({ length: 60 }, (_, j) => `Pipelined B ${j}`), ...Array.from({ length: 10 }, (_, k) => `Pipelined new ${k} second`)].sort());
  });
});

describe.runIf(TEST_ENGINE === "postgres")("two runners at once (PostgreSQL)", () => {
  it("never process the same import twice", async () => {
    const importId = await insertQueuedImport(handle.db, admin.id);
    const reader = memoryReader(800, (i) => ({ candidate: candidate(i + 2, { identifiers: [identifier("ICO", String(40_000_000 + i))], name: `Parallel ${i}` }) }));
    const outcomes = await Promise.all([runImport(handle.db, importId, { reader, batchSize: 100 }), runImport(handle.db, importId, { reader, batchSize: 100 })]);
    expect(outcomes.sort()).toEqual(["NOT_CLAIMED", "READY"]);
    expect(await importRow(importId)).toMatchObject({ rowsDone: 800, createdCount: 800, attempts: 1 });
    expect(await handle.db.$count(companies, sql`${companies.name} LIKE 'Parallel %'`)).toBe(800);
  });

  it("two imports of the same companies at once create each company once", async () => {
    const reader = memoryReader(600, (i) => ({ candidate: candidate(i + 2, { identifiers: [identifier("ICO", String(50_000_000 + i))], name: `Twice ${i}` }) }));
    const first = await insertQueuedImport(handle.db, admin.id);
    const second = await insertQueuedImport(handle.db, admin.id);
    expect(await Promise.all([runImport(handle.db, first, { reader, batchSize: 50 }), runImport(handle.db, second, { reader, batchSize: 50 })])).toEqual(["READY", "READY"]);
    expect(await handle.db.$count(companies, sql`${companies.name} LIKE 'Twice %'`)).toBe(600);
    const runs = await handle.db.select().from(companyImports).where(inArray(companyImports.id, [first, second]));
    expect(runs.reduce((sum, r) => sum + r.createdCount, 0)).toBe(600);
    expect(runs.reduce((sum, r) => sum + r.skippedCount, 0)).toBe(600);
  });
});
