import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { companies, companyAddresses, companyContacts, companyUserLinks, eventOrganizers, invoices, type InvoiceParty } from "~/server/db/schema";
import type { ManagedEvent } from "~/server/participants/access.server";
import type { Actor } from "~/server/policy/policy";

/**
 * Who may appear on an invoice of an event (decision 020). The sender is an organiser of the
 * event: its main company or a further organiser, and for a Multiplikator only one they are a
 * confirmed member of (an admin may pick any of them). The parties' details come from the
 * company's headquarters, its first contact and — for what the directory does not know (VAT ID,
 * bank details) — the last invoice that company sent or received.
 */
export interface SenderChoice {
  id: string;
  party: InvoiceParty;
}

/** The organiser companies the actor may send an invoice of this event as (main organiser first). */
export async function senderCompanyIds(db: Db, actor: NonNullable<Actor>, event: ManagedEvent): Promise<string[]> {
  const further = await db.select({ id: eventOrganizers.companyId }).from(eventOrganizers).where(eq(eventOrganizers.eventId, event.id));
  const all = [event.companyId, ...further.map((f) => f.id).filter((id) => id !== event.companyId)];
  if (actor.role === "Admin") return all;
  const own = await db
    .select({ id: companyUserLinks.companyId })
    .from(companyUserLinks)
    .where(and(eq(companyUserLinks.userId, actor.id), eq(companyUserLinks.status, "CONFIRMED"), inArray(companyUserLinks.companyId, all)));
  const mine = new Set(own.map((o) => o.id));
  return all.filter((id) => mine.has(id));
}

/** Name and headquarters of companies as invoice parties (companies without an address get empty lines). */
export async function companyParties(db: Db, ids: string[]): Promise<Map<string, InvoiceParty>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      line1: companyAddresses.line1,
      line2: companyAddresses.line2,
      postalCode: companyAddresses.postalCode,
      city: companyAddresses.city,
      country: companyAddresses.country,
    })
    .from(companies)
    .leftJoin(companyAddresses, and(eq(companyAddresses.companyId, companies.id), eq(companyAddresses.kind, "HEADQUARTERS")))
    .where(inArray(companies.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { name: r.name, line1: r.line1 ?? "", ...(r.line2 ? { line2: r.line2 } : {}), postalCode: r.postalCode ?? "", city: r.city ?? "", country: r.country ?? "DE" },
    ]),
  );
}

/** The sender companies with their details prefilled (e-mail and phone from the first contact, VAT ID and bank from their last invoice). */
export async function senderChoices(db: Db, actor: NonNullable<Actor>, event: ManagedEvent): Promise<SenderChoice[]> {
  const ids = await senderCompanyIds(db, actor, event);
  const parties = await companyParties(db, ids);
  const result: SenderChoice[] = [];
  for (const id of ids) {
    const party = parties.get(id);
    if (!party) continue;
    const [contact] = await db
      .select({ email: companyContacts.email, phone: companyContacts.phone })
      .from(companyContacts)
      .where(eq(companyContacts.companyId, id))
      .orderBy(asc(companyContacts.createdAt))
      .limit(1);
    const [last] = await db.select({ sender: invoices.sender }).from(invoices).where(eq(invoices.senderCompanyId, id)).orderBy(desc(invoices.createdAt)).limit(1);
    result.push({
      id,
      party: {
        ...party,
        ...(last?.sender.vatId ? { vatId: last.sender.vatId } : {}),
        ...(last?.sender.bank ? { bank: last.sender.bank } : {}),
        ...((last?.sender.email ?? contact?.email) ? { email: last?.sender.email ?? contact?.email } : {}),
        ...((last?.sender.phone ?? contact?.phone) ? { phone: last?.sender.phone ?? contact?.phone } : {}),
      },
    });
  }
  return result;
}

/** The VAT ID printed for a recipient company last time (any sender), to prefill it again. */
export async function lastRecipientVatId(db: Db, companyId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ recipient: invoices.recipient })
    .from(invoices)
    .where(and(eq(invoices.recipientCompanyId, companyId), isNotNull(sql`${invoices.recipient}->>'vatId'`)))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  return row?.recipient.vatId;
}
