import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import { COMPANY_FORM_ARRAY_FIELDS, CompanyCreateFormSchema, CompanyEditFormSchema, splitCreateInput } from "~/schemas/company-form";
import type { DbHandle } from "~/server/db/client.server";
import { auditTrail, companies, companyAddresses, companyTags, companyUserLinks, tags, users } from "~/server/db/schema";
import { parseForm } from "~/server/http/actions.server";
import type { Actor } from "~/server/policy/policy";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { createCompany, updateCompanyProfile } from "./profile.server";

type SignedIn = NonNullable<Actor>;
let handle: DbHandle;
let storage: LocalDiskStorage;
let storageDir: string;
let png: Buffer;
let organisation: SignedIn;
let otherOrganisation: SignedIn;
let admin: SignedIn;
const db = () => handle.db;

const FIELDS: Record<string, string | string[]> = {
  name: "Elbe Metallbau GmbH",
  descriptionDe: "Stahl- und Metallbau aus Dresden.",
  descriptionCs: "Ocelové a kovové konstrukce z Drážďan.",
  website: "www.elbe-metallbau.example",
  nace: ["25.11", "C"],
  newTags: ["Metallbau|Kovovýroba", "Schweißen|Svařování", "Stahlbau|Ocelové konstrukce"],
  country: "DE",
  state: "Sachsen",
  line1: "Ostra-Allee 1",
  postalCode: "01067",
  city: "Dresden",
};

function formOf(fields: Record<string, string | string[]>, logo: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  if (logo) form.append("logo", logo);
  return form;
}

const pngFile = (bytes: Buffer = png, name = "logo.png", type = "image/png") => new File([new Uint8Array(bytes)], name, { type });

/** What the create action does: the shared schema, then the domain. */
async function submitCreate(actor: Actor, fields: Record<string, string | string[]>, logo: File | null): Promise<string> {
  const form = formOf(fields, logo);
  const input = splitCreateInput(parseForm(CompanyCreateFormSchema, form, COMPANY_FORM_ARRAY_FIELDS));
  return createCompany(db(), actor, { ...input, logo }, storage);
}

/** The error code of a failed call; field errors (schema) give their first code. */
async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    const { code, fieldErrors } = error as { code?: string; fieldErrors?: Record<string, string> };
    return (fieldErrors && Object.values(fieldErrors)[0]) ?? code ?? String(error);
  }
}

async function insertUser(email: string, role: SignedIn["role"]): Promise<SignedIn> {
  const [row] = await db().insert(users).values({ email, name: email, role, verified: true }).returning({ id: users.id, role: users.role });
  return row!;
}

const counts = async () => ({
  companies: (await db().select({ id: companies.id }).from(companies)).length,
  tags: (await db().select({ id: tags.id }).from(tags)).length,
  addresses: (await db().select({ id: companyAddresses.id }).from(companyAddresses)).length,
  links: (await db().select({ id: companyUserLinks.id }).from(companyUserLinks)).length,
});

beforeAll(async () => {
  handle = await createTestDb();
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "pn-profile-"));
  storage = new LocalDiskStorage(storageDir);
  png = await sharp({ create: { width: 240, height: 120, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 1 } } }).png().toBuffer();
  organisation = await insertUser("firma@profile.example", "Organisation");
  otherOrganisation = await insertUser("andere@profile.example", "Organisation");
  admin = await insertUser("admin@profile.example", "Admin");
});

afterAll(async () => {
  await handle.close();
  await fs.rm(storageDir, { recursive: true, force: true });
});

describe("createCompany", () => {
  it("creates an Organisation's profile as PENDING with the creator as confirmed member and a geocoded HQ", async () => {
    const id = await submitCreate(organisation, FIELDS, pngFile());
    const [company] = await db().select().from(companies).where(eq(companies.id, id));
    expect(company).toMatchObject({ status: "PENDING", origin: "MANUAL", website: "https://www.elbe-metallbau.example", verifiedAt: null });
    expect(company!.logoKey).toMatch(/^logos\/.+\.webp$/);
    expect(await storage.get(company!.logoKey!)).not.toBeNull();

    const links = await db().select().from(companyUserLinks).where(eq(companyUserLinks.companyId, id));
    expect(links).toEqual([expect.objectContaining({ userId: organisation.id, status: "CONFIRMED" })]);

    const [hq] = await db().select().from(companyAddresses).where(eq(companyAddresses.companyId, id));
    expect(hq).toMatchObject({ kind: "HEADQUARTERS", country: "DE", postalCode: "01067", city: "Dresden", regionCode: "DED21" });
    expect(hq!.lat).toBeCloseTo(51.05, 1);
    expect(hq!.lon).toBeCloseTo(13.73, 1);

    expect(await db().select().from(companyTags).where(eq(companyTags.companyId, id))).toHaveLength(3);
    const audit = await db().select().from(auditTrail).where(eq(auditTrail.action, "CREATED_COMPANY_PROFILE"));
    expect(audit).toContainEqual(expect.objectContaining({ userId: organisation.id, details: { companyId: id } }));
  });

  it("keeps a pin placed on the map instead of the postal code's position", async () => {
    const id = await submitCreate(organisation, { ...FIELDS, name: "Pin GmbH", lat: "50.9", lon: "14.1" }, pngFile());
    const [hq] = await db().select().from(companyAddresses).where(eq(companyAddresses.companyId, id));
    expect([hq!.lat, hq!.lon, hq!.regionCode]).toEqual([50.9, 14.1, "DED21"]);
  });

  it("verifies an Admin's profile at once, without a membership", async () => {
    const id = await submitCreate(admin, { ...FIELDS, name: "Admin-Firma" }, pngFile());
    const [company] = await db().select().from(companies).where(eq(companies.id, id));
    expect(company!.status).toBe("VERIFIED");
    expect(company!.verifiedAt).toBeInstanceOf(Date);
    expect(await db().select().from(companyUserLinks).where(eq(companyUserLinks.companyId, id))).toEqual([]);
  });

  const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  const invalid: Array<[string, Record<string, string | string[]>, () => Promise<File | null>, string]> = [
    ["2 tags", { ...FIELDS, newTags: FIELDS.newTags!.slice(0, 2) }, async () => pngFile(), "TAGS_MIN"],
    ["no NACE", { ...FIELDS, nace: [] }, async () => pngFile(), "NACE_REQUIRED"],
    ["an unknown NACE code", { ...FIELDS, nace: ["99.99"] }, async () => pngFile(), "NACE_INVALID"],
    ["no Czech description", { ...FIELDS, descriptionCs: "  " }, async () => pngFile(), "DESCRIPTION_TRANSLATION_REQUIRED"],
    ["an invalid URL", { ...FIELDS, website: "not a url" }, async () => pngFile(), "URL_INVALID"],
    ["a 5 MB logo", FIELDS, async () => pngFile(await bigPng()), "FILE_TOO_LARGE"],
    ["a PDF renamed .png", FIELDS, async () => pngFile(pdf, "logo.png", "image/png"), "FILE_TYPE_NOT_ALLOWED"],
    ["no logo", FIELDS, async () => null, "LOGO_REQUIRED"],
    ["an empty file field", FIELDS, async () => pngFile(Buffer.alloc(0), "", "application/octet-stream"), "LOGO_REQUIRED"],
    // Passes the schema (3 entries) but the domain folds the duplicate into one tag: 2 tags.
    ["new tags that collapse into 2", { ...FIELDS, newTags: ["Fräsen|Frézování", "FRÄSEN|Frézy", "Drehen|Soustružení"] }, async () => pngFile(), "TAGS_MIN"],
  ];

  it.each(invalid)("rejects %s and stores nothing", async (_label, fields, logo, expected) => {
    const before = await counts();
    expect(await codeOf(submitCreate(organisation, fields, await logo()))).toBe(expected);
    expect(await counts()).toEqual(before);
  });

  it("rejects an anonymous visitor", async () => {
    expect(await codeOf(submitCreate(null, FIELDS, pngFile()))).toBe("UNAUTHENTICATED");
  });
});

/** A real PNG of about 5 MB (noise does not compress). */
async function bigPng(): Promise<Buffer> {
  const bytes = await sharp({ create: { width: 1300, height: 1300, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(bytes.length).toBeGreaterThan(4 * 1024 * 1024);
  return bytes;
}

describe("updateCompanyProfile", () => {
  let companyId: string;
  const edit = (fields: Record<string, string | string[]>) => parseForm(CompanyEditFormSchema, formOf(fields, null), COMPANY_FORM_ARRAY_FIELDS);

  beforeAll(async () => {
    companyId = await submitCreate(organisation, { ...FIELDS, name: "Update GmbH" }, pngFile());
  });

  it("lets a member change the profile; a new logo replaces the old one, none keeps it", async () => {
    const [before] = await db().select().from(companies).where(eq(companies.id, companyId));
    await updateCompanyProfile(db(), organisation, companyId, edit({ ...FIELDS, name: "Update GmbH & Co. KG" }), null, storage);
    const [kept] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(kept).toMatchObject({ name: "Update GmbH & Co. KG", logoKey: before!.logoKey });

    await updateCompanyProfile(db(), organisation, companyId, edit(FIELDS), pngFile(), storage);
    const [replaced] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(replaced!.logoKey).not.toBe(before!.logoKey);
    // The replaced logo is gone from storage (it was cacheable for a year), the new one is there.
    expect(await storage.get(before!.logoKey!)).toBeNull();
    expect(await storage.get(replaced!.logoKey!)).not.toBeNull();
    const audit = await db().select().from(auditTrail).where(eq(auditTrail.action, "UPDATED_COMPANY_PROFILE"));
    expect(audit).toContainEqual(expect.objectContaining({ userId: organisation.id, details: { companyId, part: "profile" } }));
  });

  it("reuses existing tags for new tags with the same text", async () => {
    const tagsBefore = (await db().select().from(tags)).length;
    const [metallbau] = await db().select().from(tags).where(eq(tags.labelDe, "Metallbau"));
    await updateCompanyProfile(db(), organisation, companyId, edit({ ...FIELDS, newTags: ["metallbau|Kovo", "Schweißen|x", "y|Ocelové konstrukce"] }), null, storage);
    expect(await db().select().from(tags)).toHaveLength(tagsBefore);
    const linked = await db().select().from(companyTags).where(and(eq(companyTags.companyId, companyId), eq(companyTags.tagId, metallbau!.id)));
    expect(linked).toHaveLength(1);
  });

  it("refuses other organisations and anonymous visitors", async () => {
    const profile = edit({ ...FIELDS, name: "Gekapert" });
    // A pending profile is invisible to them: "not yours" reads as "not found".
    expect(await codeOf(updateCompanyProfile(db(), otherOrganisation, companyId, profile, null, storage))).toBe("NOT_FOUND");
    expect(await codeOf(updateCompanyProfile(db(), null, companyId, profile, null, storage))).toBe("NOT_FOUND");
    await db().update(companies).set({ status: "VERIFIED" }).where(eq(companies.id, companyId));
    expect(await codeOf(updateCompanyProfile(db(), otherOrganisation, companyId, profile, null, storage))).toBe("FORBIDDEN");
    expect(await codeOf(updateCompanyProfile(db(), null, companyId, profile, null, storage))).toBe("FORBIDDEN");
    const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(company!.name).not.toBe("Gekapert");
  });

  it("turns an imported profile into a curated one, also when an admin edits it", async () => {
    await db().update(companies).set({ origin: "IMPORTED" }).where(eq(companies.id, companyId));
    await updateCompanyProfile(db(), admin, companyId, edit(FIELDS), null, storage);
    const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(company!.origin).toBe("CURATED");
  });

  it("validates like create and changes nothing on failure", async () => {
    const [before] = await db().select().from(companies).where(eq(companies.id, companyId));
    const tagLinks = await db().select().from(companyTags).where(eq(companyTags.companyId, companyId));
    expect(await codeOf(updateCompanyProfile(db(), organisation, companyId, edit({ ...FIELDS, nace: ["99.99"] }), null, storage))).toBe("NACE_INVALID");
    expect(await codeOf(Promise.resolve().then(() => edit({ ...FIELDS, newTags: ["a|b"] })))).toBe("TAGS_MIN");
    const [after] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(after).toEqual(before);
    expect(await db().select().from(companyTags).where(eq(companyTags.companyId, companyId))).toEqual(tagLinks);
  });
});
