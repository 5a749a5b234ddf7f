import { and, asc, desc, eq, exists, gte, lt, or, type SQL, sql } from "drizzle-orm";
import { ACCOUNTS_PAGE_SIZE, type AccountFilter } from "~/schemas/admin-accounts";
import { fromBerlin } from "~/schemas/berlin-time";
import type { DateParts } from "~/schemas/date-input";
import { eraseAccount } from "~/server/accounts/account.server";
import { ensureAdminRemains, lockActiveAdmins } from "~/server/accounts/last-admin.server";
import { deleteSessionsOfUser } from "~/server/auth/sessions.server";
import { memberCompanies } from "~/server/companies/membership.server";
import { type Db, withTransaction } from "~/server/db/client.server";
import { companies, companyUserLinks, type Role, users } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { foldedPattern } from "~/server/news/list-managed.server";
import { accountAdminPolicy } from "~/server/policy/account-admin-policy";
import { type Actor, authorize } from "~/server/policy/policy";

/**
 * The admin accounts page (spec §2 users, §4 account, §6; decision 033): list and download with
 * search and filters, role change, deactivation (blocks sign-in, ends the sessions at once, keeps
 * the data) and activation, deletion (company profiles stay). An admin never acts on their own
 * account here, and no change leaves the platform without an active admin (checked under a lock
 * on the admin rows, so two admins demoting each other at once leave one of them).
 */

/** Confirmed links to profiles that are not deleted: what "linked company" means everywhere. */
const linkedTo = (userId: SQL | typeof users.id) =>
  sql`(select 1 from ${companyUserLinks} l join ${companies} c on c.id = l.company_id
       where l.user_id = ${userId} and l.status = 'CONFIRMED' and c.deleted_at is null)`;

// "users"."id" spelled out: in a select list drizzle writes a column of the only table without it.
const linkedCompanies = sql<Array<{ id: string; name: string }>>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
    from ${companyUserLinks} l join ${companies} c on c.id = l.company_id
   where l.user_id = "users"."id" and l.status = 'CONFIRMED' and c.deleted_at is null), '[]'::json)`;

/** The start of a Berlin calendar day (the "to" day counts whole: the next day's start is the bound). */
function dayStart(day: DateParts, plusDays = 0): Date {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + plusDays));
  return fromBerlin({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0 });
}

function whereOf(filter: AccountFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  const q = filter.q.trim();
  if (q) {
    const pattern = foldedPattern(q);
    conditions.push(or(sql`pn_norm(${users.name}) like ${pattern}`, sql`pn_norm(${users.email}) like ${pattern}`));
  }
  if (filter.role !== "ALL") conditions.push(eq(users.role, filter.role));
  if (filter.active !== "ALL") conditions.push(eq(users.active, filter.active === "ACTIVE"));
  if (filter.company === "WITH") conditions.push(exists(linkedTo(users.id)));
  if (filter.company === "WITHOUT") conditions.push(sql`not exists ${linkedTo(users.id)}`);
  if (filter.from) conditions.push(gte(users.createdAt, dayStart(filter.from)));
  if (filter.to) conditions.push(lt(users.createdAt, dayStart(filter.to, 1)));
  return and(...conditions);
}

const SORT_COLUMNS = { name: users.name, email: users.email, role: users.role, active: users.active, created: users.createdAt } as const;

const rowFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  active: users.active,
  verified: users.verified,
  locale: users.locale,
  createdAt: users.createdAt,
  companies: linkedCompanies,
};

/** One page of accounts with their linked companies, the filter's total and the page count. */
export async function listAccounts(db: Db, actor: Actor, filter: AccountFilter) {
  authorize(actor, accountAdminPolicy.canList(actor));
  const where = whereOf(filter);
  const column = SORT_COLUMNS[filter.sort];
  const order = filter.dir === "asc" ? asc(column) : desc(column);
  const [total] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(where);
  const n = total?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(n / ACCOUNTS_PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const items = await db
    .select(rowFields)
    .from(users)
    .where(where)
    .orderBy(order, asc(users.id))
    .limit(ACCOUNTS_PAGE_SIZE)
    .offset((page - 1) * ACCOUNTS_PAGE_SIZE);
  return { items, total: n, page, pageCount };
}
export type AccountRow = Awaited<ReturnType<typeof listAccounts>>["items"][number];

/**
 * The filtered selection for a download, by name, `size` rows at a time (keyset on name and id),
 * so a download never holds the whole table; the caller streams it (table-download.server.ts).
 */
export function accountPages(db: Db, actor: Actor, filter: AccountFilter, size = 500) {
  authorize(actor, accountAdminPolicy.canDownload(actor));
  const where = whereOf(filter);
  return (after: { name: string; id: string } | null): Promise<AccountRow[]> =>
    db
      .select(rowFields)
      .from(users)
      .where(and(where, after ? sql`(${users.name}, ${users.id}) > (${after.name}, ${after.id}::uuid)` : undefined))
      .orderBy(asc(users.name), asc(users.id))
      .limit(size);
}

/**
 * The transaction every change runs in: locks the active admins first, then checks that the actor
 * still is one of them (another admin may have demoted them a moment ago) and that the target exists.
 */
async function asAdmin<T>(db: Db, actor: Actor, userId: string, work: (tx: Db, admins: string[], target: { role: Role; active: boolean }) => Promise<T>) {
  authorize(actor, accountAdminPolicy.canList(actor));
  if (!accountAdminPolicy.canManage(actor, userId)) throw new AppError("ADMIN_SELF_CHANGE");
  return withTransaction(db, async (tx) => {
    const admins = await lockActiveAdmins(tx);
    if (!admins.includes(actor.id)) throw new AppError("FORBIDDEN");
    const [target] = await tx.select({ role: users.role, active: users.active }).from(users).where(eq(users.id, userId)).for("update");
    if (!target) throw new AppError("NOT_FOUND");
    return work(tx, admins, target);
  });
}

/**
 * Sets the role; effective at the target's next request (the session reads the role from the
 * users row on every request). Multiplikator needs a linked company (spec §6, as a role request).
 */
export async function changeAccountRole(db: Db, actor: Actor, userId: string, role: Role): Promise<void> {
  await asAdmin(db, actor, userId, async (tx, admins, target) => {
    if (target.role === role) return;
    if (role !== "Admin") ensureAdminRemains(admins, userId);
    if (role === "Multiplikator" && (await memberCompanies(tx, userId)).length === 0) throw new AppError("MULTIPLIKATOR_NEEDS_COMPANY");
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}

/** Deactivation blocks sign-in and ends every session of the account at once; activation undoes it. */
export async function setAccountActive(db: Db, actor: Actor, userId: string, active: boolean): Promise<void> {
  await asAdmin(db, actor, userId, async (tx, admins, target) => {
    if (!active) ensureAdminRemains(admins, userId);
    if (target.active !== active) await tx.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, userId));
    if (!active) await deleteSessionsOfUser(tx, userId);
  });
}

/** Deletes the account as its owner would (account.server.ts): company profiles stay, registrations are anonymised. */
export async function deleteAccountAsAdmin(db: Db, actor: Actor, userId: string): Promise<void> {
  await asAdmin(db, actor, userId, async (tx, admins) => {
    ensureAdminRemains(admins, userId);
    await eraseAccount(tx, userId);
  });
}
