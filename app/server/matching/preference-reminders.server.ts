import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Locale } from "~/i18n/locales";
import { absoluteUrl } from "~/server/accounts/links.server";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { b2bPreferenceLists, companies, eventRegistrations, events, users } from "~/server/db/schema";
import { defineJob, type Enqueue } from "~/server/jobs/job";
import { enqueueJob } from "~/server/jobs/runtime.server";
import { sendMail } from "~/server/mail/mailer.server";
import { renderMail } from "~/server/mail/templates.server";
import type { Actor } from "~/server/policy/policy";
import { LIVE_STATUSES, requireB2bOrganiser } from "./access.server";
import { participatingCompanies } from "./participants.server";
import { loadPlan, preferenceWindow } from "./plan.server";

/**
 * Reminders to companies that have not ranked yet (issue 12). The organiser's action queues one
 * job per registrant through the durable queue (decision 021); the job sends one mail in the
 * language of the registration, with the deadline and a link to the ranking page.
 *
 * Double clicks: each job carries the pg-boss singleton key (event, registration) with a slot of
 * one day (`REMINDER_SLOT_SECONDS`, slots aligned to UTC midnight), so a person gets at most one
 * reminder per day however often the button is pressed; reminding again the next day is
 * possible. A second press the same day queues nothing and counts no company.
 */
export const REMINDER_SLOT_SECONDS = 86_400;

export const b2bPreferenceReminderJob = defineJob({
  name: "b2b-preference-reminder",
  schema: z.object({ eventId: z.uuid(), registrationId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 300,
  async handle({ eventId, registrationId }, { db }) {
    await sendPreferenceReminder(db, eventId, registrationId);
  },
});

const dateTime = (locale: Locale, value: Date) =>
  new Intl.DateTimeFormat(locale === "cs" ? "cs-CZ" : "de-DE", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Berlin" }).format(value);

/**
 * The reminder for one registration, if it is still due when the job runs: the registration is
 * live, its company has still not submitted, and the window has not closed. A failing mail server
 * throws, so pg-boss tries again. Returns whether a mail was sent.
 */
export async function sendPreferenceReminder(db: Db, eventId: string, registrationId: string, now = clock.now()): Promise<boolean> {
  const [row] = await db
    .select({
      status: eventRegistrations.status,
      locale: eventRegistrations.locale,
      companyId: eventRegistrations.companyId,
      companyName: companies.name,
      email: users.email,
    })
    .from(eventRegistrations)
    .innerJoin(companies, eq(companies.id, eventRegistrations.companyId))
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventId, eventId)));
  if (!row || !(LIVE_STATUSES as readonly string[]).includes(row.status)) return false;
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), isNull(events.deletedAt)));
  if (!event) return false;
  const [list] = await db
    .select({ companyId: b2bPreferenceLists.companyId })
    .from(b2bPreferenceLists)
    .where(and(eq(b2bPreferenceLists.eventId, eventId), eq(b2bPreferenceLists.companyId, row.companyId)));
  if (list) return false;
  const window = preferenceWindow(event, await loadPlan(db, eventId), now);
  if (now >= window.closesAt) return false;
  const locale = row.locale;
  await sendMail(
    renderMail(row.email, locale, {
      subject: "mail.b2bPreferenceReminder.subject",
      paragraphs: [
        { key: "mail.b2bPreferenceReminder.body", values: { company: row.companyName, title: locale === "cs" ? event.titleCs : event.titleDe } },
        { key: "mail.b2bPreferenceReminder.deadline", values: { deadline: dateTime(locale, window.closesAt) } },
      ],
      action: { label: "mail.b2bPreferenceReminder.action", url: absoluteUrl("eventB2bPreferences", locale, { company: row.companyId }, { id: eventId }) },
    }),
  );
  return true;
}

/** The live registrants with an account of companies that have not submitted, one per address. */
export async function missingRegistrants(db: Db, eventId: string): Promise<Array<{ registrationId: string; companyId: string; email: string; locale: Locale }>> {
  const participants = await participatingCompanies(db, eventId);
  const ids = participants.map((p) => p.companyId);
  if (ids.length === 0) return [];
  const submitted = new Set(
    (
      await db
        .select({ companyId: b2bPreferenceLists.companyId })
        .from(b2bPreferenceLists)
        .where(and(eq(b2bPreferenceLists.eventId, eventId), inArray(b2bPreferenceLists.companyId, ids)))
    ).map((r) => r.companyId),
  );
  const missing = ids.filter((id) => !submitted.has(id));
  if (missing.length === 0) return [];
  const rows = await db
    .select({ registrationId: eventRegistrations.id, companyId: eventRegistrations.companyId, email: users.email, locale: eventRegistrations.locale })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        inArray(eventRegistrations.companyId, missing),
        inArray(eventRegistrations.status, [...LIVE_STATUSES]),
        isNotNull(eventRegistrations.userId),
      ),
    )
    .orderBy(eventRegistrations.createdAt);
  const byAddress = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!byAddress.has(r.email.toLowerCase())) byAddress.set(r.email.toLowerCase(), r);
  return [...byAddress.values()];
}

/**
 * The organiser's "remind those who have not ranked" (gate `requireB2bOrganiser`): queues one
 * reminder per registrant of each company without a list. Returns the number of companies for
 * which at least one reminder was queued now (0 when they were all reminded today already).
 * `enqueue` defaults to the process's queue (tests pass their own).
 */
export async function remindMissingPreferences(db: Db, actor: Actor, eventId: string, now = clock.now(), options: { enqueue?: Enqueue } = {}): Promise<number> {
  await requireB2bOrganiser(db, actor, eventId, now);
  const enqueue: Enqueue = options.enqueue ?? enqueueJob;
  const reminded = new Set<string>();
  for (const r of await missingRegistrants(db, eventId)) {
    const queued = await enqueue(
      b2bPreferenceReminderJob,
      { eventId, registrationId: r.registrationId },
      { singletonKey: `${eventId}:${r.registrationId}`, singletonSeconds: REMINDER_SLOT_SECONDS },
    );
    if (queued) reminded.add(r.companyId);
  }
  return reminded.size;
}
