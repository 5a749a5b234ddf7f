import type { Actor } from "./policy";

/** What the policy needs to know about the actor's relation to one issued invoice. */
export interface InvoiceRelation {
  /** A confirmed member of the recipient company (the invoice's `recipient_company_id`). */
  isRecipientMember: boolean;
  /** A confirmed member of the sending organiser (as issued: `sequence_company_id`). */
  isSenderMember: boolean;
}

const isAdmin = (actor: Actor) => actor?.role === "Admin";

/**
 * Invoices outside the organisers' toolkit (decision 027). The archive of all invoices — also
 * those whose event, sender or recipient company is gone — is the admins'; they may cancel from
 * it. Under the account, a member of the recipient company sees that company's invoices and
 * downloads them; the sender's members may download what they issued. Nobody else sees an
 * invoice: it names people and amounts.
 */
export const invoicePolicy = {
  canUseArchive: (actor: Actor) => isAdmin(actor),
  canCancelFromArchive: (actor: Actor) => isAdmin(actor),
  /** The account's list of the actor's companies' invoices: any signed-in user (it shows only their own). */
  canListOwn: (actor: Actor) => !!actor,
  canDownload: (actor: Actor, r: InvoiceRelation) => isAdmin(actor) || (!!actor && (r.isRecipientMember || r.isSenderMember)),
};
