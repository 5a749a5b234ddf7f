import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { LinkDecision } from "~/schemas/approvals";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { companies, companyAddresses, companyUserLinks, users } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { absoluteUrl } from "~/server/accounts/links.server";
import { hitUserLimit } from "~/server/limits.server";
import { mailUser } from "~/server/mail/notify.server";
import { adminPolicy, companyPolicy } from "~/server/policy/company-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { ensure, loadRelation } from "./membership.server";
import { companyNotDeleted } from "~/server/companies/deleted";

/**
 * Company-account links (spec §4): a user asks to be linked to an existing, published profile;
 * an admin confirms or rejects (decision 006); the user is told by e-mail. A rejected user may
 * ask again; removing a confirmed link goes through support.
 */

const SEARCH_LIMIT = 20;

/**
 * Lower case without Czech and German diacritics, so "usti" finds "Ústí". Plain translate()
 * (no extension, and lower() alone misses non-ASCII letters under the C collation).
 */
const FROM = "áäčďéěëíňóöřšťúůüýžßÁÄČĎÉĚËÍŇÓÖŘŠŤÚŮÜÝŽ";
const TO = "aacdeeeinoorstuuuyzsaacdeeeinoorstuuuyz";
function folded(value: SQLWrapper | string): SQL {
  return sql`lower(translate(${value}, ${FROM}, ${TO}))`;
}
const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The headquarters row of each company (there is exactly one, see addresses.server.ts). */
const headquarters = and(eq(companyAddresses.companyId, companies.id), eq(companyAddresses.kind, "HEADQUARTERS"));

/**
 * Published profiles whose name contains the query, with the actor's own link status, for the
 * link page. Pending and deactivated profiles are not offered (they are not public).
 */
export async function searchCompaniesToLink(db: Db, actor: Actor, query: string) {
  authorize(actor, !!actor);
  const q = query.trim();
  if (!q) return [];
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      city: companyAddresses.city,
      country: companyAddresses.country,
      linkStatus: companyUserLinks.status,
    })
    .from(companies)
    .leftJoin(companyAddresses, headquarters)
    .leftJoin(companyUserLinks, and(eq(companyUserLinks.companyId, companies.id), eq(companyUserLinks.userId, actor.id)))
    .where(and(eq(companies.status, "VERIFIED"), companyNotDeleted(), sql`${folded(companies.name)} like ${folded(likePattern(q))}`))
    .orderBy(asc(companies.name))
    .limit(SEARCH_LIMIT);
  return rows.map((row) => ({
    ...row,
    canRequest: row.linkStatus !== "REQUESTED" && companyPolicy.canRequestLink(actor, { status: "VERIFIED", isMember: row.linkStatus === "CONFIRMED" }),
  }));
}

/** Asks for a link; a rejected request can be renewed, a pending one not twice. */
export async function requestCompanyLink(db: Db, actor: Actor, companyId: string): Promise<string> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const relation = await loadRelation(db, actor, companyId);
  ensure(companyPolicy.canRequestLink(actor, relation), companyPolicy.canView(actor, relation));
  return withTransaction(db, async (tx) => {
    await hitUserLimit(tx, actor, "linkRequest");
    const [row] = await tx
      .insert(companyUserLinks)
      .values({ companyId, userId: actor.id, status: "REQUESTED" })
      .onConflictDoUpdate({
        target: [companyUserLinks.companyId, companyUserLinks.userId],
        set: { status: "REQUESTED", decidedBy: null, decidedAt: null, createdAt: new Date() },
        setWhere: eq(companyUserLinks.status, "REJECTED"),
      })
      .returning({ id: companyUserLinks.id });
    if (!row) throw new AppError("LINK_ALREADY_REQUESTED");
    return row.id;
  });
}

/** The actor's own links in every state, newest first (link page). */
export async function listMyLinks(db: Db, actor: Actor) {
  authorize(actor, !!actor);
  return db
    .select({
      id: companyUserLinks.id,
      companyId: companies.id,
      companyName: companies.name,
      companyStatus: companies.status,
      status: companyUserLinks.status,
      createdAt: companyUserLinks.createdAt,
      decidedAt: companyUserLinks.decidedAt,
    })
    .from(companyUserLinks)
    .innerJoin(companies, eq(companies.id, companyUserLinks.companyId))
    .where(and(eq(companyUserLinks.userId, actor.id), companyNotDeleted()))
    .orderBy(desc(companyUserLinks.createdAt));
}

/** Open link requests, oldest first (the admins' work list). */
export async function listPendingLinks(db: Db, actor: Actor) {
  authorize(actor, adminPolicy.canDecideLinks(actor));
  return db
    .select({
      id: companyUserLinks.id,
      createdAt: companyUserLinks.createdAt,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      companyId: companies.id,
      companyName: companies.name,
      companyCity: companyAddresses.city,
    })
    .from(companyUserLinks)
    .innerJoin(users, eq(users.id, companyUserLinks.userId))
    .innerJoin(companies, eq(companies.id, companyUserLinks.companyId))
    .leftJoin(companyAddresses, headquarters)
    .where(and(eq(companyUserLinks.status, "REQUESTED"), companyNotDeleted()))
    .orderBy(asc(companyUserLinks.createdAt));
}

/**
 * Confirms or rejects an open request (once: a decided one is ALREADY_HANDLED, also when two
 * admins click at the same time) and mails the user in their language.
 */
export async function decideLink(db: Db, actor: Actor, linkId: string, decision: LinkDecision): Promise<void> {
  authorize(actor, adminPolicy.canDecideLinks(actor));
  const decided = await withTransaction(db, async (tx) => {
    const [row] = await tx
      .update(companyUserLinks)
      .set({ status: decision, decidedBy: actor.id, decidedAt: new Date() })
      .where(and(eq(companyUserLinks.id, linkId), eq(companyUserLinks.status, "REQUESTED")))
      .returning({ userId: companyUserLinks.userId, companyId: companyUserLinks.companyId });
    if (!row) {
      const [existing] = await tx.select({ id: companyUserLinks.id }).from(companyUserLinks).where(eq(companyUserLinks.id, linkId));
      throw new AppError(existing ? "ALREADY_HANDLED" : "NOT_FOUND");
    }
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, row.companyId));
    return { ...row, companyName: company?.name ?? "" };
  });
  const values = { company: decided.companyName };
  await mailUser(db, decided.userId, (locale) =>
    decision === "CONFIRMED"
      ? {
          subject: "mail.linkConfirmed.subject",
          paragraphs: [{ key: "mail.linkConfirmed.body", values }],
          action: { label: "mail.linkConfirmed.action", url: absoluteUrl("companyDetail", locale, undefined, { id: decided.companyId }) },
        }
      : { subject: "mail.linkRejected.subject", paragraphs: [{ key: "mail.linkRejected.body", values }] },
  );
}
