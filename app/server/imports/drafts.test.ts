import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { encodeSingleByte } from "../../../tests/support/single-byte";
import type { ColumnMapping } from "~/schemas/imports";
import type { DbHandle } from "~/server/db/client.server";
import { companyImports } from "~/server/db/schema";
import { type AppError } from "~/server/errors";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import {
  cleanFileName,
  createImportDraft,
  deleteMapping,
  discardDraft,
  listDrafts,
  listMappings,
  previewDraft,
  saveDraftMapping,
  saveMapping,
  startImport,
  updateDraftSettings,
} from "./drafts.server";

let handle: DbHandle;
let admin: TestUser;
let otherAdmin: TestUser;
let organisation: TestUser;
let dir: string;
let storage: LocalDiskStorage;
const db = () => handle.db;

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(db(), "Admin", { name: "Anna Admin" });
  otherAdmin = await insertUser(db(), "Admin", { name: "Otto Admin" });
  organisation = await insertUser(db(), "Organisation");
  dir = await mkdtemp(path.join(tmpdir(), "import-drafts-"));
  storage = new LocalDiskStorage(dir);
});
afterAll(async () => {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

const CZECH_CSV = "Název firmy;IČO;Ulice;PSČ;Obec;E-mail\r\nŘeznictví Šťastný s.r.o.;25596641;Náměstí 5;40001;Ústí nad Labem;info@maso.cz\r\nBez IČO;;Dlouhá 1;11000;Praha;spatne@\r\n";
const file = (bytes: Uint8Array | string, name: string) => new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name);
const codeOf = async (promise: Promise<unknown>) => ((await promise.catch((e: unknown) => e)) as AppError).code;

async function czechDraft(): Promise<string> {
  const { id } = await createImportDraft(db(), storage, admin, { file: file(encodeSingleByte(CZECH_CSV, "windows-1250"), "firmy.csv"), language: "cs", country: "CZ", hasHeader: true });
  return id;
}

describe("import drafts", () => {
  it("stores the file as a DRAFT with detected settings and a suggested mapping, and previews the first rows", async () => {
    const id = await czechDraft();
    const [row] = await db().select().from(companyImports).where(eq(companyImports.id, id));
    expect(row).toMatchObject({ status: "DRAFT", format: "CSV", encoding: "windows-1250", separator: ";", hasHeader: true, language: "cs", country: "CZ", verify: false, fileName: "firmy.csv", createdBy: admin.id });
    expect(row!.fileKey).toMatch(/^imports\/.+\.csv$/);
    expect(row!.headers).toEqual(["Název firmy", "IČO", "Ulice", "PSČ", "Obec", "E-mail"]);
    expect(row!.mapping.map((m) => [m.column, m.field])).toEqual([[0, "name"], [1, "identifier"], [2, "addressLine1"], [3, "postalCode"], [4, "city"], [5, "email"]]);
    expect((await storage.get(row!.fileKey))?.data.length).toBe(row!.fileSize);

    // Another admin sees and continues it.
    expect((await listDrafts(db(), otherAdmin)).map((d) => [d.id, d.createdByName])).toContainEqual([id, "Anna Admin"]);
    const view = await previewDraft(db(), storage, otherAdmin, id);
    expect(view.inspection.sampleRows.map((r) => r.rowNumber)).toEqual([2, 3]);
    expect(view.preview[0]!.candidate).toMatchObject({ name: "Řeznictví Šťastný s.r.o.", identifiers: [{ kind: "ICO", value: "25596641" }], addresses: [{ postalCode: "400 01", city: "Ústí nad Labem" }] });
    expect(view.preview[1]!.candidate).toBeNull();
    expect(view.preview[1]!.problems.map((p) => [p.code, p.severity, p.column])).toEqual([
      ["EMAIL_INVALID", "warning", 5],
      ["IDENTIFIER_MISSING", "error", 1],
    ]);
  });

  it("refuses an empty, unreadable or too large file and keeps nothing", async () => {
    const before = (await db().select().from(companyImports)).length;
    expect(await codeOf(createImportDraft(db(), storage, admin, { file: null, language: "de", country: "DE", hasHeader: true }))).toBe("FILE_REQUIRED");
    expect(await codeOf(createImportDraft(db(), storage, admin, { file: file(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0]), "alt.xls"), language: "de", country: "DE", hasHeader: true }))).toBe("IMPORT_FILE_UNREADABLE");
    const big = { name: "gross.csv", size: 25 * 1024 * 1024 + 1, arrayBuffer: () => Promise.reject(new Error("must not be read")) } as unknown as File;
    const error = (await createImportDraft(db(), storage, admin, { file: big, language: "de", country: "DE", hasHeader: true }).catch((e: unknown) => e)) as AppError;
    expect([error.code, error.status, error.details?.maxMb]).toEqual(["FILE_TOO_LARGE", 413, 25]);
    expect((await db().select().from(companyImports)).length).toBe(before);
  });

  it("is for admins only", async () => {
    const id = await czechDraft();
    expect(await codeOf(createImportDraft(db(), storage, organisation, { file: file("a;b", "x.csv"), language: "de", country: "DE", hasHeader: true }))).toBe("FORBIDDEN");
    expect(await codeOf(createImportDraft(db(), storage, null, { file: file("a;b", "x.csv"), language: "de", country: "DE", hasHeader: true }))).toBe("UNAUTHENTICATED");
    expect(await codeOf(previewDraft(db(), storage, organisation, id))).toBe("FORBIDDEN");
    expect(await codeOf(listDrafts(db(), organisation))).toBe("FORBIDDEN");
    expect(await codeOf(listMappings(db(), organisation))).toBe("FORBIDDEN");
    expect(await codeOf(startImport(db(), organisation, id, { mapping: [], verify: false, confirmContacts: true }))).toBe("FORBIDDEN");
  });

  it("reads the file again with the admin's settings and suggests anew when the header changes", async () => {
    const id = await czechDraft();
    await updateDraftSettings(db(), storage, admin, id, { language: "cs", country: "CZ", hasHeader: true, encoding: "windows-1252", separator: ";" });
    let view = await previewDraft(db(), storage, admin, id);
    expect(view.draft.encoding).toBe("windows-1252");
    expect(view.inspection.sampleRows[0]!.cells[0]).not.toBe("Řeznictví Šťastný s.r.o.");
    await updateDraftSettings(db(), storage, admin, id, { language: "cs", country: "CZ", hasHeader: false, encoding: "windows-1250", separator: ";" });
    view = await previewDraft(db(), storage, admin, id);
    expect(view.inspection.headers).toEqual([]);
    expect(view.inspection.sampleRows[0]!.cells[0]).toBe("Název firmy");
    // Without a header the content decides: the IČO column (valid checksum) is only recognised from its values when most are IČOs.
    expect(view.draft.mapping.some((m) => m.field === "name")).toBe(false);
  });

  it("starts only with an identifier, the name and the contact confirmation, once", async () => {
    const id = await czechDraft();
    const name: ColumnMapping = { column: 0, field: "name" };
    const ico: ColumnMapping = { column: 1, field: "identifier", identifierKind: "ICO" };
    expect(await codeOf(startImport(db(), admin, id, { mapping: [name], verify: true, confirmContacts: true }))).toBe("IMPORT_IDENTIFIER_REQUIRED");
    expect(await codeOf(startImport(db(), admin, id, { mapping: [ico], verify: true, confirmContacts: true }))).toBe("IMPORT_NAME_REQUIRED");
    expect(await codeOf(startImport(db(), admin, id, { mapping: [name, ico], verify: true, confirmContacts: false }))).toBe("IMPORT_CONTACT_CONFIRMATION_REQUIRED");
    const [still] = await db().select().from(companyImports).where(eq(companyImports.id, id));
    expect(still!.status).toBe("DRAFT");

    await saveDraftMapping(db(), admin, id, { mapping: [name], verify: true });
    expect((await previewDraft(db(), storage, admin, id)).draft).toMatchObject({ mapping: [name], verify: true });

    await startImport(db(), otherAdmin, id, { mapping: [name, ico], verify: true, confirmContacts: true });
    const [started] = await db().select().from(companyImports).where(eq(companyImports.id, id));
    expect(started).toMatchObject({ status: "FILE_UPLOADED", verify: true, mapping: [name, ico] });
    expect(started!.queuedAt).toBeInstanceOf(Date);
    // The admin who started it, not the one who uploaded the file, confirmed the contacts' consent.
    expect(started!.queuedBy).toBe(otherAdmin.id);
    expect(await codeOf(startImport(db(), admin, id, { mapping: [name, ico], verify: false, confirmContacts: true }))).toBe("IMPORT_NOT_DRAFT");
    expect(await codeOf(previewDraft(db(), storage, admin, id))).toBe("IMPORT_NOT_DRAFT");
    expect(await codeOf(saveDraftMapping(db(), admin, id, { mapping: [], verify: false }))).toBe("IMPORT_NOT_DRAFT");
    expect((await listDrafts(db(), admin)).map((d) => d.id)).not.toContain(id);
  });

  it("lets two admins start the same draft at once: exactly one succeeds", async () => {
    const id = await czechDraft();
    const input = { mapping: [{ column: 0, field: "name" }, { column: 1, field: "identifier", identifierKind: "ICO" }] as ColumnMapping[], verify: false, confirmContacts: true };
    const results = await Promise.allSettled([startImport(db(), admin, id, input), startImport(db(), otherAdmin, id, input)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason as AppError).code).toBe("IMPORT_NOT_DRAFT");
  });

  it("discards a draft with its file", async () => {
    const id = await czechDraft();
    const [row] = await db().select().from(companyImports).where(eq(companyImports.id, id));
    await discardDraft(db(), storage, admin, id);
    expect(await db().select().from(companyImports).where(eq(companyImports.id, id))).toEqual([]);
    expect(await storage.get(row!.fileKey)).toBeNull();
  });
});

describe("saved mappings", () => {
  it("saves under a unique name with the headers, lists and deletes", async () => {
    const mapping: ColumnMapping[] = [{ column: 0, field: "name" }, { column: 3, field: "identifier", identifierKind: "OTHER", identifierLabel: "DIČ" }];
    const { id } = await saveMapping(db(), admin, { name: "Kammer Sachsen", mapping, headers: ["Firma", "x", "y", "DIČ"] });
    expect(await codeOf(saveMapping(db(), otherAdmin, { name: " kammer SACHSEN ", mapping, headers: [] }))).toBe("IMPORT_MAPPING_NAME_TAKEN");
    expect(await codeOf(saveMapping(db(), admin, { name: "  ", mapping, headers: [] }))).toBe("IMPORT_MAPPING_NAME_REQUIRED");
    const listed = (await listMappings(db(), otherAdmin)).find((m) => m.id === id);
    expect(listed).toEqual({ id, name: "Kammer Sachsen", columns: [{ column: 0, field: "name", header: "Firma" }, { column: 3, field: "identifier", identifierKind: "OTHER", identifierLabel: "DIČ", header: "DIČ" }] });
    await deleteMapping(db(), otherAdmin, id);
    expect((await listMappings(db(), admin)).some((m) => m.id === id)).toBe(false);
  });
});

describe("file names", () => {
  it("keeps only the base name without control characters", () => {
    expect(cleanFileName("C:\\Users\\x\\Firmen\u0007 2024.csv")).toBe("Firmen 2024.csv");
    expect(cleanFileName("")).toBe("import");
  });
});
