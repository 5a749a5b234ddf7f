import type { Actor } from "./policy";

/** What the policy needs to know about the actor's relation to one private file (decision 029). */
export interface PrivateFileRelation {
  /** The actor manages the participants of an event the file belongs to (organiser or admin). */
  managesEvent: boolean;
  /** The file is the logo of an invoice issued to a company the actor is a confirmed member of. */
  isInvoiceRecipient: boolean;
}

/**
 * Private files (mail attachments, invoice logos, name-tag logos): admins, the event's organisers,
 * and for an invoice's logo the recipient company's members. Everyone else is told the file does
 * not exist: its key is secret, a refusal would only confirm that it is in use.
 */
export const privateFilePolicy = {
  canRead: (actor: Actor, r: PrivateFileRelation) => !!actor && (actor.role === "Admin" || r.managesEvent || r.isInvoiceRecipient),
};
