import { and, eq, isNull } from "drizzle-orm";
import * as clock from "~/server/clock.server";
import { serviceState } from "~/server/companies/service-state";
import { prolongService } from "~/server/companies/services.server";
import type { Db } from "~/server/db/client.server";
import { companies, companyServices, users } from "~/server/db/schema";
import { AppError, isAppError } from "~/server/errors";
import type { Actor } from "~/server/policy/policy";
import { verifyProlongToken } from "./prolong-link.server";

/**
 * The one-click prolong of an ad-expiry reminder (decision 062). The mail's link opens a page
 * (GET, harmless for mail scanners that prefetch links) showing the ad and one button; the POST
 * prolongs through the company module's own `prolongService` (same rule: +30 days, only while
 * expiring; same authorization: the recipient must still be a member), acting as the recipient.
 */
export interface ProlongPreview {
  title: string;
  company: string;
  validUntil: string;
  /** ready: the button prolongs; done: this link's prolonging happened already; closed: outside the window. */
  state: "ready" | "done" | "closed";
}

async function resolve(db: Db, token: string, now: Date) {
  const claim = verifyProlongToken(token, now);
  const [row] = await db
    .select({ title: companyServices.title, validUntil: companyServices.validUntil, companyId: companies.id, company: companies.name })
    .from(companyServices)
    .innerJoin(companies, eq(companies.id, companyServices.companyId))
    .where(and(eq(companyServices.id, claim.serviceId), eq(companyServices.active, true), isNull(companies.deletedAt)));
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(and(eq(users.id, claim.userId), eq(users.active, true)));
  if (!row || !user) throw new AppError("PROLONG_LINK_INVALID");
  const actor: Actor = { id: user.id, role: user.role };
  const state: ProlongPreview["state"] =
    row.validUntil.getTime() > claim.validUntil.getTime() ? "done" : serviceState(row.validUntil, now) === "expiring" ? "ready" : "closed";
  return { claim, row, actor, preview: { title: row.title, company: row.company, validUntil: row.validUntil.toISOString(), state } satisfies ProlongPreview };
}

/** What the link's page shows; a forged, altered or expired link → PROLONG_LINK_INVALID. */
export async function prolongPreview(db: Db, token: string, now = clock.now()): Promise<ProlongPreview> {
  return (await resolve(db, token, now)).preview;
}

/**
 * The button: prolongs once. A second click (or a second tab) finds the ad prolonged already and
 * answers "done" without prolonging again; outside the window → PROLONG_NOT_ALLOWED.
 */
export async function prolongByLink(db: Db, token: string, now = clock.now()): Promise<ProlongPreview> {
  const { claim, row, actor, preview } = await resolve(db, token, now);
  if (preview.state === "done") return preview;
  if (preview.state === "closed") throw new AppError("PROLONG_NOT_ALLOWED");
  try {
    const validUntil = await prolongService(db, actor, row.companyId, claim.serviceId, now);
    return { ...preview, validUntil: validUntil.toISOString(), state: "done" };
  } catch (error) {
    // Two clicks at once: the other one prolonged under the company's lock first.
    if (isAppError(error) && error.code === "PROLONG_NOT_ALLOWED") {
      const again = (await resolve(db, token, now)).preview;
      if (again.state === "done") return again;
    }
    throw error;
  }
}
