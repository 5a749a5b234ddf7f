import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../../tests/support/db";
import { candidate, identifier, insertQueuedImport, listReader } from "../../../../tests/support/import-fixtures";
import { pngBytes, startLogoServer } from "../../../../tests/support/logo-server";
import { type DbHandle, rowsOf } from "~/server/db/client.server";
import { companies, companyIdentifiers, companyLogoFetches } from "~/server/db/schema";
import { mergeCompanies } from "~/server/duplicates/merge.server";
import { afterImportFinished } from "~/server/imports/run/finished.server";
import { runImport } from "~/server/imports/run/runner.server";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { logoFetchSweepJob } from "./job.server";
import { claimLogoFetches, drainLogoFetches, hasDueLogoFetches, importLogoCounts, type LogoFetchSettings } from "./logos.server";

/**
 * Logos named by imports (decision 042) on both engines: the import's batch queues a fetch for
 * created companies and for updated ones whose logo URL changed and is not curated; the drain
 * fetches from a real local HTTP server, stores a re-encoded copy and sets the logo; a logo a
 * person set in between is kept; failures are recorded with their code (retryable ones retried);
 * the sweep finds what a dead worker left; a merge moves the rows; the import list's counts.
 */
let handle: DbHandle;
let admin: TestUser;
let server: Awaited<ReturnType<typeof startLogoServer>>;
let onCuratedHit: (() => Promise<void>) | null = null;
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "pn-logos-"));
const storage = new LocalDiskStorage(storageDir);
const settings: LogoFetchSettings = { maxAttempts: 2, retrySeconds: 0, leaseSeconds: 60, batchSize: 4, fetch: { loopback: "allowed", timeoutMs: 3_000 } };

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(handle.db, "Admin");
  const png = await pngBytes(900);
  const other = await pngBytes(40);
  server = await startLogoServer({
    "/a.png": (_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(png),
    "/b.png": (_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(other),
    "/page.html": (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html></html>"),
    "/busy.png": (_req, res) => res.writeHead(503).end(),
    // A person sets the logo while the image is on its way.
    "/curated-meanwhile.png": (_req, res) => {
      void (onCuratedHit ?? (async () => undefined))().then(() => res.writeHead(200, { "content-type": "image/png" }).end(other));
    },
  });
});
afterAll(async () => {
  await server?.close();
  await handle?.close();
});

async function companyByIco(ico: string) {
  const [row] = await handle.db
    .select({ company: companies })
    .from(companyIdentifiers)
    .innerJoin(companies, eq(companies.id, companyIdentifiers.companyId))
    .where(eq(companyIdentifiers.normalized, ico.padStart(8, "0")));
  return row!.company;
}

async function fetchesOf(companyId: string) {
  return handle.db.select().from(companyLogoFetches).where(eq(companyLogoFetches.companyId, companyId)).orderBy(companyLogoFetches.createdAt);
}

async function importRows(rows: Array<{ ico: string; name: string; logoUrl: string | null }>): Promise<string> {
  const importId = await insertQueuedImport(handle.db, admin.id);
  const reader = listReader(rows.map((r, i) => ({ candidate: candidate(i + 2, { identifiers: [identifier("ICO", r.ico)], name: r.name, logoUrl: r.logoUrl }) })));
  expect(await runImport(handle.db, importId, { reader })).toBe("READY");
  return importId;
}

const stored = async (key: string | null) => (key ? await storage.get(key) : null);

describe("imported logos", () => {
  it("an import with a logo column queues fetches; the drain stores the logos and sets them", async () => {
    const importId = await importRows([
      { ico: "60000011", name: "Logo Eins GmbH", logoUrl: `${server.base}/a.png` },
      { ico: "60000022", name: "Logo Zwei GmbH", logoUrl: null },
    ]);
    const first = await companyByIco("60000011");
    expect(first.logoKey).toBeNull();
    const [queued] = await fetchesOf(first.id);
    expect(queued).toMatchObject({ state: "QUEUED", url: `${server.base}/a.png`, importId, attempts: 0 });
    expect(await fetchesOf((await companyByIco("60000022")).id)).toEqual([]);

    // The finished hook queues a drain.
    const queuedJobs: string[] = [];
    await afterImportFinished({ db: handle.db, enqueue: async (job) => (queuedJobs.push(job.name), true) }, importId);
    expect(queuedJobs).toContain("logo-fetch-drain");

    expect(await drainLogoFetches(handle.db, storage, { settings })).toMatchObject({ done: 1, failed: 0 });
    const after = await companyByIco("60000011");
    expect(after.logoKey).toMatch(/^logos\/.+\.webp$/);
    const file = await stored(after.logoKey);
    expect(file?.contentType).toBe("image/webp");
    expect(file!.data.subarray(8, 12).toString("latin1")).toBe("WEBP");
    const [done] = await fetchesOf(first.id);
    expect(done).toMatchObject({ state: "DONE", logoKey: after.logoKey, errorCode: null, attempts: 1, leaseOwner: null });
    expect(done!.finishedAt).not.toBeNull();
    expect((await importLogoCounts(handle.db, [importId])).get(importId)).toEqual({ queued: 0, fetched: 1, failed: 0 });
    // Nothing left: a second drain does nothing.
    expect(await drainLogoFetches(handle.db, storage, { settings })).toMatchObject({ done: 0, failed: 0 });
  });

  it("an update queues the logo only when its URL changed; the new logo replaces the old file", async () => {
    const before = await companyByIco("60000011");
    await importRows([{ ico: "60000011", name: "Logo Eins GmbH", logoUrl: `${server.base}/a.png` }]);
    expect(await fetchesOf(before.id)).toHaveLength(1);

    const importId = await importRows([{ ico: "60000011", name: "Logo Eins GmbH", logoUrl: `${server.base}/b.png` }]);
    // Named twice before the drain: still one waiting fetch, the newest URL.
    await importRows([{ ico: "60000011", name: "Logo Eins GmbH", logoUrl: `${server.base}/b.png?v=2` }]);
    const waiting = (await fetchesOf(before.id)).filter((f) => f.state === "QUEUED");
    expect(waiting.map((f) => f.url)).toEqual([`${server.base}/b.png?v=2`]);
    expect(waiting[0]!.importId).not.toBe(importId);

    expect(await drainLogoFetches(handle.db, storage, { settings })).toMatchObject({ done: 1 });
    const after = await companyByIco("60000011");
    expect(after.logoKey).not.toBe(before.logoKey);
    expect(await stored(after.logoKey)).not.toBeNull();
    expect(await stored(before.logoKey)).toBeNull();
  });

  it("never overwrites a logo a person set: not queued when curated, not written when curated meanwhile", async () => {
    const company = await companyByIco("60000011");
    await handle.db.update(companies).set({ curatedFields: ["logo"], logoKey: "logos/person-uploaded-logo-1.webp" }).where(eq(companies.id, company.id));
    const count = (await fetchesOf(company.id)).length;
    await importRows([{ ico: "60000011", name: "Logo Eins GmbH", logoUrl: `${server.base}/a.png?other` }]);
    expect(await fetchesOf(company.id)).toHaveLength(count);

    // Curated while the fetch is under way: the fetched image is not used (and not kept).
    await importRows([{ ico: "60000033", name: "Logo Drei GmbH", logoUrl: `${server.base}/curated-meanwhile.png` }]);
    const third = await companyByIco("60000033");
    onCuratedHit = async () => {
      await handle.db.update(companies).set({ curatedFields: ["logo"], logoKey: "logos/person-uploaded-logo-3.webp" }).where(eq(companies.id, third.id));
    };
    const filesBefore = fs.readdirSync(path.join(storageDir, "logos")).length;
    expect(await drainLogoFetches(handle.db, storage, { settings })).toMatchObject({ skipped: 1, done: 0 });
    onCuratedHit = null;
    expect((await companyByIco("60000033")).logoKey).toBe("logos/person-uploaded-logo-3.webp");
    expect((await companyByIco("60000011")).logoKey).toBe("logos/person-uploaded-logo-1.webp");
    expect((await fetchesOf(third.id))[0]).toMatchObject({ state: "DONE", errorCode: "LOGO_CURATED", logoKey: null });
    expect(fs.readdirSync(path.join(storageDir, "logos")).filter((f) => !f.startsWith(".")).length).toBeLessThanOrEqual(filesBefore);
  });

  it("records failures with their code; a retryable one is tried again, then fails", async () => {
    const importId = await importRows([
      { ico: "60000044", name: "Kein Bild GmbH", logoUrl: `${server.base}/page.html` },
      { ico: "60000055", name: "Intern GmbH", logoUrl: "http://10.0.0.1/logo.png" },
      { ico: "60000066", name: "Besetzt GmbH", logoUrl: `${server.base}/busy.png` },
    ]);
    const first = await drainLogoFetches(handle.db, storage, { settings: { ...settings, retrySeconds: 3_600 } });
    expect(first).toMatchObject({ failed: 2, retry: 1 });
    const busy = (await fetchesOf((await companyByIco("60000066")).id))[0]!;
    expect(busy).toMatchObject({ state: "QUEUED", errorCode: "LOGO_HTTP_STATUS", attempts: 1 });
    expect(busy.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    // Waiting for its retry: not due.
    expect(await hasDueLogoFetches(handle.db)).toBe(false);
    await handle.db.update(companyLogoFetches).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(companyLogoFetches.id, busy.id));
    expect(await drainLogoFetches(handle.db, storage, { settings })).toMatchObject({ failed: 1 });

    expect((await fetchesOf((await companyByIco("60000044")).id))[0]).toMatchObject({ state: "FAILED", errorCode: "LOGO_NOT_IMAGE" });
    expect((await fetchesOf((await companyByIco("60000055")).id))[0]).toMatchObject({ state: "FAILED", errorCode: "LOGO_ADDRESS_BLOCKED" });
    expect((await fetchesOf(busy.companyId))[0]).toMatchObject({ state: "FAILED", errorCode: "LOGO_HTTP_STATUS", attempts: 2 });
    for (const ico of ["60000044", "60000055", "60000066"]) expect((await companyByIco(ico)).logoKey).toBeNull();
    expect((await importLogoCounts(handle.db, [importId])).get(importId)).toEqual({ queued: 0, fetched: 0, failed: 3 });
  });

  it("the sweep picks up a fetch whose worker died; one claimed too often fails as interrupted", async () => {
    await importRows([
      { ico: "60000077", name: "Verwaist GmbH", logoUrl: `${server.base}/a.png` },
      { ico: "60000088", name: "Abgestürzt GmbH", logoUrl: `${server.base}/a.png` },
    ]);
    // A worker claims both and dies; while its lease runs they are nobody else's.
    const claimed = await claimLogoFetches(handle.db, 10, 60);
    expect(claimed).toHaveLength(2);
    expect(await hasDueLogoFetches(handle.db)).toBe(false);
    const queued: string[] = [];
    await logoFetchSweepJob.handle({}, { db: handle.db, enqueue: async (job) => (queued.push(job.name), true), signal: new AbortController().signal });
    expect(queued).toEqual([]);
    // The lease runs out: the sweep queues a drain, which fetches them.
    const crashed = claimed[1]!;
    await handle.db.update(companyLogoFetches).set({ leaseUntil: sql`now() - interval '1 second'` });
    // The second one was claimed by dying workers as often as allowed already.
    await handle.db.update(companyLogoFetches).set({ attempts: settings.maxAttempts }).where(eq(companyLogoFetches.id, crashed.id));
    await logoFetchSweepJob.handle({}, { db: handle.db, enqueue: async (job) => (queued.push(job.name), true), signal: new AbortController().signal });
    expect(queued).toEqual(["logo-fetch-drain"]);
    expect(await drainLogoFetches(handle.db, storage, { settings })).toMatchObject({ done: 1, failed: 1 });
    const rows = await handle.db.select().from(companyLogoFetches).where(sql`${companyLogoFetches.id} IN (${claimed[0]!.id}, ${crashed.id})`);
    expect(rows.find((r) => r.id === crashed.id)).toMatchObject({ state: "FAILED", errorCode: "LOGO_INTERRUPTED" });
    expect(rows.find((r) => r.id !== crashed.id)).toMatchObject({ state: "DONE", attempts: 2 });
    // The dead worker's late result is not recorded over the new one.
    const late = rowsOf(await handle.db.execute(sql`UPDATE company_logo_fetches SET state = 'FAILED' WHERE id = ${claimed[0]!.id} AND state = 'QUEUED' AND lease_owner = ${claimed[0]!.owner} RETURNING id`));
    expect(late).toEqual([]);
  });

  it("a merge moves the fetches: a waiting one goes to a kept profile without logo, the history always", async () => {
    const keep = await insertCompany(handle.db, { name: "Behalten Logo GmbH" });
    const drop = await insertCompany(handle.db, { name: "Doppelt Logo GmbH" });
    await handle.db.insert(companyLogoFetches).values([
      { companyId: drop, url: `${server.base}/b.png`, state: "FAILED", errorCode: "LOGO_TIMEOUT" },
      { companyId: drop, url: `${server.base}/a.png` },
    ]);
    await mergeCompanies(handle.db, admin.id, keep, drop, { retire: () => undefined });
    expect((await fetchesOf(keep)).map((f) => f.state).sort()).toEqual(["FAILED", "QUEUED"]);
    expect(await drainLogoFetches(handle.db, storage, { settings })).toMatchObject({ done: 1 });
    expect((await handle.db.select({ logoKey: companies.logoKey }).from(companies).where(eq(companies.id, keep)))[0]!.logoKey).toMatch(/^logos\//);

    // The kept profile has a logo: the duplicate's waiting fetch is dropped.
    const drop2 = await insertCompany(handle.db, { name: "Doppelt Logo Zwei GmbH" });
    await handle.db.insert(companyLogoFetches).values({ companyId: drop2, url: `${server.base}/b.png` });
    await mergeCompanies(handle.db, admin.id, keep, drop2, { retire: () => undefined });
    expect((await fetchesOf(keep)).filter((f) => f.state === "QUEUED")).toEqual([]);
  });

  it("a company deleted for good takes its fetches with it; one deleted meanwhile gets no logo", async () => {
    const gone = await insertCompany(handle.db, { name: "Weg GmbH" });
    await handle.db.insert(companyLogoFetches).values({ companyId: gone, url: `${server.base}/a.png` });
    await handle.db.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, gone));
    expect(await drainLogoFetches(handle.db, storage, { settings })).toMatchObject({ skipped: 1 });
    expect((await fetchesOf(gone))[0]).toMatchObject({ state: "DONE", errorCode: "COMPANY_GONE" });
    await handle.db.delete(companies).where(eq(companies.id, gone));
    expect(await fetchesOf(gone)).toEqual([]);
  });
});
