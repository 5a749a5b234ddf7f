import { and, asc, count, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { DeletionImpact } from "~/schemas/company-deletion";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { b2bPlans, companies, eventRegistrations, events, invoices, news } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { adminPolicy, companyPolicy } from "~/server/policy/company-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { recordCompanyUpdate } from "./audit-company.server";
import { restorableUntil } from "./deleted";
import { queueNotices, writeEventNotices } from "./event-notices.server";
import { ensure, loadRelation } from "./membership.server";

/**
 * Deleting a company profile (decision 026). A member or an admin deletes it by typing its name;
 * the profile, its events and its news disappear from every view at once (soft delete: the rows
 * stay, flagged), registrants of its upcoming events are told, and an admin can restore all of it
 * until the purge job removes it for good (purge.server.ts).
 */

/** What deleting the company takes away, for the confirmation dialog. */
export async function deletionImpact(db: Db, actor: Actor, companyId: string, now = clock.now()): Promise<DeletionImpact> {
  const relation = await loadRelation(db, actor, companyId);
  ensure(companyPolicy.canDelete(actor, relation), companyPolicy.canView(actor, relation));
  const own = and(eq(events.companyId, companyId), isNull(events.deletedAt));
  const [[timing], [registrations], [plans], [newsCount], [invoiceCount]] = await Promise.all([
    db
      .select({
        upcoming: sql<number>`count(*) filter (where ${events.endsAt} > ${now})`.mapWith(Number),
        past: sql<number>`count(*) filter (where ${events.endsAt} <= ${now})`.mapWith(Number),
      })
      .from(events)
      .where(own),
    db
      .select({ n: count() })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(and(own, ne(eventRegistrations.companyId, companyId), ne(eventRegistrations.status, "CANCELLED"))),
    db.select({ n: count() }).from(b2bPlans).innerJoin(events, eq(events.id, b2bPlans.eventId)).where(own),
    db.select({ n: count() }).from(news).where(and(eq(news.companyId, companyId), isNull(news.deletedAt))),
    db.select({ n: count() }).from(invoices).where(eq(invoices.senderCompanyId, companyId)),
  ]);
  return {
    upcomingEvents: timing?.upcoming ?? 0,
    pastEvents: timing?.past ?? 0,
    otherRegistrations: registrations?.n ?? 0,
    b2bPlans: plans?.n ?? 0,
    news: newsCount?.n ?? 0,
    invoices: invoiceCount?.n ?? 0,
  };
}

/**
 * Deletes a profile (members or admins; confirmation by repeating the name): sets its
 * `deleted_at`, and that of its events and news not deleted before (flagged `deleted_with_company`,
 * so a restore brings back exactly these). Nothing else changes: addresses, ads, registrations,
 * wish lists, B2B plans, files stay as they are until the purge. Events it only co-organises stay.
 *
 * Concurrency: the company row, then its events are locked (FOR UPDATE, the lock a registration
 * takes on its event). A registration that committed first is in the rows read afterwards and gets
 * the cancellation mail; one that waited finds its event deleted and is refused.
 */
export async function deleteCompany(db: Db, actor: Actor, companyId: string, confirmName: string, now = clock.now()): Promise<void> {
  const relation = await loadRelation(db, actor, companyId);
  ensure(companyPolicy.canDelete(actor, relation), companyPolicy.canView(actor, relation));
  const mailingIds = await withTransaction(db, async (tx) => {
    const [company] = await tx
      .select({ name: companies.name, deletedAt: companies.deletedAt })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!company || company.deletedAt) throw new AppError("NOT_FOUND");
    if (company.name.trim().toLowerCase() !== confirmName.trim().toLowerCase()) throw new AppError("DELETE_CONFIRMATION_MISMATCH");
    const own = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.companyId, companyId), isNull(events.deletedAt)))
      .orderBy(asc(events.id))
      .for("update");
    const eventIds = own.map((e) => e.id);
    await recordCompanyUpdate(tx, actor, companyId, "deleted");
    await tx.update(companies).set({ deletedAt: now, deletedBy: actor!.id }).where(eq(companies.id, companyId));
    if (eventIds.length > 0) await tx.update(events).set({ deletedAt: now, deletedWithCompany: true }).where(inArray(events.id, eventIds));
    await tx.update(news).set({ deletedAt: now, deletedWithCompany: true }).where(and(eq(news.companyId, companyId), isNull(news.deletedAt)));
    return writeEventNotices(tx, "CANCELLED", eventIds, `company:${now.toISOString()}`, actor!.id, now);
  });
  await queueNotices(mailingIds);
}

/**
 * Brings a deleted profile back with the events and news deleted with it, exactly as they were
 * (admins, within the restore period). Registrants of its upcoming events who were told of the
 * cancellation hear that the event is back; their registrations were never touched.
 */
export async function restoreCompany(db: Db, actor: Actor, companyId: string, now = clock.now()): Promise<void> {
  authorize(actor, adminPolicy.canManageCompanyDatabase(actor));
  if (!/^[0-9a-f-]{36}$/i.test(companyId)) throw new AppError("NOT_FOUND");
  const mailingIds = await withTransaction(db, async (tx) => {
    const [company] = await tx.select({ deletedAt: companies.deletedAt }).from(companies).where(eq(companies.id, companyId)).for("update");
    if (!company) throw new AppError("NOT_FOUND");
    if (!company.deletedAt) throw new AppError("ALREADY_HANDLED");
    if (restorableUntil(company.deletedAt) <= now) throw new AppError("COMPANY_RESTORE_EXPIRED");
    const back = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.companyId, companyId), eq(events.deletedWithCompany, true)))
      .orderBy(asc(events.id))
      .for("update");
    const eventIds = back.map((e) => e.id);
    await tx.update(companies).set({ deletedAt: null, deletedBy: null }).where(eq(companies.id, companyId));
    if (eventIds.length > 0) await tx.update(events).set({ deletedAt: null, deletedWithCompany: false }).where(inArray(events.id, eventIds));
    await tx.update(news).set({ deletedAt: null, deletedWithCompany: false }).where(and(eq(news.companyId, companyId), eq(news.deletedWithCompany, true)));
    await recordCompanyUpdate(tx, actor, companyId, "restored");
    // Only those who were told of the cancellation hear that it is back.
    const cancelled = await cancelledWithDeletion(tx, eventIds, company.deletedAt);
    return writeEventNotices(tx, "RESTORED", cancelled, `company:${company.deletedAt.toISOString()}`, actor.id, now);
  });
  await queueNotices(mailingIds);
}

/** Of the events, those whose end had not come when the company was deleted (they got the cancellation). */
async function cancelledWithDeletion(tx: Db, eventIds: string[], deletedAt: Date): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const rows = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(inArray(events.id, eventIds), gt(events.endsAt, deletedAt)));
  return rows.map((r) => r.id);
}

/** Ids of companies deleted at or before `cutoff` (the purge's work list, oldest first). */
export async function companiesDeletedBefore(db: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(lte(companies.deletedAt, cutoff), isNull(companies.purgedAt)))
    .orderBy(asc(companies.deletedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
