import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser, type TestUser } from "../../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../../tests/support/db";
import { candidate, identifier, insertQueuedImport, listReader } from "../../../../tests/support/import-fixtures";
import { addAddress } from "~/server/companies/addresses.server";
import { updateContact } from "~/server/companies/contacts.server";
import { updateCompanyProfile } from "~/server/companies/profile.server";
import type { DbHandle } from "~/server/db/client.server";
import { companies, companyAddresses, companyContacts, companyIdentifiers, companyNace, tags } from "~/server/db/schema";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { runImport } from "./runner.server";

/**
 * Curated fields (decision 039) on both engines: a person's edit records which import fields it
 * changed (profile, addresses, the GENERAL contact), unchanged fields stay open, and the next
 * import leaves the recorded ones alone while still updating the others.
 */
let handle: DbHandle;
let admin: TestUser;
let storage: LocalDiskStorage;
let storageDir: string;
let companyId = "";
const tagIds: string[] = [];

const row = (overrides: Parameters<typeof candidate>[1] = {}) =>
  candidate(2, {
    identifiers: [identifier("ICO", "88001122")],
    name: "Kurator Import GmbH",
    description: "Aus der Datei.",
    website: "https://kurator.example",
    email: "info@kurator.example",
    phone: "+49 351 111111",
    naceCodes: ["25.11"],
    addresses: [{ group: 1, line1: "Hauptstraße 1", line2: null, postalCode: "01067", city: "Dresden", state: "Sachsen", country: "DE", lat: null, lon: null }],
    ...overrides,
  });

async function importOnce(c: ReturnType<typeof candidate>) {
  const importId = await insertQueuedImport(handle.db, admin.id);
  expect(await runImport(handle.db, importId, { reader: listReader([{ candidate: c }]) })).toBe("READY");
}

async function curated() {
  const [row] = await handle.db.select({ curatedFields: companies.curatedFields, origin: companies.origin }).from(companies).where(eq(companies.id, companyId));
  return row!;
}

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(handle.db, "Admin");
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "pn-curated-"));
  storage = new LocalDiskStorage(storageDir);
  const rows = await handle.db
    .insert(tags)
    .values([
      { labelDe: "Kur A", labelCs: "Kur A cs" },
      { labelDe: "Kur B", labelCs: "Kur B cs" },
      { labelDe: "Kur C", labelCs: "Kur C cs" },
    ])
    .returning({ id: tags.id });
  tagIds.push(...rows.map((r) => r.id));
  await importOnce(row());
  const [found] = await handle.db.select({ id: companyIdentifiers.companyId }).from(companyIdentifiers).where(eq(companyIdentifiers.normalized, "88001122"));
  companyId = found!.id;
});
afterAll(async () => {
  await handle?.close();
  await fs.rm(storageDir, { recursive: true, force: true });
});

describe("a person's edit marks the import fields it changed", () => {
  it("starts with no curated fields and origin IMPORTED", async () => {
    expect(await curated()).toEqual({ curatedFields: [], origin: "IMPORTED" });
  });

  it("a profile edit records only the fields whose values changed", async () => {
    const actor = { id: admin.id, role: "Admin" as const };
    await updateCompanyProfile(
      handle.db,
      actor,
      companyId,
      { name: "Kurator von Hand GmbH", descriptionDe: "Aus der Datei.", descriptionCs: "", website: "https://kurator.example", nace: ["25.11"], tags: tagIds, newTags: [] },
      null,
      storage,
    );
    // Name and tags changed; description, website and NACE are as the file had them.
    expect(await curated()).toEqual({ curatedFields: ["name", "tags"], origin: "CURATED" });
  });

  it("address and GENERAL contact edits record addresses, and the changed phone only", async () => {
    const actor = { id: admin.id, role: "Admin" as const };
    await addAddress(handle.db, actor, companyId, { kind: "LOCATION", country: "DE", state: "Sachsen", line1: "Nebenstraße 2", line2: null, postalCode: "01069", city: "Dresden" });
    const [contact] = await handle.db.select().from(companyContacts).where(eq(companyContacts.companyId, companyId));
    await updateContact(handle.db, actor, companyId, contact!.id, { function: "GENERAL", name: null, email: "info@kurator.example", phone: "+49 351 222222", consent: true });
    expect((await curated()).curatedFields).toEqual(["addresses", "name", "phone", "tags"]);
  });

  it("the next import leaves the curated fields and updates the others", async () => {
    await importOnce(
      row({
        name: "Wieder aus der Datei GmbH",
        website: "https://neu.kurator.example",
        phone: "+49 351 333333",
        email: "neu@kurator.example",
        naceCodes: ["62"],
        tags: [],
        addresses: [{ group: 1, line1: "Ganz neu 9", line2: null, postalCode: "01067", city: "Dresden", state: "Sachsen", country: "DE", lat: null, lon: null }],
      }),
    );
    const [company] = await handle.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company).toMatchObject({ name: "Kurator von Hand GmbH", website: "https://neu.kurator.example", origin: "CURATED" });
    const [contact] = await handle.db.select().from(companyContacts).where(eq(companyContacts.companyId, companyId));
    expect(contact).toMatchObject({ phone: "+49 351 222222", email: "neu@kurator.example" });
    expect((await handle.db.select().from(companyNace).where(eq(companyNace.companyId, companyId))).map((r) => r.naceCode)).toEqual(["62"]);
    expect((await handle.db.select().from(companyAddresses).where(eq(companyAddresses.companyId, companyId))).map((a) => a.line1).sort()).toEqual(["Hauptstraße 1", "Nebenstraße 2"]);
  });
});
