import { z } from "zod";
import { AddressSchema, ChallengeSchema, ContactSchema, ServiceSchema } from "~/schemas/company";
import { addAddress, deleteAddress, updateAddress } from "~/server/companies/addresses.server";
import { fileChallenge } from "~/server/companies/challenges.server";
import { addContact, deleteContact, updateContact } from "~/server/companies/contacts.server";
import { requestCompanyLink } from "~/server/companies/links.server";
import { deactivateCompany, verifyCompany } from "~/server/companies/moderation.server";
import { createService, deleteService, prolongService } from "~/server/companies/services.server";
import type { Db } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { parseForm } from "~/server/http/actions.server";
import type { Actor } from "~/server/policy/policy";
import type { FileStorage } from "~/server/storage/storage.server";

export const COMPANY_INTENTS = [
  "addAddress",
  "updateAddress",
  "deleteAddress",
  "addContact",
  "updateContact",
  "deleteContact",
  "createService",
  "prolongService",
  "deleteService",
  "challenge",
  "requestLink",
  "verify",
  "deactivate",
] as const;
export type CompanyIntent = (typeof COMPANY_INTENTS)[number];

const Uuid = z.uuid();

/** A row id from the URL or a hidden field; anything that is not a UUID cannot exist. */
export function idOrNotFound(value: unknown): string {
  const parsed = Uuid.safeParse(value);
  if (!parsed.success) throw new AppError("NOT_FOUND");
  return parsed.data;
}

export function intentOf(form: FormData): CompanyIntent {
  const intent = form.get("intent");
  if (!(COMPANY_INTENTS as readonly unknown[]).includes(intent)) throw new AppError("INVALID_INPUT");
  return intent as CompanyIntent;
}

function imageOf(form: FormData): File | null {
  const image = form.get("image");
  return image instanceof File && image.size > 0 ? image : null;
}

/**
 * One action of the company page: parses the intent's fields with the shared schema and calls
 * the domain function, which checks the policy. Throws AppError codes (validation failures carry
 * per-field codes) for the route's handleAction to map.
 */
export async function runCompanyIntent(
  db: Db,
  actor: Actor,
  companyId: string,
  intent: CompanyIntent,
  form: FormData,
  storage: FileStorage,
): Promise<void> {
  switch (intent) {
    case "addAddress":
      await addAddress(db, actor, companyId, parseForm(AddressSchema, form));
      return;
    case "updateAddress":
      await updateAddress(db, actor, companyId, idOrNotFound(form.get("addressId")), parseForm(AddressSchema, form));
      return;
    case "deleteAddress":
      await deleteAddress(db, actor, companyId, idOrNotFound(form.get("addressId")));
      return;
    case "addContact":
      await addContact(db, actor, companyId, parseForm(ContactSchema, form));
      return;
    case "updateContact":
      await updateContact(db, actor, companyId, idOrNotFound(form.get("contactId")), parseForm(ContactSchema, form));
      return;
    case "deleteContact":
      await deleteContact(db, actor, companyId, idOrNotFound(form.get("contactId")));
      return;
    case "createService":
      await createService(db, actor, companyId, parseForm(ServiceSchema, form), imageOf(form), storage);
      return;
    case "prolongService":
      await prolongService(db, actor, companyId, idOrNotFound(form.get("serviceId")));
      return;
    case "deleteService":
      await deleteService(db, actor, companyId, idOrNotFound(form.get("serviceId")), storage);
      return;
    case "challenge":
      await fileChallenge(db, actor, companyId, parseForm(ChallengeSchema, form, ["reasons"]));
      return;
    case "requestLink":
      await requestCompanyLink(db, actor, companyId);
      return;
    case "verify":
      await verifyCompany(db, actor, companyId);
      return;
    case "deactivate":
      await deactivateCompany(db, actor, companyId);
      return;
  }
}
