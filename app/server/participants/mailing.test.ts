import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { href } from "~/routing/paths";
import { MAIL_LIMITS, participantMailSchema } from "~/schemas/participant-mail";
import { DEFAULT_FILTER, parseParticipantSelection, type ParticipantSelection } from "~/schemas/participant-selection";
import type { DbHandle } from "~/server/db/client.server";
import { bodyLimitFor, FORM_OVERHEAD_BYTES } from "~/server/http/body-limits";
import { eventRegistrations, participantMailings, participantMailRecipients } from "~/server/db/schema";
import { deliverMail, type OutgoingMail } from "~/server/mail/mailer.server";
import type { Actor } from "~/server/policy/policy";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { mailsTo } from "../../../tests/support/outbox";
import { claimRecipient, type DeliverySettings, messageIdFor, runMailing } from "./mail-delivery.server";
import { createMailing, getMailing, listMailings, previewRecipients } from "./mailing.server";

let handle: DbHandle;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "pn-mailing-"));
const storage = new LocalDiskStorage(root);
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const all = (): ParticipantSelection => ({ filter: { ...DEFAULT_FILTER }, ids: [] });
const select = (query: string) => parseParticipantSelection(new URLSearchParams(query));
const both = { subjectDe: "Programm", messageDe: "Hallo <b>alle</b>,\nbis morgen.", subjectCs: "Program", messageCs: "Dobrý den,\nuvidíme se zítra." };
const fast: DeliverySettings = { leaseSeconds: 60, maxAttempts: 3, retrySeconds: 0 };
const pdf = (size = 100) => new File([`%PDF-1.4\n${"x".repeat(size)}`], "Programm 2026.pdf", { type: "application/pdf" });

/** Sends through a recorder instead of SMTP; `fail` decides per mail whether delivery throws. */
function recorder(fail: (mail: OutgoingMail) => Error | null = () => null) {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    deliver: async (mail: OutgoingMail) => {
      const error = fail(mail);
      if (error) throw error;
      sent.push(mail);
    },
  };
}

/** An event of a Multiplikator's company: a German and a Czech participant, one cancelled, one without e-mail twin. */
async function scenario() {
  const { db } = handle;
  const organiser = await insertUser(db, "Multiplikator");
  const organiserCompany = await insertCompany(db, { members: [organiser.id] });
  const eventId = await insertEvent(db, { companyId: organiserCompany, titleDe: "Grenzforum", titleCs: "Přeshraniční fórum" });
  const people: Array<{ user: Awaited<ReturnType<typeof insertUser>>; reg: string }> = [];
  let second = 0;
  for (const [locale, name, status] of [
    ["de", "Jürgen Weiß", "REGISTERED"],
    ["cs", "Jana Dvořáková", "REGISTERED"],
    ["de", "Uwe Lehmann", "WAITING"],
    ["cs", "Petr Novák", "CANCELLED"],
  ] as const) {
    const user = await insertUser(db, "Organisation", { locale, name });
    const companyId = await insertCompany(db, { members: [user.id] });
    const [reg] = await db
      .insert(eventRegistrations)
      .values({ eventId, companyId, userId: user.id, status, locale, formVersion: 1, answers: {}, createdAt: new Date(Date.now() + ++second * 1000) })
      .returning({ id: eventRegistrations.id });
    people.push({ user, reg: reg!.id });
  }
  return { organiser, eventId, people };
}

describe("the mail form's texts", () => {
  const errors = (locale: "de" | "cs", input: Record<string, string>) => {
    const parsed = participantMailSchema(locale).safeParse(input);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
  };
  it("needs subject and message in at least one language, and both in a language begun", () => {
    expect(errors("de", {})).toEqual({ subjectDe: "MAIL_SUBJECT_REQUIRED", messageDe: "MAIL_MESSAGE_REQUIRED" });
    expect(errors("cs", { subjectDe: "  ", messageCs: "" })).toEqual({ subjectCs: "MAIL_SUBJECT_REQUIRED", messageCs: "MAIL_MESSAGE_REQUIRED" });
    expect(errors("de", { subjectDe: "Betreff" })).toEqual({ messageDe: "MAIL_MESSAGE_REQUIRED" });
    expect(errors("de", { subjectDe: "Betreff", messageDe: "Text", subjectCs: "Předmět" })).toEqual({ messageCs: "MAIL_MESSAGE_REQUIRED" });
    expect(errors("de", { messageCs: "Zpráva" })).toEqual({ subjectCs: "MAIL_SUBJECT_REQUIRED" });
    expect(errors("cs", { subjectCs: "Předmět", messageCs: "Zpráva" })).toEqual({});
    expect(errors("de", { subjectDe: "x".repeat(201), messageDe: "Text" })).toEqual({ subjectDe: "TEXT_TOO_LONG" });
  });
});

describe("the page's body limit", () => {
  it("admits the attachment and the texts, and nothing much larger, before the body is read", () => {
    for (const locale of ["de", "cs"] as const) {
      const limit = bodyLimitFor(`${href("adminParticipantMail", locale, { id: "00000000-0000-4000-8000-000000000000" })}.data`);
      expect(limit.fileMaxBytes).toBe(MAIL_LIMITS.attachmentMaxBytes);
      expect(limit.maxBytes).toBe(MAIL_LIMITS.attachmentMaxBytes + FORM_OVERHEAD_BYTES);
    }
  });
});

describe("creating and sending a mailing", () => {
  it("sends each participant its language; cancelled registrations only when ticked", async () => {
    const { organiser, eventId, people } = await scenario();
    const created = await createMailing(handle.db, organiser, eventId, { selection: all(), texts: both, attachment: null }, storage);
    expect(created.recipients).toBe(3);
    const rec = recorder();
    const result = await runMailing(handle.db, created.id, { settings: fast, deliver: rec.deliver, storage });
    expect(result).toMatchObject({ sent: 3, nextDueAt: null });
    const byTo = new Map(rec.sent.map((m) => [m.to, m]));
    expect(byTo.get(people[0]!.user.email)?.subject).toBe("Programm");
    expect(byTo.get(people[1]!.user.email)?.subject).toBe("Program");
    expect(byTo.get(people[1]!.user.email)?.text).toContain("uvidíme se zítra");
    expect(byTo.get(people[1]!.user.email)?.text).toContain("Přeshraniční fórum");
    expect(byTo.has(people[3]!.user.email)).toBe(false);
    // Plain text stays text in the HTML part; the Message-ID is the recipient row's.
    const german = byTo.get(people[0]!.user.email)!;
    expect(german.html).toContain("Hallo &lt;b&gt;alle&lt;/b&gt;,<br>bis morgen.");
    const [row] = await handle.db.select().from(participantMailRecipients).where(eq(participantMailRecipients.email, people[0]!.user.email));
    expect(german.messageId).toBe(messageIdFor(row!.id));

    const ticked = await createMailing(handle.db, organiser, eventId, { selection: select(`ids=${people[3]!.reg}&ids=${people[0]!.reg}`), texts: both, attachment: null }, storage);
    expect(ticked.recipients).toBe(2);
    const filtered = await previewRecipients(handle.db, organiser, eventId, select("state=CANCELLED"));
    expect(filtered.recipients.map((r) => r.name)).toEqual(["Petr Novák"]);
    expect(filtered.audience).toBe("FILTERED");
  });

  it("gives everyone the only language written", async () => {
    const { organiser, eventId } = await scenario();
    const created = await createMailing(handle.db, organiser, eventId, { selection: all(), texts: { subjectDe: "", messageDe: "", subjectCs: "Jen česky", messageCs: "Text" }, attachment: null }, storage);
    const rec = recorder();
    await runMailing(handle.db, created.id, { settings: fast, deliver: rec.deliver, storage });
    expect(rec.sent.map((m) => m.subject)).toEqual(["Jen česky", "Jen česky", "Jen česky"]);
    expect(rec.sent.every((m) => m.html.includes('lang="cs-CZ"'))).toBe(true);
  });

  it("writes one mail per address", async () => {
    const { organiser, eventId, people } = await scenario();
    // The same person has a cancelled registration for another company, and both rows are ticked.
    const companyId = await insertCompany(handle.db, { members: [people[0]!.user.id] });
    const [old] = await handle.db
      .insert(eventRegistrations)
      .values({ eventId, companyId, userId: people[0]!.user.id, status: "CANCELLED", locale: "cs", formVersion: 1, answers: {}, createdAt: new Date(Date.now() + 60_000) })
      .returning({ id: eventRegistrations.id });
    const { recipients } = await previewRecipients(handle.db, organiser, eventId, select(`ids=${people[0]!.reg}&ids=${old!.id}`));
    expect(recipients).toHaveLength(1);
    expect(recipients.filter((r) => r.email === people[0]!.user.email)).toEqual([expect.objectContaining({ locale: "de" })]);
  });

  it("refuses bad input at its field and stores nothing", async () => {
    const { organiser, eventId, people } = await scenario();
    const count = async () => (await handle.db.select({ n: sql<number>`count(*)::int` }).from(participantMailings).where(eq(participantMailings.eventId, eventId)))[0]!.n;
    const create = (texts: typeof both, attachment: File | null = null, selection = all()) => createMailing(handle.db, organiser, eventId, { selection, texts, attachment }, storage);
    await expect(create({ ...both, messageDe: "" })).rejects.toMatchObject({ code: "MAIL_MESSAGE_REQUIRED", details: { field: "messageDe" } });
    await expect(create({ subjectDe: "", messageDe: "", subjectCs: "", messageCs: "" })).rejects.toMatchObject({ code: "MAIL_SUBJECT_REQUIRED", details: { field: "subjectDe" } });
    // Nobody with an address in the selection (ticked ids of another event match nothing).
    await expect(create(both, null, select("ids=00000000-0000-4000-8000-000000000000"))).rejects.toMatchObject({ code: "MAIL_RECIPIENTS_REQUIRED" });
    await expect(create(both, pdf(10 * 1024 * 1024))).rejects.toMatchObject({ code: "FILE_TOO_LARGE", details: { field: "attachment", maxMb: 10 } });
    await expect(create(both, new File(["<html>"], "flyer.pdf", { type: "application/pdf" }))).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED", details: { field: "attachment" } });
    await expect(create(both, new File(["MZ..."], "tool.exe"))).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED" });
    expect(await count()).toBe(0);
    expect(fs.existsSync(path.join(root, "mail")) ? fs.readdirSync(path.join(root, "mail")) : []).toEqual([]);
    void people;
  });

  it("sends the attachment with every mail; the outbox keeps it as base64", async () => {
    const { organiser, eventId, people } = await scenario();
    const created = await createMailing(handle.db, organiser, eventId, { selection: select(`ids=${people[1]!.reg}`), texts: both, attachment: pdf() }, storage);
    await runMailing(handle.db, created.id, { settings: fast, deliver: deliverMail, storage });
    const [mail] = await mailsTo(people[1]!.user.email);
    expect(mail?.subject).toBe("Program");
    expect(mail?.messageId).toMatch(/^<participant-mail\.[0-9a-f-]+@/);
    expect(mail?.attachments?.[0]).toMatchObject({ filename: "Programm 2026.pdf", contentType: "application/pdf", encoding: "base64" });
    expect(Buffer.from(mail!.attachments![0]!.content, "base64").toString("latin1")).toMatch(/^%PDF-1\.4/);
  });
});

describe("delivery failures and leases", () => {
  it("retries a failing recipient, then shows it FAILED with its reason; the others are sent", async () => {
    const { organiser, eventId, people } = await scenario();
    const created = await createMailing(handle.db, organiser, eventId, { selection: all(), texts: both, attachment: null }, storage);
    const bad = people[1]!.user.email;
    let tries = 0;
    const rec = recorder((m) => (m.to === bad ? (tries++, Object.assign(new Error("451 try later"), { responseCode: 451 })) : null));
    for (let i = 0; i < 5; i++) await runMailing(handle.db, created.id, { settings: fast, deliver: rec.deliver, storage });
    expect(tries).toBe(3);
    const mailing = await getMailing(handle.db, organiser, eventId, created.id);
    expect(mailing.counts).toMatchObject({ SENT: 2, FAILED: 1, PENDING: 0, SENDING: 0, total: 3 });
    expect(mailing.done).toBe(true);
    expect(mailing.recipients.find((r) => r.email === bad)).toMatchObject({ status: "FAILED", attempts: 3, error: "DEFERRED" });
  });

  it("does not retry a refusal (5xx), and waits out the retry delay", async () => {
    const { organiser, eventId, people } = await scenario();
    const created = await createMailing(handle.db, organiser, eventId, { selection: select(`ids=${people[0]!.reg}&ids=${people[1]!.reg}`), texts: both, attachment: null }, storage);
    const rec = recorder((m) =>
      m.to === people[0]!.user.email ? Object.assign(new Error("550 no such user"), { responseCode: 550 }) : Object.assign(new Error("lost"), { code: "ECONNECTION" }),
    );
    const first = await runMailing(handle.db, created.id, { settings: { ...fast, retrySeconds: 60 }, deliver: rec.deliver, storage });
    // The second recipient waits a minute for its retry: not due now, due later.
    expect(first.nextDueAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    const mailing = await getMailing(handle.db, organiser, eventId, created.id);
    expect(mailing.recipients.map((r) => [r.email, r.status, r.error])).toEqual(
      expect.arrayContaining([
        [people[0]!.user.email, "FAILED", "REJECTED"],
        [people[1]!.user.email, "PENDING", "CONNECTION"],
      ]),
    );
  });

  it("claims a recipient once while its lease runs, and again when the lease ran out (its worker died)", async () => {
    const { organiser, eventId, people } = await scenario();
    const created = await createMailing(handle.db, organiser, eventId, { selection: select(`ids=${people[0]!.reg}`), texts: both, attachment: null }, storage);
    const claimed = await claimRecipient(handle.db, created.id, 60);
    expect(claimed).toMatchObject({ email: people[0]!.user.email, attempts: 1 });
    expect(await claimRecipient(handle.db, created.id, 60)).toBeNull();
    // The worker "dies": its lease runs out.
    await handle.db.update(participantMailRecipients).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(participantMailRecipients.id, claimed!.id));
    const rec = recorder();
    await runMailing(handle.db, created.id, { settings: fast, deliver: rec.deliver, storage });
    expect(rec.sent.map((m) => m.to)).toEqual([people[0]!.user.email]);
    expect((await getMailing(handle.db, organiser, eventId, created.id)).recipients[0]).toMatchObject({ status: "SENT", attempts: 2 });
  });
});

describe("who may send e-mail to participants", () => {
  it("the organiser and admins; another Multiplikator, a participant and anonymous are refused everywhere", async () => {
    const { organiser, eventId, people } = await scenario();
    const admin = await insertUser(handle.db, "Admin");
    const other = await insertUser(handle.db, "Multiplikator");
    await insertCompany(handle.db, { members: [other.id] });
    const mine = await createMailing(handle.db, organiser, eventId, { selection: select(`ids=${people[0]!.reg}`), texts: both, attachment: null }, storage);
    const byAdmin = await createMailing(handle.db, admin, eventId, { selection: select(`ids=${people[1]!.reg}`), texts: both, attachment: null }, storage);
    expect((await listMailings(handle.db, organiser, eventId)).map((m) => m.id)).toEqual([byAdmin.id, mine.id]);
    expect((await getMailing(handle.db, admin, eventId, mine.id)).counts.total).toBe(1);

    const refusals: Array<[Actor, string]> = [
      [other, "PARTICIPANT_LIST_FORBIDDEN"],
      [people[0]!.user, "PARTICIPANT_LIST_FORBIDDEN"],
      [null, "UNAUTHENTICATED"],
    ];
    for (const [actor, code] of refusals) {
      await expect(createMailing(handle.db, actor, eventId, { selection: all(), texts: both, attachment: null }, storage)).rejects.toMatchObject({ code });
      await expect(previewRecipients(handle.db, actor, eventId, all())).rejects.toMatchObject({ code });
      await expect(listMailings(handle.db, actor, eventId)).rejects.toMatchObject({ code });
      await expect(getMailing(handle.db, actor, eventId, mine.id)).rejects.toMatchObject({ code });
    }
    // A mailing is reached only through its own event.
    const elsewhere = await scenario();
    await expect(getMailing(handle.db, elsewhere.organiser, elsewhere.eventId, mine.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await listMailings(handle.db, elsewhere.organiser, elsewhere.eventId)).toEqual([]);
  });
});
