import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { clonePostgres, createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { SAVED_SEARCHES_PER_USER, SaveSearchSchema } from "~/schemas/saved-search";
import { type DbHandle, openPostgres } from "~/server/db/client.server";
import { savedSearchDigests, savedSearches } from "~/server/db/schema";
import type { OutgoingMail } from "~/server/mail/mailer.server";
import { digestCutoff, renderDigestMail, runDigest, sendPendingDigests } from "./digest.server";
import {
  deleteSavedSearch,
  listSavedSearches,
  saveSearch,
  setSavedSearchPaused,
  unsubscribeByToken,
  updateSavedSearch,
} from "./saved-searches.server";
import { makeUnsubscribeToken, readUnsubscribeToken } from "./unsubscribe-token.server";

/**
 * Saved searches and their digests (issue 25, decision 061), on the real database: the rules of
 * saving and managing, what a digest contains and when none is written, the watermark, the
 * one-click unsubscribe token, and two instances running the digest at the same moment.
 */

let handle: DbHandle;
const db = () => handle.db;
const HOUR = 3_600_000;
/** A run's "now" comfortably after every search's due time. */
const later = (hours = 0) => new Date(Date.now() + 60_000 + hours * HOUR);
const actor = (u: TestUser) => ({ id: u.id, role: u.role });
const params = (q: Record<string, string | string[]>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) for (const x of Array.isArray(v) ? v : [v]) p.append(k, x);
  return p;
};
let seq = 0;
/** A word no other test's company carries. */
const word = () => `zylofrax${Date.now().toString(36)}${++seq}`;

async function digestsOf(userId: string) {
  return db().select().from(savedSearchDigests).where(eq(savedSearchDigests.userId, userId));
}

beforeAll(async () => {
  handle = await createTestDb();
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe("saving and managing", () => {
  it("stores the search page's canonical parameters; a search the page would refuse is not saved", async () => {
    const user = await insertUser(db());
    const id = await saveSearch(db(), actor(user), params({ q: "  Fräsen ", type: "OFFER", country: "CZ", page: "4", junk: "x" }), { name: "Fräsen CZ", frequency: "WEEKLY" });
    const [row] = await db().select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(row).toMatchObject({ name: "Fräsen CZ", frequency: "WEEKLY", paused: false, params: "q=Fr%C3%A4sen&type=OFFER&country=CZ" });
    await expect(saveSearch(db(), actor(user), params({ q: "x" }), { name: "zu kurz", frequency: "DAILY" })).rejects.toMatchObject({ code: "SAVED_SEARCH_INVALID" });
    await expect(saveSearch(db(), null, params({ q: "Fräsen" }), { name: "anonym", frequency: "DAILY" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await listSavedSearches(db(), actor(user))).toHaveLength(1);
  });

  it("validates name and frequency with translated codes", () => {
    expect(SaveSearchSchema.safeParse({ name: "   ", frequency: "DAILY" }).error?.issues[0]?.message).toBe("NAME_REQUIRED");
    expect(SaveSearchSchema.safeParse({ name: "x".repeat(81), frequency: "DAILY" }).error?.issues[0]?.message).toBe("TEXT_TOO_LONG");
    expect(SaveSearchSchema.safeParse({ name: "ok", frequency: "HOURLY" }).error?.issues[0]?.message).toBe("INVALID_INPUT");
  });

  it(`keeps at most ${SAVED_SEARCHES_PER_USER} per user, also when saves race`, async () => {
    const user = await insertUser(db());
    const attempts = await Promise.allSettled(
      Array.from({ length: SAVED_SEARCHES_PER_USER + 5 }, (_, i) => saveSearch(db(), actor(user), params({ q: `suche${i}` }), { name: `S${i}`, frequency: "DAILY" })),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(SAVED_SEARCHES_PER_USER);
    const refused = attempts.filter((a): a is PromiseRejectedResult => a.status === "rejected");
    expect(refused.map((r) => (r.reason as { code: string }).code)).toEqual(Array(5).fill("SAVED_SEARCH_LIMIT_REACHED"));
    expect(await listSavedSearches(db(), actor(user))).toHaveLength(SAVED_SEARCHES_PER_USER);
  });

  it("renames, changes frequency, pauses, resumes and deletes only the owner's searches", async () => {
    const owner = await insertUser(db());
    const other = await insertUser(db(), "Admin");
    const id = await saveSearch(db(), actor(owner), params({ q: "Laser" }), { name: "Laser", frequency: "DAILY" });
    await expect(updateSavedSearch(db(), actor(other), { id, name: "fremd", frequency: "WEEKLY" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(setSavedSearchPaused(db(), actor(other), id, true)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteSavedSearch(db(), actor(other), id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listSavedSearches(db(), actor(owner)))[0]).toMatchObject({ name: "Laser", frequency: "DAILY", paused: false });

    await updateSavedSearch(db(), actor(owner), { id, name: "Laserschneiden", frequency: "WEEKLY" });
    await setSavedSearchPaused(db(), actor(owner), id, true);
    expect((await listSavedSearches(db(), actor(owner)))[0]).toMatchObject({ name: "Laserschneiden", frequency: "WEEKLY", paused: true });
    await setSavedSearchPaused(db(), actor(owner), id, false);
    expect((await listSavedSearches(db(), actor(owner)))[0]?.paused).toBe(false);
    await deleteSavedSearch(db(), actor(owner), id);
    expect(await listSavedSearches(db(), actor(owner))).toEqual([]);
  });
});

describe("digest", () => {
  it("mails what is new since the last digest, grouped per user, and nothing when nothing is new", async () => {
    const w = word();
    const user = await insertUser(db(), "Organisation", { locale: "cs" });
    const a = await saveSearch(db(), actor(user), params({ q: w }), { name: "Alles", frequency: "DAILY" });
    const b = await saveSearch(db(), actor(user), params({ q: w, country: "CZ" }), { name: "Nur CZ", frequency: "WEEKLY" });
    await saveSearch(db(), actor(user), params({ q: w, type: "INQUIRY" }), { name: "Nichts", frequency: "DAILY" });
    const de = await insertCompany(db(), { name: `Firma ${w} Dresden` });
    const cz = await insertCompany(db(), { name: `Firma ${w} Ústí`, address: { country: "CZ", state: "Ústecký kraj", postalCode: "40001", districtCode: null } });
    await insertCompany(db(), { name: `Firma ${w} Entwurf`, status: "PENDING" });

    const first = await runDigest(db(), { now: later() });
    expect(first.skipped).toBe(0);
    const [digest, ...none] = await digestsOf(user.id);
    expect(none).toEqual([]);
    const sections = digest!.sections;
    expect(sections.map((s) => s.name)).toEqual(["Alles", "Nur CZ"]);
    expect(sections[0]!.hits.map((h) => h.id).sort()).toEqual([de, cz].sort());
    expect(sections[1]!.hits.map((h) => h.id)).toEqual([cz]);
    expect(sections[1]!.savedSearchId).toBe(b);

    // The same night again: not due, nothing written.
    await runDigest(db(), { now: later() });
    expect(await digestsOf(user.id)).toHaveLength(1);
    // The next night: due (the daily ones), but nothing new, so no mail.
    await runDigest(db(), { now: later(21) });
    expect(await digestsOf(user.id)).toHaveLength(1);
    // Something new: only that.
    const newer = await insertCompany(db(), { name: `Firma ${w} Pirna` });
    await runDigest(db(), { now: later(42) });
    const all = await digestsOf(user.id);
    expect(all).toHaveLength(2);
    const latest = all.find((d) => d.id !== digest!.id)!;
    expect(latest.sections.map((s) => [s.savedSearchId, s.hits.map((h) => h.id)])).toEqual([[a, [newer]]]);
  });

  it("leaves paused searches out; resuming starts afresh", async () => {
    const w = word();
    const user = await insertUser(db());
    const id = await saveSearch(db(), actor(user), params({ q: w }), { name: "P", frequency: "DAILY" });
    await setSavedSearchPaused(db(), actor(user), id, true);
    await insertCompany(db(), { name: `Pausiert ${w}` });
    await runDigest(db(), { now: later() });
    expect(await digestsOf(user.id)).toEqual([]);
    await setSavedSearchPaused(db(), actor(user), id, false);
    await runDigest(db(), { now: later() });
    expect(await digestsOf(user.id)).toEqual([]);
  });

  it("sends each pending digest once, in the user's language, with one-click unsubscribe headers", async () => {
    const w = word();
    const user = await insertUser(db(), "Organisation", { locale: "cs" });
    await saveSearch(db(), actor(user), params({ q: w }), { name: "Hlídání", frequency: "DAILY" });
    const company = await insertCompany(db(), { name: `Firma ${w}` });
    await runDigest(db(), { now: later() });
    const sent: OutgoingMail[] = [];
    const deliver = async (mail: OutgoingMail) => {
      sent.push(mail);
    };
    await sendPendingDigests(db(), deliver);
    await sendPendingDigests(db(), deliver);
    const mine = sent.filter((m) => m.to === user.email);
    expect(mine).toHaveLength(1);
    const mail = mine[0]!;
    expect(mail.subject).toBe("1 nový výsledek pro vaše hlídací hledání");
    expect(mail.text).toContain(`/cs/firmy/${company}`);
    expect(mail.text).toContain("/cs/vyhledavani?q=");
    expect(mail.list?.unsubscribe.url).toMatch(/^http.*\/cs\/hlidaci-hledani\/odhlaseni\//);
    // nodemailer turns `list` and `headers` into the RFC 2369 / 8058 header lines.
    const info = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail({ from: "a@example.com", ...mail });
    const raw = (info.message as Buffer).toString().replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toMatch(/^List-Unsubscribe: <http[^>]+\/cs\/hlidaci-hledani\/odhlaseni\/[^>]+>/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const [row] = await digestsOf(user.id);
    expect(row?.status).toBe("SENT");
  });

  it("lists at most ten matches a search and counts the rest", () => {
    const hits = Array.from({ length: 10 }, (_, i) => ({ kind: "OFFER" as const, id: `${i}`, companyId: "c", title: `Angebot ${i}`, companyName: "Firma" }));
    const mail = renderDigestMail({ id: "d", userId: "00000000-0000-0000-0000-000000000001", sections: [{ savedSearchId: "s", name: "S", params: "q=x", hits, more: 5 }] }, "x@example.com", "de", new Date());
    expect(mail.subject).toBe("15 neue Treffer für Ihre Suchaufträge");
    expect(mail.text).toContain("und 5 weitere Treffer");
    expect(mail.text).toContain("Angebot: Angebot 3 (Firma)");
  });
});

describe("one-click unsubscribe", () => {
  it("pauses all of the token's user's searches; a forged, expired or malformed token changes nothing", async () => {
    const user = await insertUser(db());
    const other = await insertUser(db());
    await saveSearch(db(), actor(user), params({ q: "Guss" }), { name: "Guss", frequency: "DAILY" });
    await saveSearch(db(), actor(user), params({ q: "Blech" }), { name: "Blech", frequency: "WEEKLY" });
    await saveSearch(db(), actor(other), params({ q: "Guss" }), { name: "Guss", frequency: "DAILY" });
    const now = new Date();
    const token = makeUnsubscribeToken(user.id, now);
    const [id, exp, sig] = token.split(".");
    const forged = [
      `${other.id}.${exp}.${sig}`, // another user with this signature
      `${id}.${Number(exp) + 1}.${sig}`, // a longer validity
      `${id}.${exp}.${sig!.slice(0, -1)}${sig!.endsWith("0") ? "1" : "0"}`,
      makeUnsubscribeToken(user.id, now, "another-secret-another-secret-another"),
      "",
      "x.y.z",
      `${token}.extra`,
    ];
    const expired = makeUnsubscribeToken(user.id, new Date(now.getTime() - 91 * 24 * HOUR));
    for (const bad of [...forged, expired]) {
      expect(readUnsubscribeToken(bad, now)).toBeNull();
      await expect(unsubscribeByToken(db(), bad, now)).rejects.toMatchObject({ code: "UNSUBSCRIBE_LINK_INVALID" });
    }
    expect((await listSavedSearches(db(), actor(user))).map((s) => s.paused)).toEqual([false, false]);

    expect(await unsubscribeByToken(db(), token, now)).toBe(2);
    expect((await listSavedSearches(db(), actor(user))).map((s) => s.paused)).toEqual([true, true]);
    expect((await listSavedSearches(db(), actor(other))).map((s) => s.paused)).toEqual([false]);
    // A second click (or the mail client's retry) is harmless.
    expect(await unsubscribeByToken(db(), token, now)).toBe(0);
  });
});

describe.runIf(TEST_ENGINE === "postgres")("on PostgreSQL with two instances", () => {
  it("two instances running the digest at once write each user's digest exactly once", async () => {
    const clone = await clonePostgres();
    const [one, two] = [await openPostgres(clone.url), await openPostgres(clone.url)];
    try {
      const w = word();
      const users = await Promise.all(Array.from({ length: 40 }, () => insertUser(one.db)));
      for (const [i, u] of users.entries()) {
        await saveSearch(one.db, actor(u), params({ q: w }), { name: "A", frequency: "DAILY" });
        if (i % 2 === 0) await saveSearch(one.db, actor(u), params({ q: w, country: "DE" }), { name: "B", frequency: "WEEKLY" });
      }
      await insertCompany(one.db, { name: `Firma ${w}` });
      const now = later();
      const [r1, r2] = await Promise.all([runDigest(one.db, { now, concurrency: 3 }), runDigest(two.db, { now, concurrency: 3 })]);
      expect(r1.users + r2.users).toBe(40);
      expect(r1.digests + r2.digests).toBe(40);
      const counts = await one.db.execute(sql`SELECT user_id, count(*)::int AS n FROM saved_search_digests GROUP BY user_id`);
      const rows = (counts as unknown as { rows: Array<{ n: number }> }).rows;
      expect(rows).toHaveLength(40);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      // Both instances again: nothing is due, nothing more.
      await Promise.all([runDigest(one.db, { now }), runDigest(two.db, { now })]);
      const [total] = (await one.db.execute(sql`SELECT count(*)::int AS n FROM saved_search_digests`) as unknown as { rows: Array<{ n: number }> }).rows;
      expect(total?.n).toBe(40);
    } finally {
      await one.close();
      await two.close();
      await clone.drop();
    }
  }, 60_000);

  it("a company committed by a transaction that began before the run is mailed by the next run, not lost", async () => {
    const clone = await clonePostgres();
    const app = await openPostgres(clone.url);
    const writer = new pg.Client({ connectionString: clone.url });
    await writer.connect();
    try {
      const w = word();
      const user = await insertUser(app.db);
      await saveSearch(app.db, actor(user), params({ q: w }), { name: "Langsam", frequency: "DAILY" });
      // A slow writer: its transaction starts (and so stamps its search rows) before the run …
      await writer.query("BEGIN");
      await writer.query("SELECT now()");
      await new Promise((r) => setTimeout(r, 20));
      const companyId = await insertCompany(app.db, { name: `Schnell ${w}` });
      const slow = await writer.query<{ id: string }>(
        `INSERT INTO companies (name, description_de, description_cs, website, status) VALUES ($1, 'B', 'P', 'https://x.example', 'VERIFIED') RETURNING id`,
        [`Langsam ${w}`],
      );
      await writer.query(
        `INSERT INTO company_addresses (company_id, kind, country, state, line1, postal_code, city) VALUES ($1, 'HEADQUARTERS', 'DE', 'Sachsen', 'Weg 1', '01067', 'Dresden')`,
        [slow.rows[0]!.id],
      );
      // … the run's window ends before the writer's start, so the fast company (committed after
      // it) waits for the next run too: nothing is mailed that could leave a gap.
      expect((await digestCutoff(app.db)).getTime()).toBeLessThanOrEqual(Date.now());
      await runDigest(app.db, { now: later() });
      expect(await app.db.select().from(savedSearchDigests).where(eq(savedSearchDigests.userId, user.id))).toEqual([]);
      await writer.query("COMMIT");
      await runDigest(app.db, { now: later(21) });
      const digests = await app.db.select().from(savedSearchDigests).where(eq(savedSearchDigests.userId, user.id));
      expect(digests).toHaveLength(1);
      expect(digests[0]!.sections[0]!.hits.map((h) => h.id).sort()).toEqual([companyId, slow.rows[0]!.id].sort());
    } finally {
      await writer.end();
      await app.close();
      await clone.drop();
    }
  }, 60_000);
});
