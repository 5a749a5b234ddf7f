import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import type { DbHandle } from "~/server/db/client.server";
import { companies, companyAddresses, companyServices, companyUserLinks, users } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FilePrefix } from "~/server/storage/file-kinds";
import { LocalDiskStorage, newStorageKey } from "~/server/storage/storage.server";
import { deleteCompany } from "./moderation.server";

const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "pn-delete-")));
async function storedFile(prefix: FilePrefix): Promise<string> {
  const key = newStorageKey(prefix, "webp");
  await storage.put(key, Buffer.from("image"), "image/webp");
  return key;
}

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

async function user(email: string, role: "Admin" | "Organisation" | "Multiplikator"): Promise<NonNullable<Actor>> {
  const [row] = await handle.db.insert(users).values({ email, name: email, role, verified: true }).returning();
  return { id: row!.id, role: row!.role };
}

async function companyWithMember(name: string, member: NonNullable<Actor>, files: { logo?: string; adImage?: string } = {}): Promise<string> {
  const [row] = await handle.db
    .insert(companies)
    .values({ name, descriptionDe: "Beschreibung", descriptionCs: "Popis", website: "https://example.org", status: "VERIFIED", logoKey: files.logo ?? null })
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
    imageKey: files.adImage ?? null,
  });
  return id;
}

const rows = async (table: typeof companyAddresses | typeof companyServices | typeof companyUserLinks, companyId: string) =>
  (await handle.db.select({ n: count() }).from(table).where(eq(table.companyId, companyId)))[0]?.n;

it("lets a member delete the profile only with its name; everything of it goes, the accounts stay", async () => {
  const member = await user("del.member@example.org", "Organisation");
  const other = await user("del.other@example.org", "Organisation");
  const files = { logo: await storedFile("logos"), adImage: await storedFile("services") };
  const id = await companyWithMember("Löschbar GmbH", member, files);

  await expect(deleteCompany(handle.db, member, id, "Falscher Name", storage)).rejects.toMatchObject({ code: "DELETE_CONFIRMATION_MISMATCH" });
  await expect(deleteCompany(handle.db, other, id, "Löschbar GmbH", storage)).rejects.toMatchObject({ code: "FORBIDDEN" });
  await expect(deleteCompany(handle.db, null, id, "Löschbar GmbH", storage)).rejects.toMatchObject({ code: "FORBIDDEN" });
  await expect(deleteCompany(handle.db, { id: other.id, role: "Multiplikator" }, id, "Löschbar GmbH", storage)).rejects.toMatchObject({ code: "FORBIDDEN" });
  expect(await handle.db.select().from(companies).where(eq(companies.id, id))).toHaveLength(1);
  expect(await storage.get(files.logo)).not.toBeNull();

  await deleteCompany(handle.db, member, id, "  löschbar gmbh ", storage);
  expect(await handle.db.select().from(companies).where(eq(companies.id, id))).toHaveLength(0);
  expect(await rows(companyAddresses, id)).toBe(0);
  expect(await rows(companyServices, id)).toBe(0);
  expect(await rows(companyUserLinks, id)).toBe(0);
  expect(await handle.db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
  // Its logo and ad images are no longer downloadable.
  expect(await storage.get(files.logo)).toBeNull();
  expect(await storage.get(files.adImage)).toBeNull();
});

it("lets an admin delete any profile; unknown ids are not found", async () => {
  const admin = await user("del.admin@example.org", "Admin");
  const member = await user("del.member2@example.org", "Organisation");
  const id = await companyWithMember("Admin löscht s.r.o.", member);
  await deleteCompany(handle.db, admin, id, "Admin löscht s.r.o.", storage);
  expect(await handle.db.select().from(companies).where(eq(companies.id, id))).toHaveLength(0);
  await expect(deleteCompany(handle.db, admin, "not-a-uuid", "x", storage)).rejects.toMatchObject({ code: "NOT_FOUND" });
  await expect(deleteCompany(handle.db, admin, id, "Admin löscht s.r.o.", storage)).rejects.toMatchObject({ code: "NOT_FOUND" });
});
