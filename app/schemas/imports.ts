/**
 * The import's vocabulary (spec §3 "Import mapping fields", issue 21), shared by the database
 * schema, the domain modules and the pages (no server imports). Decision 038.
 */
import type { Country } from "./enums";

/** Company identifiers: matched on by the import, compared by duplicate detection, moved by a merge. */
export const IDENTIFIER_KINDS = ["COMMERCIAL_REGISTER", "ICO", "KWIZ", "OTHER"] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

/**
 * What a column can be mapped to. Fields marked "several" may be mapped from more than one column
 * (each column adds a value); the others at most once. Addresses are grouped by `group` (1, 2, …):
 * the columns of one address share a group number.
 */
export const IMPORT_FIELDS = [
  "identifier", // several; kind (and label for OTHER) in the column mapping
  "name",
  "addressLine1", // several, grouped
  "addressLine2",
  "postalCode",
  "city",
  "state",
  "phone",
  "email",
  "website",
  "nace", // several; a cell may hold several codes separated by , ; or |
  "description",
  "latitude",
  "longitude",
  "logo", // an https URL of the logo image
  "tag", // several; a cell may hold several tags separated by , ; or |
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Fields that belong to an address and may appear once per address group. */
export const ADDRESS_FIELDS = ["addressLine1", "addressLine2", "postalCode", "city", "state", "latitude", "longitude"] as const satisfies readonly ImportField[];

/** One column's mapping; columns without one are ignored. */
export interface ColumnMapping {
  /** 0-based column index in the file. */
  column: number;
  field: ImportField;
  /** For field "identifier". */
  identifierKind?: IdentifierKind;
  /** For identifier kind OTHER: what the id is (e.g. the header, "USt-IdNr."). */
  identifierLabel?: string;
  /** For address fields: which address (1 = headquarters, 2… = further locations). */
  group?: number;
}

export const IMPORT_FORMATS = ["CSV", "XLSX"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const CSV_ENCODINGS = ["utf-8", "utf-8-bom", "windows-1250", "windows-1252"] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];
export const CSV_SEPARATORS = [",", ";", "\t", "|"] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/** How the file is read (detected on upload, changeable by the admin before the import starts). */
export interface ImportReadSettings {
  format: ImportFormat;
  /** CSV only. */
  encoding: CsvEncoding | null;
  separator: CsvSeparator | null;
  hasHeader: boolean;
  /** XLSX: which worksheet (1-based); the first by default. */
  sheet: number | null;
}

/** What the admin states about the file's content. */
export interface ImportContentSettings {
  /** Language of the descriptions and tags in the file. */
  language: "de" | "cs";
  /** Country of addresses without a recognisable country. */
  country: Country;
  /** Imported profiles are verified (public) at once only when the admin chose so. */
  verify: boolean;
}

/**
 * Spec §4 plus DRAFT: a file uploaded whose mapping the admin has not yet confirmed (not queued).
 * FILE_UPLOADED = queued (spec: "started"), PROCESSING = a worker holds it, READY / ERROR = done.
 */
export const IMPORT_STATUSES = ["DRAFT", "FILE_UPLOADED", "PROCESSING", "READY", "ERROR"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Why a cell or a row is refused or flagged. Each code has a message in both catalogues (`import.problem.<code>`). */
export const IMPORT_PROBLEMS = [
  "NAME_MISSING",
  "IDENTIFIER_MISSING",
  "IDENTIFIER_INVALID",
  "NAME_TOO_LONG",
  "EMAIL_INVALID",
  "PHONE_INVALID",
  "WEBSITE_INVALID",
  "POSTAL_CODE_INVALID",
  "ADDRESS_INCOMPLETE",
  "ADDRESS_NOT_FOUND",
  "LATITUDE_INVALID",
  "LONGITUDE_INVALID",
  "NACE_UNKNOWN",
  "TAG_UNKNOWN",
  "LOGO_INVALID",
  "TEXT_TOO_LONG",
  "ROW_TOO_LONG",
  "AMBIGUOUS_MATCH",
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEMS)[number];

/**
 * A problem found in a row. `severity` "error" rejects the row (it goes to the report);
 * "warning" imports the row without that value (an unknown tag, an address the gazetteer does
 * not know) and is shown in the preview.
 */
export interface ImportProblem {
  code: ImportProblemCode;
  severity: "error" | "warning";
  /** The column the problem is in (0-based), when it is one cell's. */
  column: number | null;
  field: ImportField | null;
}

export interface CandidateIdentifier {
  kind: IdentifierKind;
  label: string;
  value: string;
  /** Comparison form (upper case, no spaces or punctuation; IČO with leading zeros to 8 digits). */
  normalized: string;
}

export interface CandidateAddress {
  /** 1 = headquarters. */
  group: number;
  line1: string;
  line2: string | null;
  postalCode: string;
  city: string;
  state: string | null;
  country: Country;
  lat: number | null;
  lon: number | null;
}

/** A row as it will be imported: normalised, before the database checks (NACE, tags, geocoding, match). */
export interface CandidateCompany {
  rowNumber: number;
  identifiers: CandidateIdentifier[];
  name: string;
  description: string | null;
  website: string | null;
  email: string | null;
  phone: string | null;
  logoUrl: string | null;
  naceCodes: string[];
  tags: string[];
  addresses: CandidateAddress[];
}

/** One data row of the file: its 1-based row number in the file (header included) and its cells as text. */
export interface ImportRow {
  rowNumber: number;
  cells: string[];
}

/** The import's counters, shown live and kept with the import. */
export interface ImportProgress {
  rowsDone: number;
  created: number;
  updated: number;
  /** Rows that changed nothing (identical data, or only curated fields). */
  skipped: number;
  failed: number;
  /** Bytes of the file read so far (for the progress bar while the row count is unknown). */
  bytesDone: number;
}
