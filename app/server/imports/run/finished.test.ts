import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../../tests/support/db";
import { candidate, identifier, insertQueuedImport, listReader } from "../../../../tests/support/import-fixtures";
import type { DbHandle } from "~/server/db/client.server";
import { companies, companyTranslationJobs } from "~/server/db/schema";
import type { Enqueue } from "~/server/jobs/job";
import { queueImportTranslations } from "~/server/translation/jobs.server";
import { runImport } from "./runner.server";

/**
 * What follows an import (decision 041): the profiles it created with a description in the file's
 * language only get one translation job each — not the ones with both languages, not other
 * companies — and a repeated hook queues nothing more.
 */
let handle: DbHandle;
let admin: TestUser;

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(handle.db, "Admin");
});
afterAll(async () => handle?.close());

describe("translations after an import", () => {
  it("queues one job per imported profile with one language, once", async () => {
    const unrelated = await insertCompany(handle.db, { name: "Fremde Firma GmbH" });
    await handle.db.update(companies).set({ descriptionDe: "Nur deutsch.", descriptionCs: "" }).where(eq(companies.id, unrelated));
    const importId = await insertQueuedImport(handle.db, admin.id, { language: "cs", country: "CZ" });
    const reader = listReader([
      { candidate: candidate(2, { identifiers: [identifier("ICO", "27074358")], name: "Překlad První s.r.o.", description: "Svařujeme ocel." }) },
      { candidate: candidate(3, { identifiers: [identifier("ICO", "25596641")], name: "Překlad Druhá s.r.o.", description: null }) },
    ]);
    expect(await runImport(handle.db, importId, { reader })).toBe("READY");

    const queued: string[] = [];
    const enqueue: Enqueue = async (job) => {
      queued.push(job.name);
      return true;
    };
    expect(await queueImportTranslations(handle.db, importId, "cs", { enabled: true, enqueue })).toBe(1);
    const jobs = await handle.db.select().from(companyTranslationJobs);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ sourceLang: "cs", targetLang: "de", sourceText: "Svařujeme ocel.", applyResult: true });
    expect(queued.length).toBeGreaterThan(0);

    // The hook may run twice (a crash right after the end): nothing more is queued.
    expect(await queueImportTranslations(handle.db, importId, "cs", { enabled: true, enqueue })).toBe(0);
    // Without a configured service nothing is queued at all.
    expect(await queueImportTranslations(handle.db, importId, "cs", { enabled: false, enqueue })).toBe(0);
    expect(await handle.db.select().from(companyTranslationJobs)).toHaveLength(1);
  });
});
