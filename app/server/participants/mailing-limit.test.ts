import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { DEFAULT_FILTER, type ParticipantSelection } from "~/schemas/participant-selection";
import type { DbHandle } from "~/server/db/client.server";
import { eventRegistrations, participantMailings, rateLimitHits } from "~/server/db/schema";
import { USER_WRITES_PER_HOUR } from "~/server/limits.server";
import type { Actor } from "~/server/policy/policy";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { createMailing } from "./mailing.server";

/**
 * The hourly limit on e-mails to participants (issue 19): per organiser over all their events,
 * refused with its own message naming the number, counted only for mailings actually stored,
 * and holding for two sends at once at the limit on PostgreSQL.
 */
let handle: DbHandle;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "pn-mail-limit-"));
const storage = new LocalDiskStorage(root);
const MAX = USER_WRITES_PER_HOUR.participantMailing;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const all = (): ParticipantSelection => ({ filter: { ...DEFAULT_FILTER }, ids: [] });
const texts = { subjectDe: "Programm", messageDe: "Bis morgen.", subjectCs: "Program", messageCs: "Na shledanou zítra." };
const pdf = () => new File(["%PDF-1.4\nx"], "Programm.pdf", { type: "application/pdf" });
const storedFiles = () => fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
const codeOf = (r: PromiseSettledResult<unknown>) => (r.status === "rejected" ? ((r.reason as { code?: string }).code ?? String(r.reason)) : "OK");

/** An organiser with two events, each with one registered participant. */
async function organiserWithEvents(role: "Multiplikator" | "Admin" = "Multiplikator") {
  const { db } = handle;
  const organiser = await insertUser(db, role);
  const company = await insertCompany(db, { members: role === "Admin" ? [] : [organiser.id] });
  const events: string[] = [];
  for (let i = 0; i < 2; i++) {
    const eventId = await insertEvent(db, { companyId: company });
    const participant = await insertUser(db, "Organisation");
    await db.insert(eventRegistrations).values({ eventId, companyId: await insertCompany(db, { members: [participant.id] }), userId: participant.id, status: "REGISTERED", locale: "de", formVersion: 1, answers: {} });
    events.push(eventId);
  }
  return { organiser: organiser as NonNullable<Actor>, events };
}

const send = (actor: NonNullable<Actor>, eventId: string, attachment: File | null = null) => createMailing(handle.db, actor, eventId, { selection: all(), texts, attachment }, storage);

async function mailingsBy(userId: string): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(participantMailings).where(eq(participantMailings.createdBy, userId));
  return Number(row?.n ?? 0);
}

describe("the hourly limit on e-mails to participants", () => {
  it(`allows ${MAX} mailings an hour per organiser over all events, then refuses with its own message; the refused one stores nothing`, async () => {
    const { organiser, events } = await organiserWithEvents();
    for (let i = 0; i < MAX; i++) await send(organiser, events[i % 2]!);
    const filesBefore = storedFiles();
    await expect(send(organiser, events[0]!, pdf())).rejects.toMatchObject({ code: "MAIL_HOURLY_LIMIT", status: 429, details: { max: MAX } });
    expect(await mailingsBy(organiser.id)).toBe(MAX);
    // The refused mailing's attachment was stored first and is gone again.
    expect(storedFiles()).toBe(filesBefore);
    // Another organiser is not affected.
    const other = await organiserWithEvents();
    await expect(send(other.organiser, other.events[0]!)).resolves.toMatchObject({ recipients: 1 });
  });

  it("counts only the last hour: an hour later the organiser can send again", async () => {
    const { organiser, events } = await organiserWithEvents();
    for (let i = 0; i < MAX; i++) await send(organiser, events[0]!);
    await expect(send(organiser, events[1]!)).rejects.toMatchObject({ code: "MAIL_HOURLY_LIMIT" });
    await handle.db
      .update(rateLimitHits)
      .set({ createdAt: sql`${rateLimitHits.createdAt} - interval '61 minutes'` })
      .where(like(rateLimitHits.key, `%:${organiser.id}`));
    await expect(send(organiser, events[1]!)).resolves.toMatchObject({ recipients: 1 });
  });

  it("does not count a mailing that is refused for another reason", async () => {
    const { organiser, events } = await organiserWithEvents();
    for (let i = 0; i < MAX + 2; i++) {
      await expect(createMailing(handle.db, organiser, events[0]!, { selection: all(), texts, attachment: new File(["not a pdf"], "x.pdf") }, storage)).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED" });
    }
    await expect(send(organiser, events[0]!)).resolves.toMatchObject({ recipients: 1 });
  });

  it("does not limit admins (they act for organisers in bulk, like the other per-user limits)", async () => {
    const { organiser: admin, events } = await organiserWithEvents("Admin");
    for (let i = 0; i <= MAX; i++) await send(admin, events[0]!);
    expect(await mailingsBy(admin.id)).toBe(MAX + 1);
  });

  it("says so in both languages, with the number", () => {
    expect(translate("de", "error.MAIL_HOURLY_LIMIT", { max: MAX })).toContain(`${MAX} E-Mails`);
    expect(translate("cs", "error.MAIL_HOURLY_LIMIT", { max: MAX })).toContain(`${MAX} e-mailů`);
  });

  it.skipIf(TEST_ENGINE !== "postgres")("lets only one of two sends at once through at the limit (PostgreSQL)", async () => {
    for (let round = 0; round < 3; round++) {
      const { organiser, events } = await organiserWithEvents();
      for (let i = 0; i < MAX - 1; i++) await send(organiser, events[0]!);
      const results = await Promise.allSettled([send(organiser, events[0]!), send(organiser, events[1]!)]);
      expect(results.map(codeOf).sort()).toEqual(["MAIL_HOURLY_LIMIT", "OK"]);
      expect(await mailingsBy(organiser.id)).toBe(MAX);
    }
  });
});
