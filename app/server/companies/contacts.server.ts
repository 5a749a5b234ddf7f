import { and, eq } from "drizzle-orm";
import type { ContactInput } from "~/schemas/company";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { companyContacts } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { companyPolicy } from "~/server/policy/company-policy";
import type { Actor } from "~/server/policy/policy";
import { recordCompanyUpdate } from "./audit-company.server";
import { ensure, loadRelation } from "./membership.server";

async function authorizeEdit(db: Db, actor: Actor, companyId: string) {
  const relation = await loadRelation(db, actor, companyId);
  ensure(companyPolicy.canEdit(actor, relation), companyPolicy.canView(actor, relation));
}

function values(input: ContactInput, actor: Actor) {
  // Consent is required by the schema; we record who confirmed it and when.
  return { function: input.function, name: input.name, email: input.email, phone: input.phone, consentAt: new Date(), consentBy: actor?.id ?? null };
}

export async function addContact(db: Db, actor: Actor, companyId: string, input: ContactInput): Promise<string> {
  await authorizeEdit(db, actor, companyId);
  return withTransaction(db, async (tx) => {
    const [row] = await tx.insert(companyContacts).values({ companyId, ...values(input, actor) }).returning({ id: companyContacts.id });
    // The import fills the GENERAL contact's e-mail and phone; a person's GENERAL contact wins (decision 039).
    await recordCompanyUpdate(tx, actor, companyId, "contact", input.function === "GENERAL" ? ["email", "phone"] : []);
    return row!.id;
  });
}

export async function updateContact(db: Db, actor: Actor, companyId: string, contactId: string, input: ContactInput): Promise<void> {
  await authorizeEdit(db, actor, companyId);
  await withTransaction(db, async (tx) => {
    const [before] = await tx
      .select({ function: companyContacts.function, email: companyContacts.email, phone: companyContacts.phone })
      .from(companyContacts)
      .where(and(eq(companyContacts.id, contactId), eq(companyContacts.companyId, companyId)))
      .for("update");
    if (!before) throw new AppError("NOT_FOUND");
    await tx
      .update(companyContacts)
      .set({ ...values(input, actor), updatedAt: new Date() })
      .where(and(eq(companyContacts.id, contactId), eq(companyContacts.companyId, companyId)));
    const general = before.function === "GENERAL" || input.function === "GENERAL";
    const curated = general ? [...(before.email !== input.email || before.function !== input.function ? ["email"] : []), ...(before.phone !== input.phone || before.function !== input.function ? ["phone"] : [])] : [];
    await recordCompanyUpdate(tx, actor, companyId, "contact", curated);
  });
}

export async function deleteContact(db: Db, actor: Actor, companyId: string, contactId: string): Promise<void> {
  await authorizeEdit(db, actor, companyId);
  await withTransaction(db, async (tx) => {
    const deleted = await tx
      .delete(companyContacts)
      .where(and(eq(companyContacts.id, contactId), eq(companyContacts.companyId, companyId)))
      .returning({ id: companyContacts.id, function: companyContacts.function });
    if (deleted.length === 0) throw new AppError("NOT_FOUND");
    await recordCompanyUpdate(tx, actor, companyId, "contact", deleted[0]!.function === "GENERAL" ? ["email", "phone"] : []);
  });
}
