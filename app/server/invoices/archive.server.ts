import { and, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companyUserLinks, invoices } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { invoicePolicy } from "~/server/policy/invoice-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { cancelInvoiceRow, type InvoiceDocumentSource, invoiceDocument, type InvoiceListItem, type InvoiceRow, toListItems } from "./invoices.server";

/**
 * Invoices where they stay downloadable once their event, organiser or recipient is gone
 * (decision 027): the admins' archive of all invoices, searchable by number and recipient, and
 * the account's list of the invoices a user's companies received. Everything shown and printed
 * comes from the invoice rows (their snapshot); nothing here joins a live company or event.
 */
export const ARCHIVE_PAGE_SIZE = 50;
const QUERY_MAX = 100;

/** The archive: newest first, optionally only those whose number, recipient or person contains `query`. */
export async function listArchive(db: Db, actor: Actor, query: string): Promise<{ items: InvoiceListItem[]; more: boolean }> {
  authorize(actor, invoicePolicy.canUseArchive(actor));
  const q = query.trim().slice(0, QUERY_MAX);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q
    ? or(ilike(invoices.number, pattern), ilike(sql`${invoices.recipient}->>'name'`, pattern), ilike(invoices.recipientPerson, pattern))
    : undefined;
  const rows = await db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(ARCHIVE_PAGE_SIZE + 1);
  return { items: await toListItems(db, rows.slice(0, ARCHIVE_PAGE_SIZE)), more: rows.length > ARCHIVE_PAGE_SIZE };
}

/** The companies the user is a confirmed member of. */
async function memberCompanies(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: companyUserLinks.companyId })
    .from(companyUserLinks)
    .where(and(eq(companyUserLinks.userId, userId), eq(companyUserLinks.status, "CONFIRMED")));
  return rows.map((r) => r.id);
}

/** The invoices (and cancellations) the actor's companies received, newest first. */
export async function listOwnInvoices(db: Db, actor: Actor): Promise<InvoiceListItem[]> {
  authorize(actor, invoicePolicy.canListOwn(actor));
  const companies = await memberCompanies(db, actor.id);
  if (companies.length === 0) return [];
  const rows = await db
    .select()
    .from(invoices)
    .where(inArray(invoices.recipientCompanyId, companies))
    .orderBy(desc(invoices.createdAt), desc(invoices.number));
  return toListItems(db, rows);
}

async function loadInvoice(db: Db, invoiceId: string): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(sql`${invoices.id}::text = ${invoiceId}`);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/**
 * One invoice for its PDF outside the toolkit: admins, members of the recipient company, members
 * of the sender. Anyone else is told NOT_FOUND, not FORBIDDEN: whether an invoice id exists is
 * not theirs to learn.
 */
export async function getInvoiceDocumentFor(db: Db, actor: Actor, invoiceId: string): Promise<InvoiceDocumentSource> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const invoice = await loadInvoice(db, invoiceId);
  const companies = actor.role === "Admin" ? [] : await memberCompanies(db, actor.id);
  const relation = {
    isRecipientMember: invoice.recipientCompanyId !== null && companies.includes(invoice.recipientCompanyId),
    isSenderMember: companies.includes(invoice.sequenceCompanyId),
  };
  if (!invoicePolicy.canDownload(actor, relation)) throw new AppError("NOT_FOUND");
  return invoiceDocument(db, invoice);
}

/** One invoice from the archive for its PDF (admins). */
export async function getArchivedInvoiceDocument(db: Db, actor: Actor, invoiceId: string): Promise<InvoiceDocumentSource> {
  authorize(actor, invoicePolicy.canUseArchive(actor));
  return invoiceDocument(db, await loadInvoice(db, invoiceId));
}

/** Cancels an invoice from the archive (admins), also one whose event or organiser is gone. */
export async function cancelFromArchive(db: Db, actor: Actor, invoiceId: string, now = clock.now()): Promise<InvoiceRow> {
  authorize(actor, invoicePolicy.canCancelFromArchive(actor));
  return cancelInvoiceRow(db, actor.id, await loadInvoice(db, invoiceId), now);
}
