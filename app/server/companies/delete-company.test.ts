import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import type { DbHandle } from "~/server/db/client.server";
import { companies, companyAddresses, companyServices, companyUserLinks, users } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";
import { deleteCompany } from "./moderation.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

async function user(email: string, role: "Admin" | "Organisation" | "Multiplikator"): Promise<NonNullable<Actor>> {
  const [row] = await handle.db.insert(users).values({ email, name: email, role, verified: true }).returning();
  return { id: row!.id, role: row!.role };
}

async function companyWithMember(name: string, member: NonNullable<Actor>): Promise<string> {
  const [row] = await handle.db
    .insert(companies)
    .values({ name, descriptionDe: "Beschreibung", descriptionCs: "Popis", website: "https://example.org", status: "VERIFIED" })
    .returning({ id: companies.id });
  const id = row!.id;
  await handle.db.insert(companyUserLinks).values({ companyId: id, userId: member.id, status: "CONFIRMED" });
  await handle.db.insert(companyAddresses).values({ companyId: id, kind: "HEADQUARTERS", country: "DE", state: "Sachsen", line1: "Weg 1", postalCode: "01067", city: "Dresden" });
  await handle.db.insert(companyServices).values({
    companyId: id,
    type: "OFFER",
    title: "Angebot",
    description: "Text",
    keywords: ["a"],
    termsUrl: "https://example.org/agb",
    validityDays: 30,
    validUntil: new Date(Date.now() + 86_400_000),
  });
  return id;
}

const rows = async (table: typeof companyAddresses | typeof companyServices | typeof companyUserLinks, companyId: string) =>
  (await handle.db.select({ n: count() }).from(table).where(eq(table.companyId, companyId)))[0]?.n;

it("lets a member delete the profile only with its name; everything of it goes, the accounts stay", async () => {
  const member = await user("del.member@example.org", "Organisation");
  const other = await user("del.other@example.org", "Organisation");
  const id = await companyWithMember("Löschbar GmbH", member);

  await expect(deleteCompany(handle.db, member, id, "Falscher Name")).rejects.toMatchObject({ code: "DELETE_CONFIRMATION_MISMATCH" });
  await expect(deleteCompany(handle.db, other, id, "Löschbar GmbH")).rejects.toMatchObject({ code: "FORBIDDEN" });
  await expect(deleteCompany(handle.db, null, id, "Löschbar GmbH")).rejects.toMatchObject({ code: "FORBIDDEN" });
  await expect(deleteCompany(handle.db, { id: other.id, role: "Multiplikator" }, id, "Löschbar GmbH")).rejects.toMatchObject({ code: "FORBIDDEN" });
  expect(await handle.db.select().from(companies).where(eq(companies.id, id))).toHaveLength(1);

  await deleteCompany(handle.db, member, id, "  löschbar gmbh ");
  expect(await handle.db.select().from(companies).where(eq(companies.id, id))).toHaveLength(0);
  expect(await rows(companyAddresses, id)).toBe(0);
  expect(await rows(companyServices, id)).toBe(0);
  expect(await rows(companyUserLinks, id)).toBe(0);
  expect(await handle.db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
});

it("lets an admin delete any profile; unknown ids are not found", async () => {
  const admin = await user("del.admin@example.org", "Admin");
  const member = await user("del.member2@example.org", "Organisation");
  const id = await companyWithMember("Admin löscht s.r.o.", member);
  await deleteCompany(handle.db, admin, id, "Admin löscht s.r.o.");
  expect(await handle.db.select().from(companies).where(eq(companies.id, id))).toHaveLength(0);
  await expect(deleteCompany(handle.db, admin, "not-a-uuid", "x")).rejects.toMatchObject({ code: "NOT_FOUND" });
  await expect(deleteCompany(handle.db, admin, id, "Admin löscht s.r.o.")).rejects.toMatchObject({ code: "NOT_FOUND" });
});
