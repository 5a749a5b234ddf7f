import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { type FakeTranslator, startFakeDeepL, startFakeLibreTranslate } from "../../../tests/support/fake-translators";
import { companyUserLinks } from "~/server/db/schema";
import { type DbHandle } from "~/server/db/client.server";
import { companies, companyTranslationJobs, tags, tagTranslationJobs } from "~/server/db/schema";
import type { Enqueue } from "~/server/jobs/job";
import {
  getTranslationJob,
  queueAllMissingTranslations,
  queueCompanyTranslation,
  requestTranslation,
  runTranslationJob,
  type TranslationJobSettings,
} from "./jobs.server";
import { countMissingTranslations, listMissingTranslations, updateTagLabels } from "./missing.server";
import { createTranslator, type Translator, TranslatorError } from "./translator.server";

/**
 * Machine translation (issue 21, decision 041) against real HTTP servers speaking LibreTranslate
 * and DeepL, on both database engines.
 */

let handle: DbHandle;
let lt: FakeTranslator;
let deepl: FakeTranslator;
let libre: Translator;
let admin: TestUser;
const db = () => handle.db;
const SETTINGS: TranslationJobSettings = { maxAttempts: 3, retrySeconds: 0, leaseSeconds: 60 };
/** Records what would be queued on pg-boss (the test works on the rows itself). */
const queued: Array<{ name: string; data: unknown }> = [];
const enqueue: Enqueue = async (job, data) => {
  queued.push({ name: job.name, data });
  return true;
};
const options = { enabled: true, enqueue };

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(db(), "Admin");
  lt = await startFakeLibreTranslate({ apiKey: "lt-key" });
  deepl = await startFakeDeepL({ authKey: "deepl-key:fx" });
  libre = createTranslator({ provider: "libretranslate", url: lt.url, apiKey: "lt-key" }, { timeoutMs: 2_000 });
});
afterAll(async () => {
  await Promise.all([lt.close(), deepl.close()]);
  await handle.close();
});
afterEach(() => {
  lt.failNext(200, 0);
  lt.setDelay(0);
  lt.setHtmlAnswer(null);
  queued.length = 0;
});

async function member(companyId: string): Promise<TestUser> {
  const user = await insertUser(db());
  await db().insert(companyUserLinks).values({ userId: user.id, companyId, status: "CONFIRMED" });
  return user;
}

async function companyWith(descriptionDe: string, descriptionCs: string, origin: "IMPORTED" | "MANUAL" = "IMPORTED"): Promise<string> {
  const id = await insertCompany(db());
  await db().update(companies).set({ descriptionDe, descriptionCs, origin }).where(eq(companies.id, id));
  return id;
}

describe("the LibreTranslate adapter", () => {
  it("translates plain text with the key, and HTML sanitised on the way back", async () => {
    expect(await libre.translate(["Guten Tag", "Maschinenbau"], "de", "cs", "text")).toEqual(["[cs] Guten Tag", "[cs] Maschinenbau"]);
    expect(lt.requests.at(-1)?.body).toMatchObject({ q: ["Guten Tag", "Maschinenbau"], source: "de", target: "cs", format: "text", api_key: "lt-key" });
    lt.setHtmlAnswer('<p>Dobrý den<script>alert(1)</script> <a href="javascript:alert(1)" onclick="x()">odkaz</a> <img src=x onerror=alert(1)></p>');
    const [html] = await libre.translate(["<p>Guten Tag</p>"], "de", "cs", "html");
    expect(lt.requests.at(-1)?.body).toMatchObject({ format: "html" });
    expect(html).toBe('<p>Dobrý den <a target="_blank" rel="noopener noreferrer nofollow">odkaz</a> </p>');
  });

  it("maps refusals and trouble to codes, retryable or not", async () => {
    const code = async (translator: Translator) =>
      translator.translate(["Hallo"], "de", "cs", "text").then(
        () => null,
        (error: unknown) => (error instanceof TranslatorError ? [error.code, error.retryable] : error),
      );
    lt.failNext(503);
    expect(await code(libre)).toEqual(["UNAVAILABLE", true]);
    lt.failNext(429);
    expect(await code(libre)).toEqual(["RATE_LIMITED", true]);
    lt.failNext(400);
    expect(await code(libre)).toEqual(["REJECTED", false]);
    // A wrong key: the server's own 403.
    expect(await code(createTranslator({ provider: "libretranslate", url: lt.url, apiKey: "wrong" }, { timeoutMs: 2_000 }))).toEqual(["AUTH_FAILED", false]);
    // Nobody listening.
    const closed = await startFakeLibreTranslate();
    await closed.close();
    expect(await code(createTranslator({ provider: "libretranslate", url: closed.url, apiKey: null }, { timeoutMs: 2_000 }))).toEqual(["UNAVAILABLE", true]);
    // Too slow: the bounded timeout.
    lt.setDelay(500);
    expect(await code(createTranslator({ provider: "libretranslate", url: lt.url, apiKey: "lt-key" }, { timeoutMs: 100 }))).toEqual(["TIMEOUT", true]);
    lt.setDelay(0);
    // Too much text is refused before anything is sent.
    const before = lt.requests.length;
    await expect(libre.translate(["x".repeat(60_001)], "de", "cs", "text")).rejects.toMatchObject({ code: "TOO_LARGE" });
    expect(lt.requests.length).toBe(before);
  });
});

describe("the DeepL adapter", () => {
  it("sends DeepL's request with the auth header and reads its answer", async () => {
    const translator = createTranslator({ provider: "deepl", url: deepl.url, apiKey: "deepl-key:fx" }, { timeoutMs: 2_000 });
    expect(await translator.translate(["<p>Dobrý den</p>"], "cs", "de", "html")).toEqual(["<p>[de] Dobrý den</p>"]);
    const request = deepl.requests.at(-1);
    expect(request?.headers.authorization).toBe("DeepL-Auth-Key deepl-key:fx");
    expect(request?.body).toEqual({ text: ["<p>Dobrý den</p>"], source_lang: "CS", target_lang: "DE", tag_handling: "html" });
  });

  it("maps DeepL's quota, auth and overload answers", async () => {
    const translator = createTranslator({ provider: "deepl", url: deepl.url, apiKey: "deepl-key:fx" }, { timeoutMs: 2_000 });
    deepl.failNext(456);
    await expect(translator.translate(["Hallo"], "de", "cs", "text")).rejects.toMatchObject({ code: "QUOTA_EXCEEDED", retryable: false });
    deepl.failNext(529);
    await expect(translator.translate(["Hallo"], "de", "cs", "text")).rejects.toMatchObject({ code: "RATE_LIMITED", retryable: true });
    const wrongKey = createTranslator({ provider: "deepl", url: deepl.url, apiKey: "other" }, { timeoutMs: 2_000 });
    await expect(wrongKey.translate(["Hallo"], "de", "cs", "text")).rejects.toMatchObject({ code: "AUTH_FAILED" });
  });
});

describe(`translation jobs (${TEST_ENGINE})`, () => {
  it("an editor's request runs to DONE with the suggestion, and nothing is written to the profile", async () => {
    const companyId = await companyWith("Wir bauen Maschinen.", "Stroje.", "MANUAL");
    const editor = await member(companyId);
    const ref = await requestTranslation(db(), editor, { kind: "company", subjectId: companyId, field: "description", from: "de", to: "cs", text: "Wir fräsen Teile." }, options);
    expect(queued).toEqual([{ name: "translation", data: { table: "company", id: ref.id } }]);
    expect((await getTranslationJob(db(), editor, "company", ref.id)).status).toBe("QUEUED");

    expect(await runTranslationJob(db(), "company", ref.id, { translator: libre, settings: SETTINGS })).toMatchObject({ outcome: "done" });
    expect(await getTranslationJob(db(), editor, "company", ref.id)).toMatchObject({ status: "DONE", result: "[cs] Wir fräsen Teile.", attempts: 1 });
    const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(company?.descriptionCs).toBe("Stroje.");
    // A second run finds nothing to do (a duplicate pg-boss job is harmless).
    expect(await runTranslationJob(db(), "company", ref.id, { translator: libre, settings: SETTINGS })).toEqual({ outcome: "nothing" });
    // Only the requester (and admins) see the job.
    await expect(getTranslationJob(db(), await insertUser(db()), "company", ref.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getTranslationJob(db(), admin, "company", ref.id)).status).toBe("DONE");
  });

  it("retries a transient 503 and succeeds", async () => {
    const companyId = await companyWith("Text zum Übersetzen.", "");
    const id = await queueCompanyTranslation(db(), companyId, { from: "de", to: "cs" }, options);
    expect(id).not.toBeNull();
    lt.failNext(503);
    const first = await runTranslationJob(db(), "company", id!, { translator: libre, settings: SETTINGS });
    expect(first.outcome).toBe("retry");
    expect(first.retryAt).toBeInstanceOf(Date);
    const [waiting] = await db().select().from(companyTranslationJobs).where(eq(companyTranslationJobs.id, id!));
    expect(waiting).toMatchObject({ status: "QUEUED", attempts: 1, errorCode: "UNAVAILABLE" });

    expect((await runTranslationJob(db(), "company", id!, { translator: libre, settings: SETTINGS })).outcome).toBe("done");
    const [done] = await db().select().from(companyTranslationJobs).where(eq(companyTranslationJobs.id, id!));
    expect(done).toMatchObject({ status: "DONE", attempts: 2, errorCode: null, result: "[cs] Text zum Übersetzen." });
    // An imported profile nobody is editing gets the translation written in.
    expect(done?.appliedAt).not.toBeNull();
    const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(company?.descriptionCs).toBe("[cs] Text zum Übersetzen.");
  });

  it("fails after the last attempt with the code, and at once for a permanent refusal", async () => {
    const companyId = await companyWith("", "Popis firmy.");
    const id = await queueCompanyTranslation(db(), companyId, { from: "cs", to: "de" }, options);
    lt.failNext(500, 3);
    expect((await runTranslationJob(db(), "company", id!, { translator: libre, settings: SETTINGS })).outcome).toBe("retry");
    expect((await runTranslationJob(db(), "company", id!, { translator: libre, settings: SETTINGS })).outcome).toBe("retry");
    expect((await runTranslationJob(db(), "company", id!, { translator: libre, settings: SETTINGS })).outcome).toBe("failed");
    const [failed] = await db().select().from(companyTranslationJobs).where(eq(companyTranslationJobs.id, id!));
    expect(failed).toMatchObject({ status: "FAILED", attempts: 3, errorCode: "UNAVAILABLE", result: null });
    expect(failed?.finishedAt).not.toBeNull();
    const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(company?.descriptionDe).toBe("");

    // 400: the service refuses this text; trying again would not help.
    const other = await companyWith("", "Jiný popis.");
    const second = await queueCompanyTranslation(db(), other, { from: "cs", to: "de" }, options);
    lt.failNext(400);
    expect((await runTranslationJob(db(), "company", second!, { translator: libre, settings: SETTINGS })).outcome).toBe("failed");
    const [refused] = await db().select().from(companyTranslationJobs).where(eq(companyTranslationJobs.id, second!));
    expect(refused).toMatchObject({ status: "FAILED", attempts: 1, errorCode: "REJECTED" });
  });

  it("does not write a result into a text that changed meanwhile, nor over a translation someone typed", async () => {
    const changed = await companyWith("Alter Text.", "");
    const id = await queueCompanyTranslation(db(), changed, { from: "de", to: "cs" }, options);
    await db().update(companies).set({ descriptionDe: "Neuer Text, von Hand geändert." }).where(eq(companies.id, changed));
    expect((await runTranslationJob(db(), "company", id!, { translator: libre, settings: SETTINGS })).outcome).toBe("done");
    const [job] = await db().select().from(companyTranslationJobs).where(eq(companyTranslationJobs.id, id!));
    expect(job).toMatchObject({ status: "DONE", appliedAt: null });
    const [company] = await db().select().from(companies).where(eq(companies.id, changed));
    expect(company?.descriptionCs).toBe("");

    const typed = await companyWith("Ein Text.", "");
    const second = await queueCompanyTranslation(db(), typed, { from: "de", to: "cs" }, options);
    await db().update(companies).set({ descriptionCs: "Ručně napsaný překlad." }).where(eq(companies.id, typed));
    await runTranslationJob(db(), "company", second!, { translator: libre, settings: SETTINGS });
    const [kept] = await db().select().from(companies).where(eq(companies.id, typed));
    expect(kept?.descriptionCs).toBe("Ručně napsaný překlad.");
  });

  it("queues nothing without a service, without source text, with the target written, or twice", async () => {
    const companyId = await companyWith("Nur Deutsch.", "");
    expect(await queueCompanyTranslation(db(), companyId, { from: "de", to: "cs" }, { enqueue, enabled: false })).toBeNull();
    expect(await queueCompanyTranslation(db(), companyId, { from: "cs", to: "de" }, options)).toBeNull();
    const id = await queueCompanyTranslation(db(), companyId, { from: "de", to: "cs" }, options);
    expect(id).not.toBeNull();
    expect(await queueCompanyTranslation(db(), companyId, { from: "de", to: "cs" }, options)).toBeNull();
    const both = await companyWith("Deutsch.", "Česky.");
    expect(await queueCompanyTranslation(db(), both, { from: "de", to: "cs" }, options)).toBeNull();
  });

  it("translate all missing: admins only; company descriptions and tag labels, written in", async () => {
    const companyId = await companyWith("", "Jen česky.");
    const [tag] = await db().insert(tags).values({ labelDe: "Nur deutsches Schlagwort", labelCs: "" }).returning({ id: tags.id });
    await expect(queueAllMissingTranslations(db(), await insertUser(db(), "Multiplikator"), options)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const counts = await queueAllMissingTranslations(db(), admin, options);
    expect(counts.companies).toBeGreaterThanOrEqual(1);
    expect(counts.tags).toBe(1);
    // Bulk work goes to drains of the tables (their own queue: an editor's request never waits behind them).
    expect(queued).toContainEqual({ name: "translation-drain", data: { table: "company" } });
    expect(queued).toContainEqual({ name: "translation-drain", data: { table: "tag" } });
    // Twice queues nothing more while those jobs are open.
    expect(await queueAllMissingTranslations(db(), admin, options)).toEqual({ companies: 0, tags: 0 });
    // A drain works through a table.
    for (;;) if ((await runTranslationJob(db(), "company", null, { translator: libre, settings: SETTINGS })).outcome === "nothing") break;
    for (;;) if ((await runTranslationJob(db(), "tag", null, { translator: libre, settings: SETTINGS })).outcome === "nothing") break;
    const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(company?.descriptionDe).toBe("[de] Jen česky.");
    const [translatedTag] = await db().select().from(tags).where(eq(tags.id, tag!.id));
    expect(translatedTag?.labelCs).toBe("[cs] Nur deutsches Schlagwort");
    const [tagJob] = await db().select().from(tagTranslationJobs).where(eq(tagTranslationJobs.tagId, tag!.id));
    expect(tagJob).toMatchObject({ status: "DONE", requestedBy: admin.id });
  });

  it("hands a due job to one of two competing workers only", async () => {
    const companyId = await companyWith("Wettlauf.", "", "IMPORTED");
    const id = await queueCompanyTranslation(db(), companyId, { from: "de", to: "cs" }, options);
    lt.setDelay(200);
    const outcomes = await Promise.all([
      runTranslationJob(db(), "company", id!, { translator: libre, settings: SETTINGS }),
      runTranslationJob(db(), "company", id!, { translator: libre, settings: SETTINGS }),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["done", "nothing"]);
    const [job] = await db().select().from(companyTranslationJobs).where(eq(companyTranslationJobs.id, id!));
    expect(job).toMatchObject({ status: "DONE", attempts: 1 });
  });
});

describe(`who may ask for a translation (${TEST_ENGINE})`, () => {
  it("the company's editors and admins; not another company's editor, nor anonymous; 404 without a service", async () => {
    const companyId = await companyWith("Text.", "Text.", "MANUAL");
    const editor = await member(companyId);
    const outsider = await member(await insertCompany(db()));
    const request = { kind: "company" as const, subjectId: companyId, field: "description" as const, from: "de" as const, to: "cs" as const, text: "Hallo" };
    await expect(requestTranslation(db(), null, request, options)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(requestTranslation(db(), outsider, request, options)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(requestTranslation(db(), editor, request, { enqueue, enabled: false })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await requestTranslation(db(), editor, request, options)).kind).toBe("company");
    expect((await requestTranslation(db(), admin, request, options)).kind).toBe("company");
  });

  it("events: their organisers (or, on the create page, whoever may create one); Organisation users never", async () => {
    const companyId = await insertCompany(db());
    const organiser = await insertUser(db(), "Multiplikator");
    await db().insert(companyUserLinks).values({ userId: organiser.id, companyId, status: "CONFIRMED" });
    const eventId = await insertEvent(db(), { companyId });
    const request = { kind: "event" as const, field: "description" as const, from: "de" as const, to: "cs" as const, text: "<p>Hallo</p>" };
    expect((await requestTranslation(db(), organiser, { ...request, subjectId: eventId }, options)).kind).toBe("event");
    expect((await requestTranslation(db(), organiser, request, options)).kind).toBe("event");
    const otherMultiplier = await insertUser(db(), "Multiplikator");
    await db().insert(companyUserLinks).values({ userId: otherMultiplier.id, companyId: await insertCompany(db()), status: "CONFIRMED" });
    await expect(requestTranslation(db(), otherMultiplier, { ...request, subjectId: eventId }, options)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(requestTranslation(db(), await insertUser(db()), request, options)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("tags: any signed-in user for a tag being typed; existing tags only admins", async () => {
    const user = await insertUser(db());
    const request = { kind: "tag" as const, field: "label" as const, from: "de" as const, to: "cs" as const, text: "Zerspanung" };
    expect((await requestTranslation(db(), user, request, options)).kind).toBe("tag");
    const [tag] = await db().insert(tags).values({ labelDe: "Vorhanden", labelCs: "Existující" }).returning({ id: tags.id });
    await expect(requestTranslation(db(), user, { ...request, subjectId: tag!.id }, options)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe(`the admin list of missing languages (${TEST_ENGINE})`, () => {
  it("lists profiles and tags with a language missing, for admins only; tags are completed by hand", async () => {
    const companyId = await companyWith("Nur Deutsch, von Hand zu ergänzen.", "   ", "MANUAL");
    const [tag] = await db().insert(tags).values({ labelDe: "", labelCs: "Jen česky ručně" }).returning({ id: tags.id });
    await expect(listMissingTranslations(db(), await insertUser(db()))).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(countMissingTranslations(db(), null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const before = await countMissingTranslations(db(), admin);
    const list = await listMissingTranslations(db(), admin, { companyPage: 1, tagPage: 1 });
    expect(list.companies.total + list.tags.total).toBe(before);
    // Page through all rows of the lists (other tests of this file add some).
    const companyRows = [];
    for (let page = 1; page <= list.companies.pageCount; page++) companyRows.push(...(await listMissingTranslations(db(), admin, { companyPage: page })).companies.rows);
    expect(companyRows.find((r) => r.id === companyId)).toMatchObject({ missingDe: false, missingCs: true, lastJob: null });
    expect(list.tags.rows.find((r) => r.id === tag!.id)).toMatchObject({ labelDe: "", labelCs: "Jen česky ručně" });

    // A label another tag has is refused, nothing changed; then completed.
    await db().insert(tags).values({ labelDe: "Schon vergeben", labelCs: "Již obsazeno" });
    await expect(updateTagLabels(db(), admin, tag!.id, { de: "schon VERGEBEN", cs: "Jen česky ručně" })).rejects.toMatchObject({ code: "TAG_LABEL_TAKEN" });
    await expect(updateTagLabels(db(), await insertUser(db()), tag!.id, { de: "Nur tschechisch", cs: "Jen česky ručně" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(updateTagLabels(db(), admin, tag!.id, { de: "", cs: "Jen česky ručně" })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await updateTagLabels(db(), admin, tag!.id, { de: "Nur tschechisch von Hand", cs: "Jen česky ručně" });
    const [completed] = await db().select().from(tags).where(eq(tags.id, tag!.id));
    expect(completed).toMatchObject({ labelDe: "Nur tschechisch von Hand", labelCs: "Jen česky ručně" });
    expect(await countMissingTranslations(db(), admin)).toBe(before - 1);
  });
});
