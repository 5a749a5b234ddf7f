import { and, asc, eq, gt, isNull, lt, lte, notExists, sql } from "drizzle-orm";
import { z } from "zod";
import type { Locale } from "~/i18n/locales";
import { LOCALE_TAGS } from "~/i18n/locales";
import { absoluteUrl } from "~/server/accounts/links.server";
import * as clock from "~/server/clock.server";
import { addDays, EXPIRING_DAYS, serviceState } from "~/server/companies/service-state";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { companies, companyServices, companyUserLinks, reminderSends, users } from "~/server/db/schema";
import { defineJob } from "~/server/jobs/job";
import { sendMail } from "~/server/mail/mailer.server";
import { renderMail } from "~/server/mail/templates.server";
import { prolongToken } from "./prolong-link.server";

/**
 * Reminders of the network (issue 25, decision 062), sent by two recurring jobs:
 *
 * - Ad expiry: an active ad of a live company entering its last 7 days (spec §4: "expiring", the
 *   window in which it may be prolonged) → each confirmed member of the company gets one mail in
 *   their language with a one-click prolong link. Once per expiry period: the record key is
 *   (AD_EXPIRY, ad, expiry moment); a prolonged ad has a new expiry, so it is reminded again
 *   when that one comes near.
 * - Stale profile: a verified, live company profile not updated for 12 months → its members get
 *   a gentle reminder with a link to the edit page; at most one per company per calendar quarter
 *   and never within 90 days of the last one.
 *
 * Exactly one sender per reminder, also with several instances running the cron at once: the
 * record is inserted first (`on conflict do nothing`) in the transaction that sends the mails.
 * A second instance's insert waits on the unique key until the first commits and then inserts
 * nothing, so it sends nothing. A mail server failure rolls the record back, and the next run
 * tries again.
 */

export const STALE_PROFILE_DAYS = 365;
export const STALE_REMINDER_MIN_GAP_DAYS = 90;
/** Per run: the next run (an hour or a day later) takes the rest. */
const BATCH = 200;

const DAY_MS = 86_400_000;

export function quarterOf(now: Date): string {
  return `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;
}

const dateText = (locale: Locale, value: Date) => new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "long", timeZone: "Europe/Berlin" }).format(value);

/** The confirmed, active members of a company, each with their language. */
async function companyRecipients(db: Db, companyId: string): Promise<Array<{ id: string; email: string; locale: Locale }>> {
  return db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(companyUserLinks)
    .innerJoin(users, eq(users.id, companyUserLinks.userId))
    .where(and(eq(companyUserLinks.companyId, companyId), eq(companyUserLinks.status, "CONFIRMED"), eq(users.active, true)))
    .orderBy(asc(users.email));
}

/** Inserts the record; false when another run holds it already (it sends, this one does not). */
async function claim(tx: Db, kind: "AD_EXPIRY" | "STALE_PROFILE", subjectId: string, period: string, recipients: string[], now: Date): Promise<boolean> {
  const rows = await tx.insert(reminderSends).values({ kind, subjectId, period, recipients, sentAt: now }).onConflictDoNothing().returning({ id: reminderSends.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Ad expiry

const adRecorded = (period: ReturnType<typeof sql>) =>
  sql`exists (select 1 from ${reminderSends} where ${reminderSends.kind} = 'AD_EXPIRY' and ${reminderSends.subjectId} = ${companyServices.id} and ${reminderSends.period} = ${period})`;

const isoOf = sql`to_char(${companyServices.validUntil} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Ads in their last 7 days (not expired) of live companies, not yet reminded for this expiry. */
export async function dueAdReminders(db: Db, now = clock.now()): Promise<string[]> {
  const rows = await db
    .select({ id: companyServices.id })
    .from(companyServices)
    .innerJoin(companies, eq(companies.id, companyServices.companyId))
    .where(
      and(
        eq(companyServices.active, true),
        gt(companyServices.validUntil, now),
        lte(companyServices.validUntil, addDays(now, EXPIRING_DAYS)),
        isNull(companies.deletedAt),
        sql`not ${adRecorded(isoOf)}`,
      ),
    )
    .orderBy(asc(companyServices.validUntil))
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/** Sends the reminder of one ad if it is still due and nobody sent it yet; whether this call sent it. */
export async function sendAdExpiryReminder(db: Db, serviceId: string, now = clock.now()): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const [ad] = await tx
      .select({ id: companyServices.id, title: companyServices.title, validUntil: companyServices.validUntil, companyId: companies.id, companyName: companies.name })
      .from(companyServices)
      .innerJoin(companies, eq(companies.id, companyServices.companyId))
      .where(and(eq(companyServices.id, serviceId), eq(companyServices.active, true), isNull(companies.deletedAt)));
    if (!ad || serviceState(ad.validUntil, now) !== "expiring") return false;
    const recipients = await companyRecipients(tx, ad.companyId);
    if (recipients.length === 0) return false;
    if (!(await claim(tx, "AD_EXPIRY", ad.id, ad.validUntil.toISOString(), recipients.map((r) => r.id), now))) return false;
    for (const r of recipients) {
      const token = prolongToken({ serviceId: ad.id, userId: r.id, validUntil: ad.validUntil });
      await sendMail(
        renderMail(r.email, r.locale, {
          subject: "mail.adExpiry.subject",
          paragraphs: [
            { key: "mail.adExpiry.body", values: { title: ad.title, company: ad.companyName, date: dateText(r.locale, ad.validUntil) } },
            { key: "mail.adExpiry.prolong" },
          ],
          action: { label: "mail.adExpiry.action", url: absoluteUrl("adProlong", r.locale, { token }) },
        }),
      );
    }
    return true;
  });
}

export async function runAdExpiryReminders(db: Db, now = clock.now()): Promise<number> {
  let sent = 0;
  for (const id of await dueAdReminders(db, now)) if (await sendAdExpiryReminder(db, id, now)) sent++;
  return sent;
}

// ---------------------------------------------------------------------------------------------
// Stale profiles

function staleWhere(now: Date) {
  return and(
    eq(companies.status, "VERIFIED"),
    isNull(companies.deletedAt),
    lt(companies.updatedAt, new Date(now.getTime() - STALE_PROFILE_DAYS * DAY_MS)),
    notExists(
      sql`(select 1 from ${reminderSends} where ${reminderSends.kind} = 'STALE_PROFILE' and ${reminderSends.subjectId} = ${companies.id} and (${reminderSends.period} = ${quarterOf(now)} or ${reminderSends.sentAt} > ${new Date(now.getTime() - STALE_REMINDER_MIN_GAP_DAYS * DAY_MS)}))`,
    ),
  );
}

/** Verified live profiles unchanged for 12 months, not reminded this quarter nor in the last 90 days. */
export async function dueStaleProfiles(db: Db, now = clock.now()): Promise<string[]> {
  const rows = await db.select({ id: companies.id }).from(companies).where(staleWhere(now)).orderBy(asc(companies.updatedAt)).limit(BATCH);
  return rows.map((r) => r.id);
}

export async function sendStaleProfileReminder(db: Db, companyId: string, now = clock.now()): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const [company] = await tx.select({ id: companies.id, name: companies.name, updatedAt: companies.updatedAt }).from(companies).where(and(eq(companies.id, companyId), staleWhere(now)));
    if (!company) return false;
    const recipients = await companyRecipients(tx, company.id);
    if (recipients.length === 0) return false;
    if (!(await claim(tx, "STALE_PROFILE", company.id, quarterOf(now), recipients.map((r) => r.id), now))) return false;
    for (const r of recipients) {
      await sendMail(
        renderMail(r.email, r.locale, {
          subject: "mail.staleProfile.subject",
          paragraphs: [
            { key: "mail.staleProfile.body", values: { company: company.name, date: dateText(r.locale, company.updatedAt) } },
            { key: "mail.staleProfile.why" },
          ],
          action: { label: "mail.staleProfile.action", url: absoluteUrl("companyEdit", r.locale, undefined, { id: company.id }) },
        }),
      );
    }
    return true;
  });
}

export async function runStaleProfileReminders(db: Db, now = clock.now()): Promise<number> {
  let sent = 0;
  for (const id of await dueStaleProfiles(db, now)) if (await sendStaleProfileReminder(db, id, now)) sent++;
  return sent;
}

// ---------------------------------------------------------------------------------------------
// The recurring jobs

/** Hourly: an ad entering its last 7 days is reminded within the hour. */
export const adExpiryReminderJob = defineJob({
  name: "ad-expiry-reminders",
  schema: z.object({}).passthrough(),
  cron: "17 * * * *",
  retryLimit: 2,
  expireInSeconds: 900,
  async handle(_data, { db }) {
    await runAdExpiryReminders(db);
  },
});

/** Daily at 06:37 UTC. */
export const staleProfileReminderJob = defineJob({
  name: "stale-profile-reminders",
  schema: z.object({}).passthrough(),
  cron: "37 6 * * *",
  retryLimit: 2,
  expireInSeconds: 900,
  async handle(_data, { db }) {
    await runStaleProfileReminders(db);
  },
});

