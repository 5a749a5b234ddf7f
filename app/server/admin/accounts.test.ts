import ExcelJS from "exceljs";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { extractCode, lastMailTo } from "../../../tests/support/outbox";
import { translate } from "~/i18n/translate";
import { type AccountFilter, parseAccountFilter } from "~/schemas/admin-accounts";
import { deleteAccount } from "~/server/accounts/account.server";
import { requestLoginCode, verifyLoginCode } from "~/server/accounts/login-code.server";
import { createSession, lookupSession } from "~/server/auth/sessions.server";
import type { DbHandle } from "~/server/db/client.server";
import { companies, companyUserLinks, loginCodes, users } from "~/server/db/schema";
import { csvDownloadResponse, pagedRows, xlsxDownloadResponse } from "~/server/downloads/table-download.server";
import { accountPages, changeAccountRole, deleteAccountAsAdmin, listAccounts, setAccountActive } from "./accounts.server";

let handle: DbHandle;
let admin: TestUser;
const db = () => handle.db;
const filter = (query: Record<string, string> = {}): AccountFilter => parseAccountFilter(new URLSearchParams(query), 2026);

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(db(), "Admin", { name: "Anna Admin" });
});
afterAll(() => handle.close());

async function userRow(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row;
}

/** Every other active admin deactivated, so that `keep` is the only one (the tests share one database). */
async function onlyAdmin(keep: string) {
  const others = (await db().select({ id: users.id }).from(users).where(eq(users.role, "Admin"))).map((r) => r.id).filter((id) => id !== keep);
  if (others.length) await db().update(users).set({ active: false }).where(inArray(users.id, others));
}

describe("listing accounts", () => {
  it("searches name and e-mail (case and accents folded), filters, sorts and pages, with linked companies", async () => {
    const tag = `zz${Date.now().toString(36)}`;
    const a = await insertUser(db(), "Organisation", { name: `Žofie ${tag} Nováková` });
    const b = await insertUser(db(), "Multiplikator", { name: `Bernd ${tag}` });
    const c = await insertUser(db(), "Organisation", { name: `Carla ${tag}` });
    await db().update(users).set({ active: false, createdAt: new Date("2024-03-10T12:00:00Z") }).where(eq(users.id, c.id));
    const companyId = await insertCompany(db(), { name: `Bernds Firma ${tag}`, members: [b.id] });
    // A deleted profile and a link still waiting do not count as "linked".
    const gone = await insertCompany(db(), { name: `Gelöscht ${tag}`, members: [a.id] });
    await db().update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, gone));
    await db().insert(companyUserLinks).values({ companyId: await insertCompany(db()), userId: c.id, status: "REQUESTED" });

    const names = async (query: Record<string, string>) => (await listAccounts(db(), admin, filter({ q: tag, ...query }))).items.map((r) => r.name);
    expect(await names({ q: `zofie ${tag}`.toUpperCase() })).toEqual([`Žofie ${tag} Nováková`]);
    expect((await listAccounts(db(), admin, filter({ q: b.email.toUpperCase() }))).items.map((r) => r.id)).toEqual([b.id]);
    expect(await names({ role: "Multiplikator" })).toEqual([`Bernd ${tag}`]);
    expect((await names({ active: "INACTIVE" })).sort()).toEqual([`Carla ${tag}`]);
    expect((await names({ active: "ACTIVE" })).sort()).toEqual([`Bernd ${tag}`, `Žofie ${tag} Nováková`]);
    expect(await names({ company: "WITH" })).toEqual([`Bernd ${tag}`]);
    expect((await names({ company: "WITHOUT" })).sort()).toEqual([`Carla ${tag}`, `Žofie ${tag} Nováková`]);
    expect(await names({ from: "1.3.2024", to: "10.3.2024" })).toEqual([`Carla ${tag}`]);
    expect(await names({ to: "9.3.2024" })).toEqual([]);
    expect(await names({ sort: "name", dir: "asc" })).toEqual([`Bernd ${tag}`, `Carla ${tag}`, `Žofie ${tag} Nováková`]);
    expect(await names({ sort: "name", dir: "desc" })).toEqual([`Žofie ${tag} Nováková`, `Carla ${tag}`, `Bernd ${tag}`]);
    // Default: newest first.
    expect((await names({}))[2]).toBe(`Carla ${tag}`);

    const bernd = (await listAccounts(db(), admin, filter({ q: b.email }))).items[0]!;
    expect(bernd.companies).toEqual([{ id: companyId, name: `Bernds Firma ${tag}` }]);
  });

  it("pages 50 at a time; a page past the end shows the last one", async () => {
    const tag = `pg${Date.now().toString(36)}`;
    for (let i = 0; i < 52; i++) await insertUser(db(), "Organisation", { name: `Seite ${tag} ${String(i).padStart(2, "0")}` });
    const first = await listAccounts(db(), admin, filter({ q: tag, sort: "name" }));
    expect(first).toMatchObject({ total: 52, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(50);
    const last = await listAccounts(db(), admin, filter({ q: tag, sort: "name", page: "9" }));
    expect(last.page).toBe(2);
    expect(last.items.map((r) => r.name)).toEqual([`Seite ${tag} 50`, `Seite ${tag} 51`]);
  });

  it("is for admins only", async () => {
    for (const role of ["Organisation", "Multiplikator"] as const) {
      const user = await insertUser(db(), role);
      await expect(listAccounts(db(), user, filter())).rejects.toMatchObject({ code: "FORBIDDEN" });
      expect(() => accountPages(db(), user, filter())).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
    }
    await expect(listAccounts(db(), null, filter())).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("downloading the selection", () => {
  it("streams every filtered account as CSV and XLSX, in name order across pages", async () => {
    const tag = `dl${Date.now().toString(36)}`;
    const users5 = [];
    for (const name of ["Eva", "Adam", "Dora", "Cyril", "Bea"]) users5.push(await insertUser(db(), "Organisation", { name: `${name} ${tag}` }));
    await insertCompany(db(), { name: `Firma ${tag}`, members: [users5[0]!.id] });
    const fetchPage = accountPages(db(), admin, filter({ q: tag }), 2);
    const rows = () =>
      pagedRows(
        fetchPage,
        (r) => ({ name: r.name, id: r.id }),
        (r) => [r.name, r.email, r.role, r.active ? "ja" : "nein", r.companies.map((c) => c.name).join(", ")],
      );
    const csv = await csvDownloadResponse({ fileName: "accounts.csv", header: ["Name", "E-Mail", "Rolle", "Aktiv", "Firmen"], rows: rows() }).text();
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(6);
    expect(lines.slice(1).map((l) => l.split(";")[0])).toEqual(["Adam", "Bea", "Cyril", "Dora", "Eva"].map((n) => `"${n} ${tag}"`));
    expect(lines[5]).toContain(`"Firma ${tag}"`);

    const res = xlsxDownloadResponse({ fileName: "accounts.xlsx", header: ["Name", "E-Mail", "Rolle", "Aktiv", "Firmen"], rows: rows() });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(2).getCell(1).value).toBe(`Adam ${tag}`);
    expect(sheet.getRow(6).getCell(5).value).toBe(`Firma ${tag}`);
  });
});

describe("changing roles", () => {
  it("takes effect at the target's next request (the session reads the role per request)", async () => {
    const user = await insertUser(db(), "Organisation");
    await insertCompany(db(), { members: [user.id] });
    const { token } = await createSession(db(), user.id);
    expect(await lookupSession(db(), token)).toMatchObject({ status: "valid", user: { role: "Organisation" } });
    await changeAccountRole(db(), admin, user.id, "Multiplikator");
    expect(await lookupSession(db(), token)).toMatchObject({ status: "valid", user: { role: "Multiplikator" } });
    await changeAccountRole(db(), admin, user.id, "Admin");
    expect(await lookupSession(db(), token)).toMatchObject({ status: "valid", user: { role: "Admin" } });
    await changeAccountRole(db(), admin, user.id, "Organisation");
    expect(await lookupSession(db(), token)).toMatchObject({ status: "valid", user: { role: "Organisation" } });
  });

  it("Multiplikator needs a linked company; a refused change changes nothing", async () => {
    const loner = await insertUser(db(), "Organisation");
    await expect(changeAccountRole(db(), admin, loner.id, "Multiplikator")).rejects.toMatchObject({ code: "MULTIPLIKATOR_NEEDS_COMPANY" });
    expect((await userRow(loner.id))!.role).toBe("Organisation");
  });

  it("refuses the admin's own account, unknown accounts and non-admins", async () => {
    await expect(changeAccountRole(db(), admin, admin.id, "Organisation")).rejects.toMatchObject({ code: "ADMIN_SELF_CHANGE" });
    await expect(setAccountActive(db(), admin, admin.id, false)).rejects.toMatchObject({ code: "ADMIN_SELF_CHANGE" });
    await expect(deleteAccountAsAdmin(db(), admin, admin.id)).rejects.toMatchObject({ code: "ADMIN_SELF_CHANGE" });
    expect(await userRow(admin.id)).toMatchObject({ role: "Admin", active: true });
    await expect(changeAccountRole(db(), admin, "00000000-0000-4000-8000-000000000000", "Admin")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const target = await insertUser(db(), "Organisation");
    for (const role of ["Organisation", "Multiplikator"] as const) {
      const actor = await insertUser(db(), role);
      await expect(changeAccountRole(db(), actor, target.id, "Admin")).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(setAccountActive(db(), actor, target.id, false)).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(deleteAccountAsAdmin(db(), actor, target.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await userRow(target.id)).toMatchObject({ role: "Organisation", active: true });
  });
});

describe("deactivating and activating", () => {
  it("ends the live session at once, blocks the login code, keeps the data, and is reversible", async () => {
    const user = await insertUser(db(), "Organisation");
    const companyId = await insertCompany(db(), { members: [user.id] });
    const { token } = await createSession(db(), user.id);
    const ip = `10.9.${Math.floor(Math.random() * 250)}.1`;
    // A code requested before the deactivation is worthless after it.
    const since = Date.now();
    await requestLoginCode(db(), { email: user.email, ip, locale: "de" });
    const codeMail = await lastMailTo(user.email);
    const code = extractCode(codeMail!);

    await setAccountActive(db(), admin, user.id, false);
    expect(await lookupSession(db(), token)).toEqual({ status: "expired" });
    await expect(verifyLoginCode(db(), { email: user.email, code, ip })).rejects.toMatchObject({ code: "ACCOUNT_INACTIVE" });
    expect((await userRow(user.id))!.active).toBe(false);
    // The data stays: the link to the company, the row itself.
    expect(await db().select().from(companyUserLinks).where(eq(companyUserLinks.userId, user.id))).toHaveLength(1);
    expect((await listAccounts(db(), admin, filter({ q: user.email }))).items[0]).toMatchObject({ active: false, companies: [{ id: companyId }] });

    // A new code request mails the "deactivated" notice and stores no code.
    await db().update(loginCodes).set({ consumedAt: new Date() }).where(eq(loginCodes.userId, user.id));
    await requestLoginCode(db(), { email: user.email, ip, locale: "de" }, new Date(since + 10 * 60_000));
    expect(await lastMailTo(user.email, translate("de", "mail.inactive.subject"))).toBeDefined();
    const live = (await db().select().from(loginCodes).where(eq(loginCodes.userId, user.id))).filter((c) => !c.consumedAt);
    expect(live).toEqual([]);

    await setAccountActive(db(), admin, user.id, true);
    expect((await userRow(user.id))!.active).toBe(true);
    const fresh = await createSession(db(), user.id);
    expect(await lookupSession(db(), fresh.token)).toMatchObject({ status: "valid" });
  });
});

describe("deleting an account", () => {
  it("removes the account; its company profile stays", async () => {
    const user = await insertUser(db(), "Multiplikator");
    const companyId = await insertCompany(db(), { members: [user.id] });
    await createSession(db(), user.id);
    await deleteAccountAsAdmin(db(), admin, user.id);
    expect(await userRow(user.id)).toBeUndefined();
    const [company] = await db().select({ id: companies.id, deletedAt: companies.deletedAt }).from(companies).where(eq(companies.id, companyId));
    expect(company).toEqual({ id: companyId, deletedAt: null });
    await expect(deleteAccountAsAdmin(db(), admin, user.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("the last active admin", () => {
  it("cannot delete their own account on the account page", async () => {
    const solo = await insertUser(db(), "Admin");
    await onlyAdmin(solo.id);
    await expect(deleteAccount(db(), solo, solo.id, solo.email)).rejects.toMatchObject({ code: "LAST_ADMIN" });
    expect(await userRow(solo.id)).toMatchObject({ role: "Admin", active: true });
    // With a second active admin, it can.
    const other = await insertUser(db(), "Admin");
    await deleteAccount(db(), solo, solo.id, solo.email);
    expect(await userRow(solo.id)).toBeUndefined();
    await onlyAdmin(other.id);
  });

  it("an admin who was just demoted can no longer act (their own change is refused)", async () => {
    const first = await insertUser(db(), "Admin");
    const second = await insertUser(db(), "Admin");
    await onlyAdmin(first.id);
    await db().update(users).set({ active: true }).where(eq(users.id, second.id));
    await changeAccountRole(db(), first, second.id, "Organisation");
    await expect(changeAccountRole(db(), second, first.id, "Organisation")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(setAccountActive(db(), second, first.id, false)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await userRow(first.id)).toMatchObject({ role: "Admin", active: true });
  });

  it(`two admins demoting or deactivating each other at once: one stays (${TEST_ENGINE})`, async () => {
    for (const attempt of ["demote", "deactivate", "delete"] as const) {
      const a = await insertUser(db(), "Admin");
      const b = await insertUser(db(), "Admin");
      await onlyAdmin(a.id);
      await db().update(users).set({ active: true }).where(eq(users.id, b.id));
      const act = (actor: TestUser, target: TestUser) =>
        attempt === "demote"
          ? changeAccountRole(db(), actor, target.id, "Organisation")
          : attempt === "deactivate"
            ? setAccountActive(db(), actor, target.id, false)
            : deleteAccountAsAdmin(db(), actor, target.id);
      // On PostgreSQL both transactions really run at once (one waits for the other's locks).
      const results = await Promise.allSettled([act(a, b), act(b, a)]);
      expect(results.filter((r) => r.status === "fulfilled"), attempt).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason, attempt).toMatchObject({ code: "FORBIDDEN" });
      const admins = await db().select({ id: users.id }).from(users).where(eq(users.role, "Admin"));
      const active = [];
      for (const { id } of admins) if ((await userRow(id))!.active) active.push(id);
      expect(active, attempt).toHaveLength(1);
      expect([a.id, b.id]).toContain(active[0]);
    }
    await db().update(users).set({ active: true }).where(eq(users.id, admin.id));
  });
});
