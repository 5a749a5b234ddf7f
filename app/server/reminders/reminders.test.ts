import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type DbHandle } from "~/server/db/client.server";
import { addDays } from "~/server/companies/service-state";
import { companies, companyServices, reminderSends } from "~/server/db/schema";
import { mailsTo } from "../../../tests/support/outbox";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { clonePostgres, createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { extractLink } from "../../../tests/support/outbox";
import { prolongByLink, prolongPreview } from "./prolong-by-link.server";
import { prolongToken, verifyProlongToken } from "./prolong-link.server";
import { dueAdReminders, dueStaleProfiles, quarterOf, runAdExpiryReminders, runStaleProfileReminders, sendAdExpiryReminder } from "./reminders.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle?.close());
const db = () => handle.db;

const NOW = new Date("2027-03-10T08:00:00.000Z");

async function adFixture(validUntil: Date, locale: "de" | "cs" = "de") {
  const user = await insertUser(db(), "Organisation", { locale });
  const companyId = await insertCompany(db(), { members: [user.id] });
  const [row] = await db()
    .insert(companyServices)
    .values({ companyId, type: "OFFER", title: `Anzeige ${Math.random().toString(36).slice(2, 7)}`, description: "Text", keywords: ["a"], termsUrl: "https://firma.example/agb", validityDays: 30, validUntil })
    .returning({ id: companyServices.id });
  return { user, companyId, serviceId: row!.id };
}

const adMails = async (user: TestUser) => (await mailsTo(user.email)).filter((m) => /Anzeige läuft|inzerátu brzy/.test(m.subject));
const tokenOf = async (user: TestUser) => {
  const [mail] = await adMails(user);
  return extractLink(mail!).searchParams.get("token")!;
};

describe("ad-expiry reminders (issue 25)", () => {
  it("selects ads in their last 7 days only, and reminds each expiry once, in the member's language", async () => {
    const inWindow = await adFixture(addDays(NOW, 6), "cs");
    const tooEarly = await adFixture(addDays(NOW, 8));
    const expired = await adFixture(addDays(NOW, -1));
    const due = await dueAdReminders(db(), NOW);
    expect(due).toContain(inWindow.serviceId);
    expect(due).not.toContain(tooEarly.serviceId);
    expect(due).not.toContain(expired.serviceId);

    await runAdExpiryReminders(db(), NOW);
    await runAdExpiryReminders(db(), new Date(NOW.getTime() + 3_600_000));
    const mails = await adMails(inWindow.user);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Platnost vašeho inzerátu brzy vyprší");
    expect(mails[0]!.text).toContain("/cs/prodlouzeni-inzeratu?token=");
    expect(await adMails(tooEarly.user)).toHaveLength(0);
    expect(await dueAdReminders(db(), NOW)).not.toContain(inWindow.serviceId);
    // A day later the 8-day ad has entered its window.
    expect(await dueAdReminders(db(), addDays(NOW, 1.5))).toContain(tooEarly.serviceId);
  });

  it("a deleted company's ads and ads without members get nothing", async () => {
    const deleted = await adFixture(addDays(NOW, 3));
    await db().update(companies).set({ deletedAt: NOW }).where(eq(companies.id, deleted.companyId));
    expect(await dueAdReminders(db(), NOW)).not.toContain(deleted.serviceId);
    expect(await sendAdExpiryReminder(db(), deleted.serviceId, NOW)).toBe(false);
  });

  it("the one-click link prolongs by 30 days once; a second click does not prolong again", async () => {
    const validUntil = addDays(NOW, 5);
    const ad = await adFixture(validUntil);
    await sendAdExpiryReminder(db(), ad.serviceId, NOW);
    const token = await tokenOf(ad.user);
    expect((await prolongPreview(db(), token, NOW)).state).toBe("ready");
    const [first, second] = [await prolongByLink(db(), token, NOW), await prolongByLink(db(), token, NOW)];
    expect(first.state).toBe("done");
    expect(second.state).toBe("done");
    const [row] = await db().select({ validUntil: companyServices.validUntil }).from(companyServices).where(eq(companyServices.id, ad.serviceId));
    expect(row!.validUntil.toISOString()).toBe(addDays(validUntil, 30).toISOString());
    // The prolonged ad is reminded again when its new expiry comes near (a new period).
    expect(await dueAdReminders(db(), addDays(NOW, 30))).toContain(ad.serviceId);
  });

  it("two clicks at the same time prolong once", async () => {
    const validUntil = addDays(NOW, 4);
    const ad = await adFixture(validUntil);
    const token = prolongToken({ serviceId: ad.serviceId, userId: ad.user.id, validUntil });
    const results = await Promise.allSettled([prolongByLink(db(), token, NOW), prolongByLink(db(), token, NOW)]);
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    const [row] = await db().select({ validUntil: companyServices.validUntil }).from(companyServices).where(eq(companyServices.id, ad.serviceId));
    expect(row!.validUntil.toISOString()).toBe(addDays(validUntil, 30).toISOString());
  });

  it("forged, altered and expired links are refused and change nothing", async () => {
    const validUntil = addDays(NOW, 2);
    const ad = await adFixture(validUntil);
    const other = await insertUser(db());
    const good = prolongToken({ serviceId: ad.serviceId, userId: ad.user.id, validUntil });
    const [body, sig] = good.split(".");
    const altered = `${Buffer.from(`${ad.serviceId}.${other.id}.${validUntil.getTime()}`).toString("base64url")}.${sig}`;
    const later = `${Buffer.from(`${ad.serviceId}.${ad.user.id}.${addDays(validUntil, 60).getTime()}`).toString("base64url")}.${sig}`;
    for (const token of ["", "x", `${body}.${"0".repeat(64)}`, altered, later, `${good}.x`]) {
      await expect(prolongByLink(db(), token, NOW)).rejects.toMatchObject({ code: "PROLONG_LINK_INVALID" });
    }
    // Expired with the ad: after the expiry the link is dead.
    expect(() => verifyProlongToken(good, addDays(validUntil, 0.001))).toThrow();
    await expect(prolongByLink(db(), good, addDays(validUntil, 0.001))).rejects.toMatchObject({ code: "PROLONG_LINK_INVALID" });
    const [row] = await db().select({ validUntil: companyServices.validUntil }).from(companyServices).where(eq(companyServices.id, ad.serviceId));
    expect(row!.validUntil.toISOString()).toBe(validUntil.toISOString());
  });

  it("outside the 7-day window the link does not prolong (PROLONG_NOT_ALLOWED), and a member who left cannot", async () => {
    const validUntil = addDays(NOW, 20);
    const ad = await adFixture(validUntil);
    const token = prolongToken({ serviceId: ad.serviceId, userId: ad.user.id, validUntil });
    expect((await prolongPreview(db(), token, NOW)).state).toBe("closed");
    await expect(prolongByLink(db(), token, NOW)).rejects.toMatchObject({ code: "PROLONG_NOT_ALLOWED" });
    const stranger = await insertUser(db());
    const near = addDays(NOW, 3);
    const ad2 = await adFixture(near);
    await expect(prolongByLink(db(), prolongToken({ serviceId: ad2.serviceId, userId: stranger.id, validUntil: near }), NOW)).rejects.toHaveProperty("code");
    const [row] = await db().select({ validUntil: companyServices.validUntil }).from(companyServices).where(eq(companyServices.id, ad2.serviceId));
    expect(row!.validUntil.toISOString()).toBe(near.toISOString());
  });
});

describe("stale-profile reminders (issue 25)", () => {
  it("profiles unchanged for 12 months get one reminder a quarter at most", async () => {
    const user = await insertUser(db(), "Organisation", { locale: "de" });
    const stale = await insertCompany(db(), { members: [user.id] });
    const fresh = await insertCompany(db(), { members: [(await insertUser(db())).id] });
    await db().update(companies).set({ updatedAt: addDays(NOW, -400) }).where(eq(companies.id, stale));
    await db().update(companies).set({ updatedAt: addDays(NOW, -300) }).where(eq(companies.id, fresh));
    const due = await dueStaleProfiles(db(), NOW);
    expect(due).toContain(stale);
    expect(due).not.toContain(fresh);

    await runStaleProfileReminders(db(), NOW);
    await runStaleProfileReminders(db(), addDays(NOW, 1));
    const mails = (await mailsTo(user.email)).filter((m) => m.subject === "Ist Ihr Firmenprofil noch aktuell?");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/de/firmen/${stale}/bearbeiten`);
    // Still stale in the next quarter, but within 90 days of the last one: nothing.
    expect(quarterOf(addDays(NOW, 30))).not.toBe(quarterOf(NOW));
    expect(await dueStaleProfiles(db(), addDays(NOW, 30))).not.toContain(stale);
    // 91 days later, a new quarter: due again.
    expect(await dueStaleProfiles(db(), addDays(NOW, 91))).toContain(stale);
    expect((await db().select().from(reminderSends).where(eq(reminderSends.subjectId, stale))).length).toBe(1);
  });
});

describe.runIf(TEST_ENGINE === "postgres")("two instances running the cron at once (PostgreSQL)", () => {
  it("send each reminder once", async () => {
    const clone = await clonePostgres();
    const a = await openPostgres(clone.url);
    const b = await openPostgres(clone.url);
    try {
      const ads = [];
      for (let i = 0; i < 5; i++) {
        const user = await insertUser(a.db);
        const companyId = await insertCompany(a.db, { members: [user.id] });
        const [row] = await a.db
          .insert(companyServices)
          .values({ companyId, type: "OFFER", title: `Parallel ${i}`, description: "Text", keywords: ["a"], termsUrl: "https://firma.example/agb", validityDays: 30, validUntil: addDays(NOW, 3) })
          .returning({ id: companyServices.id });
        ads.push({ user, id: row!.id });
      }
      const [sentA, sentB] = await Promise.all([runAdExpiryReminders(a.db, NOW), runAdExpiryReminders(b.db, NOW)]);
      expect(sentA + sentB).toBe(5);
      for (const ad of ads) expect((await mailsTo(ad.user.email)).length).toBe(1);
      expect((await a.db.select().from(reminderSends)).length).toBe(5);
    } finally {
      await a.close();
      await b.close();
      await clone.drop();
    }
  });
});
