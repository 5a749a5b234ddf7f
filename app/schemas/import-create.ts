/**
 * Forms of the import create page (decision 038): upload, read settings, column mapping, saved
 * mappings. Shared by the route (server parsing) and the page (client state); no server imports.
 */
import { z } from "zod";
import { COUNTRIES } from "./enums";
import {
  ADDRESS_FIELDS,
  type ColumnMapping,
  CSV_ENCODINGS,
  type CSV_SEPARATORS,
  IDENTIFIER_KINDS,
  type IdentifierKind,
  IMPORT_FIELDS,
  type ImportField,
} from "./imports";
import { singleLine } from "./text";

export const IMPORT_ACCEPT = ".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const IMPORT_MAPPING_NAME_MAX = 100;
export const IMPORT_IDENTIFIER_LABEL_MAX = 60;
export const IMPORT_MAX_COLUMNS = 200;
export const IMPORT_MAX_ADDRESS_GROUPS = 9;

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

export const ImportUploadSchema = z.object({
  language: z.enum(["de", "cs"], "INVALID_INPUT"),
  country: z.enum(COUNTRIES, "COUNTRY_REQUIRED"),
  hasHeader: checkbox,
});

export const ImportSettingsSchema = z.object({
  language: z.enum(["de", "cs"], "INVALID_INPUT"),
  country: z.enum(COUNTRIES, "COUNTRY_REQUIRED"),
  hasHeader: checkbox,
  encoding: z.enum(CSV_ENCODINGS, "INVALID_INPUT").optional(),
  separator: z.enum(["comma", "semicolon", "tab", "pipe"], "INVALID_INPUT").optional(),
  sheet: z.coerce.number().int().min(1).max(255).optional(),
});

/** Separators travel by name (a tab does not survive every form control). */
export const SEPARATOR_NAMES = { comma: ",", semicolon: ";", tab: "\t", pipe: "|" } as const satisfies Record<string, (typeof CSV_SEPARATORS)[number]>;
export type SeparatorName = keyof typeof SEPARATOR_NAMES;
export function separatorName(separator: string | null): SeparatorName {
  return (Object.entries(SEPARATOR_NAMES).find(([, s]) => s === separator)?.[0] as SeparatorName | undefined) ?? "comma";
}

export const ColumnMappingSchema = z
  .object({
    column: z.number().int().min(0).max(IMPORT_MAX_COLUMNS - 1),
    field: z.enum(IMPORT_FIELDS),
    identifierKind: z.enum(IDENTIFIER_KINDS).optional(),
    identifierLabel: singleLine().trim().max(IMPORT_IDENTIFIER_LABEL_MAX, "TEXT_TOO_LONG").optional(),
    group: z.number().int().min(1).max(IMPORT_MAX_ADDRESS_GROUPS).optional(),
  })
  .strict();

/** The mapping as the page posts it: JSON in one field. */
export const MappingJsonSchema = z
  .string()
  .max(64 * 1024, "INVALID_INPUT")
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "INVALID_INPUT" });
      return z.NEVER;
    }
  })
  .pipe(z.array(ColumnMappingSchema, "INVALID_INPUT").max(IMPORT_MAX_COLUMNS, "INVALID_INPUT"));

export const ImportMappingFormSchema = z.object({
  mapping: MappingJsonSchema,
  verify: checkbox,
  confirmContacts: checkbox,
});

export const SaveMappingSchema = z.object({
  mapping: MappingJsonSchema,
  name: singleLine().trim().min(1, "IMPORT_MAPPING_NAME_REQUIRED").max(IMPORT_MAPPING_NAME_MAX, "TEXT_TOO_LONG"),
});

/** What the field select of a column offers: ignore, each identifier kind, each other field. */
export type FieldChoice = "" | `identifier:${IdentifierKind}` | Exclude<ImportField, "identifier">;
export const FIELD_CHOICES: FieldChoice[] = ["", ...IDENTIFIER_KINDS.map((k) => `identifier:${k}` as const), ...IMPORT_FIELDS.filter((f): f is Exclude<ImportField, "identifier"> => f !== "identifier")];

export function choiceOf(mapping: ColumnMapping | undefined): FieldChoice {
  if (!mapping) return "";
  return mapping.field === "identifier" ? `identifier:${mapping.identifierKind ?? "OTHER"}` : mapping.field;
}

const ADDRESS: ReadonlySet<ImportField> = new Set(ADDRESS_FIELDS);
export function isAddressField(field: ImportField): boolean {
  return ADDRESS.has(field);
}

/** The column's mapping after the admin picked `choice` (keeps label and group where they still apply). */
export function withChoice(column: number, choice: FieldChoice, previous: ColumnMapping | undefined, header: string): ColumnMapping | null {
  if (choice === "") return null;
  if (choice.startsWith("identifier:")) {
    const kind = choice.slice("identifier:".length) as IdentifierKind;
    return kind === "OTHER"
      ? { column, field: "identifier", identifierKind: kind, identifierLabel: previous?.identifierLabel || header.slice(0, IMPORT_IDENTIFIER_LABEL_MAX) }
      : { column, field: "identifier", identifierKind: kind };
  }
  const field = choice as ImportField;
  return isAddressField(field) ? { column, field, group: previous?.group ?? 1 } : { column, field };
}

/** A saved mapping applied to a file: by header name first (columns may have moved), else by column index. */
export function applySavedMapping(saved: Array<ColumnMapping & { header: string | null }>, headers: string[], columnCount: number): ColumnMapping[] {
  const norm = (h: string) => h.trim().toLowerCase();
  const byHeader = new Map<string, number>();
  headers.forEach((h, i) => {
    if (h.trim() && !byHeader.has(norm(h))) byHeader.set(norm(h), i);
  });
  const used = new Set<number>();
  const result: ColumnMapping[] = [];
  for (const { header, ...mapping } of saved) {
    const column = header && byHeader.has(norm(header)) ? byHeader.get(norm(header))! : headers.length === 0 || !header ? mapping.column : -1;
    if (column < 0 || column >= columnCount || used.has(column)) continue;
    used.add(column);
    result.push({ ...mapping, column });
  }
  return result.sort((a, b) => a.column - b.column);
}
