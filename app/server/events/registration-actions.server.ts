import type { Db } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import type { Actor } from "~/server/policy/policy";
import { cancelRegistration } from "./registrations.server";

/** The cancel intent shared by the event page and my events: `intent=cancel`, `registrationId`. */
export async function runRegistrationIntent(db: Db, actor: Actor, form: FormData) {
  const intent = form.get("intent");
  const id = form.get("registrationId");
  if (intent !== "cancel" || typeof id !== "string") throw new AppError("INVALID_INPUT");
  const result = await cancelRegistration(db, actor, id);
  return { ok: true as const, intent: "cancel", promoted: result.promoted.length };
}
