import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser, type TestUser } from "../../../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../../tests/support/db";
import { insertQueuedImport, validIco } from "../../../../tests/support/import-fixtures";
import type { ColumnMapping } from "~/schemas/imports";
import type { DbHandle } from "~/server/db/client.server";
import { companies, companyIdentifiers, companyImportRejections, companyImports } from "~/server/db/schema";
import { ALL_JOBS } from "~/server/jobs/registry.server";
import { startQueue } from "~/server/jobs/queue.server";
import { getStorage } from "~/server/storage/storage.server";
import { importRunJob, importSweepJob } from "./job.server";
import { fileRowReader } from "./file-reader.server";
import { runImport } from "./runner.server";

/**
 * An import of a real file (decision 039): the stored CSV read by the reading module, mapped,
 * normalised and written; a resumed run passes over the committed rows although blank lines make
 * row numbers and row counts differ; a missing file ends in ERROR. On PGlite also through the job
 * queue: the run job, and the sweep for an import whose enqueue was lost.
 */
let handle: DbHandle;
let admin: TestUser;
const keys: string[] = [];

const MAPPING: ColumnMapping[] = [
  { column: 0, field: "identifier", identifierKind: "ICO" },
  { column: 1, field: "name" },
  { column: 2, field: "email" },
  { column: 3, field: "addressLine1", group: 1 },
  { column: 4, field: "postalCode", group: 1 },
  { column: 5, field: "city", group: 1 },
  { column: 6, field: "nace" },
];
const HEADER = "IČO;Firma;E-Mail;Straße;PLZ;Ort;NACE";

function csvOf(lines: string[]): Buffer {
  return Buffer.from(`\uFEFF${[HEADER, ...lines].join("\r\n")}\r\n`, "utf8");
}

async function storedImport(lines: string[], overrides: Parameters<typeof insertQueuedImport>[2] = {}): Promise<string> {
  const key = `imports/${randomBytes(12).toString("hex")}.csv`;
  await getStorage().put(key, csvOf(lines), "text/csv");
  keys.push(key);
  return insertQueuedImport(handle.db, admin.id, { fileKey: key, encoding: "utf-8-bom", separator: ";", hasHeader: true, mapping: MAPPING, headers: HEADER.split(";"), ...overrides });
}

async function run(id: string) {
  const [row] = await handle.db.select().from(companyImports).where(eq(companyImports.id, id));
  return row!;
}

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(handle.db, "Admin");
});
afterAll(async () => {
  for (const key of keys) await getStorage().delete(key);
  await handle?.close();
});

describe("an import of a stored CSV file", () => {
  it("reads, maps, normalises and writes the rows; refused rows keep their file row number and cells", async () => {
    const id = await storedImport([
      "27082440;Alza Test a.s.;info@alza.example;Jankovcova 1522/53;17000;Praha;47.91",
      "",
      ";Ohne Kennung GmbH;x@y.example;Hauptstraße 1;01067;Dresden;25.11",
      "12345678;Špatné IČO s.r.o.;ne-e-mail;Masarykova 1;40001;Ústí nad Labem;25.11",
    ]);
    expect(await runImport(handle.db, id, { reader: fileRowReader(getStorage()) })).toBe("READY");
    expect(await run(id)).toMatchObject({ status: "READY", rowsDone: 3, rowsTotal: 3, createdCount: 1, failedCount: 2 });
    const [company] = await handle.db
      .select({ name: companies.name })
      .from(companyIdentifiers)
      .innerJoin(companies, eq(companies.id, companyIdentifiers.companyId))
      .where(eq(companyIdentifiers.normalized, "27082440"));
    expect(company?.name).toBe("Alza Test a.s.");
    const rejections = await handle.db.select().from(companyImportRejections).where(eq(companyImportRejections.importId, id)).orderBy(companyImportRejections.rowNumber);
    expect(rejections.map((r) => r.rowNumber)).toEqual([4, 5]);
    expect(rejections[0]!.problems.map((p) => p.code)).toContain("IDENTIFIER_MISSING");
    expect(rejections[1]!.problems.map((p) => p.code)).toContain("IDENTIFIER_INVALID");
    expect(rejections[1]!.cells[1]).toBe("Špatné IČO s.r.o.");
  });

  it("a resumed run passes over the committed data rows (blank lines included) and writes the rest once", async () => {
    const lines = Array.from({ length: 30 }, (_, i) => (i % 5 === 4 ? "" : `${validIco(700_000 + i)};Resume Datei ${i};info${i}@r.example;Weg ${i};01067;Dresden;25.11`));
    const id = await storedImport(lines);
    await expect(
      runImport(handle.db, id, {
        reader: fileRowReader(getStorage()),
        batchSize: 5,
        afterBatch: (done) => {
          if (done >= 10) throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    expect((await run(id)).rowsDone).toBe(10);
    await handle.db.update(companyImports).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(companyImports.id, id));
    expect(await runImport(handle.db, id, { reader: fileRowReader(getStorage()), batchSize: 5 })).toBe("READY");
    expect(await run(id)).toMatchObject({ rowsDone: 24, createdCount: 24, updatedCount: 0, skippedCount: 0, failedCount: 0 });
  });

  it("a missing file ends the import in ERROR with its code", async () => {
    const id = await insertQueuedImport(handle.db, admin.id, { fileKey: `imports/${randomBytes(12).toString("hex")}.csv`, mapping: MAPPING });
    expect(await runImport(handle.db, id, { reader: fileRowReader(getStorage()) })).toBe("ERROR");
    expect(await run(id)).toMatchObject({ status: "ERROR", errorCode: "IMPORT_FILE_UNREADABLE" });
  });
});

describe.runIf(TEST_ENGINE === "pglite")("through the job queue", () => {
  it("the run job imports a queued file, and the sweep picks up one whose enqueue was lost", async () => {
    const queue = await startQueue({ handle, databaseUrl: undefined, jobs: ALL_JOBS, work: true, pollSeconds: 0.5, log: () => {} });
    const waitReady = async (id: string) => {
      const until = Date.now() + 30_000;
      while ((await run(id)).status !== "READY") {
        if (Date.now() > until) throw new Error(`import ${id} not READY: ${JSON.stringify(await run(id))}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    try {
      const queued = await storedImport([`${validIco(1_111_111)};Queue Eins GmbH;a@q.example;Weg 1;01067;Dresden;25.11`]);
      await queue.enqueue(importRunJob, { importId: queued });
      await waitReady(queued);
      expect(await run(queued)).toMatchObject({ createdCount: 1 });

      const lost = await storedImport([`${validIco(2_222_222)};Queue Zwei GmbH;b@q.example;Weg 2;01067;Dresden;25.11`]);
      await importSweepJob.handle({}, { db: handle.db, enqueue: queue.enqueue, signal: new AbortController().signal });
      await waitReady(lost);
      expect(await run(lost)).toMatchObject({ createdCount: 1, attempts: 1 });
    } finally {
      await queue.stop();
    }
  }, 60_000);
});
