/**
 * Checking a mapping and turning one row into the company it will import (decision 038). Pure:
 * the database checks (NACE and tags against the reference data, geocoding, matching) come after,
 * in the import runner. Errors reject the row (it goes to the report); warnings drop only the value.
 */
import { z } from "zod";
import { LIMITS, UrlSchema } from "~/schemas/company";
import type { Country } from "~/schemas/enums";
import {
  ADDRESS_FIELDS,
  type CandidateAddress,
  type CandidateCompany,
  type CandidateIdentifier,
  type ColumnMapping,
  type ImportContentSettings,
  type ImportField,
  type ImportProblem,
  type ImportProblemCode,
  type ImportRow,
} from "~/schemas/imports";
import { AppError } from "~/server/errors";
import { normaliseIdentifier } from "./identifiers";

const ADDRESS: ReadonlySet<ImportField> = new Set(ADDRESS_FIELDS);
const SEVERAL: ReadonlySet<ImportField> = new Set(["identifier", "nace", "tag"]);
/** Highest address group a mapping may use. */
export const MAX_ADDRESS_GROUPS = 9;

/**
 * Spec §5: at least one identifier and the company name must be mapped; single-value fields at
 * most once (address fields once per address); an "other" id needs its label.
 */
export function validateMapping(mapping: ColumnMapping[]): void {
  if (!mapping.some((m) => m.field === "identifier")) throw new AppError("IMPORT_IDENTIFIER_REQUIRED");
  if (!mapping.some((m) => m.field === "name")) throw new AppError("IMPORT_NAME_REQUIRED");
  const seen = new Set<string>();
  const columns = new Set<number>();
  for (const m of mapping) {
    if (columns.has(m.column)) throw new AppError("INVALID_INPUT");
    columns.add(m.column);
    if (m.field === "identifier") {
      if (!m.identifierKind) throw new AppError("INVALID_INPUT");
      if (m.identifierKind === "OTHER" && !m.identifierLabel?.trim()) throw new AppError("IMPORT_IDENTIFIER_LABEL_REQUIRED", { column: m.column });
    }
    if (ADDRESS.has(m.field) && m.group !== undefined && (!Number.isInteger(m.group) || m.group < 1 || m.group > MAX_ADDRESS_GROUPS)) throw new AppError("INVALID_INPUT");
    if (SEVERAL.has(m.field)) continue;
    const key = ADDRESS.has(m.field) ? `${m.field}#${m.group ?? 1}` : m.field;
    if (seen.has(key)) throw new AppError("IMPORT_FIELD_MAPPED_TWICE", { column: m.column });
    seen.add(key);
  }
}

const PHONE = /^\+?[0-9 ()/.-]{6,40}$/;
const EmailSchema = z.email();
const HttpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
const NACE = /^([A-U]|\d{2}(\.\d{1,2})?)$/;
/** Postal codes: Germany 5 digits, Czechia 3 + 2 digits (first 1–7) written "400 01". */
const POSTAL: Record<Country, (raw: string) => string | null> = {
  DE: (raw) => (/^\d{5}$/.test(raw) ? raw : null),
  CZ: (raw) => {
    const m = /^([1-7]\d{2}) ?(\d{2})$/.exec(raw);
    return m ? `${m[1]} ${m[2]}` : null;
  },
};

/** Several values in one cell: split on , ; | (and line breaks). */
export function splitValues(cell: string): string[] {
  return cell
    .split(/[,;|\r\n]+/)
    .map((v) => v.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** "49,5" and "49.5" both read as 49.5; anything else is not a number. */
function decimal(raw: string): number | null {
  const text = raw.replace(/\s/g, "").replace(",", ".");
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** NACE codes as written in registers: "C", "01", "01.1", "01.11"; "0111" and "011" are read as "01.11", "01.1". */
export function normaliseNace(raw: string): string | null {
  const text = raw.replace(/\s/g, "").toUpperCase();
  if (NACE.test(text)) return text;
  const digits = /^(\d{2})(\d{1,2})$/.exec(text);
  return digits ? `${digits[1]}.${digits[2]}` : null;
}

function singleLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

export interface NormalisedRow {
  candidate: CandidateCompany | null;
  problems: ImportProblem[];
}

interface AddressDraft {
  line1?: string;
  line2?: string;
  postalCode?: string;
  city?: string;
  state?: string;
  lat?: number;
  lon?: number;
  columns: number[];
  invalid: boolean;
}

/**
 * The row as the company it will import, with every problem found. Values are kept as text as
 * they are (a cell "=HYPERLINK(…)" stays that text; nothing is evaluated).
 */
export function normaliseRow(row: ImportRow, mapping: ColumnMapping[], content: Pick<ImportContentSettings, "country">): NormalisedRow {
  const problems: ImportProblem[] = [];
  const problem = (code: ImportProblemCode, severity: "error" | "warning", m: ColumnMapping | null) => problems.push({ code, severity, column: m?.column ?? null, field: m?.field ?? null });
  const identifiers: CandidateIdentifier[] = [];
  const addresses = new Map<number, AddressDraft>();
  const candidate: CandidateCompany = {
    rowNumber: row.rowNumber,
    identifiers,
    name: "",
    description: null,
    website: null,
    email: null,
    phone: null,
    logoUrl: null,
    naceCodes: [],
    tags: [],
    addresses: [],
  };
  for (const m of mapping) {
    const raw = row.cells[m.column] ?? "";
    const cell = raw.trim();
    if (!cell) continue;
    switch (m.field) {
      case "identifier": {
        const kind = m.identifierKind ?? "OTHER";
        const parsed = normaliseIdentifier(kind, cell);
        if (!parsed) {
          problem("IDENTIFIER_INVALID", "error", m);
          break;
        }
        const label = kind === "OTHER" ? singleLine(m.identifierLabel ?? "").slice(0, 60) : "";
        if (!identifiers.some((i) => i.kind === kind && i.label === label && i.normalized === parsed.normalized)) identifiers.push({ kind, label, ...parsed });
        break;
      }
      case "name": {
        const name = singleLine(cell);
        if (name.length > LIMITS.name) problem("NAME_TOO_LONG", "error", m);
        else candidate.name = name;
        break;
      }
      case "phone": {
        const phone = singleLine(splitValues(cell)[0] ?? "");
        if (PHONE.test(phone)) candidate.phone = phone;
        else problem("PHONE_INVALID", "warning", m);
        break;
      }
      case "email": {
        const email = (splitValues(cell)[0] ?? "").toLowerCase().replace(/^mailto:/, "");
        if (email.length <= LIMITS.url && EmailSchema.safeParse(email).success) candidate.email = email;
        else problem("EMAIL_INVALID", "warning", m);
        break;
      }
      case "website": {
        const parsed = UrlSchema.safeParse(cell);
        if (parsed.success) candidate.website = parsed.data;
        else problem("WEBSITE_INVALID", "warning", m);
        break;
      }
      case "logo": {
        const parsed = UrlSchema.safeParse(cell);
        if (parsed.success && HttpsUrl.safeParse(parsed.data).success) candidate.logoUrl = parsed.data;
        else problem("LOGO_INVALID", "warning", m);
        break;
      }
      case "description": {
        const text = raw.replace(/\r\n?/g, "\n").trim();
        if (text.length > LIMITS.description) problem("TEXT_TOO_LONG", "warning", m);
        else candidate.description = text;
        break;
      }
      case "nace": {
        for (const value of splitValues(cell)) {
          const code = normaliseNace(value);
          if (!code) problem("NACE_UNKNOWN", "warning", m);
          else if (!candidate.naceCodes.includes(code) && candidate.naceCodes.length < LIMITS.maxNace) candidate.naceCodes.push(code);
        }
        break;
      }
      case "tag": {
        for (const value of splitValues(cell)) {
          if (value.length > LIMITS.tagLabel) problem("TEXT_TOO_LONG", "warning", m);
          else if (!candidate.tags.some((t) => t.toLowerCase() === value.toLowerCase()) && candidate.tags.length < LIMITS.maxTags) candidate.tags.push(value);
        }
        break;
      }
      default: {
        const group = m.group ?? 1;
        const address = addresses.get(group) ?? { columns: [], invalid: false };
        addresses.set(group, address);
        address.columns.push(m.column);
        readAddressField(address, m, cell, content.country, problem);
      }
    }
  }
  for (const [group, a] of [...addresses].sort((x, y) => x[0] - y[0])) {
    const any = a.line1 || a.line2 || a.postalCode || a.city || a.state;
    if (!any) continue;
    if (a.invalid) continue;
    if (!a.line1 || !a.postalCode || !a.city) {
      const first = mapping.find((m) => m.column === a.columns[0]) ?? null;
      problem("ADDRESS_INCOMPLETE", "warning", first);
      continue;
    }
    const address: CandidateAddress = {
      group,
      line1: a.line1,
      line2: a.line2 ?? null,
      postalCode: a.postalCode,
      city: a.city,
      state: a.state ?? null,
      country: content.country,
      lat: a.lat !== undefined && a.lon !== undefined ? a.lat : null,
      lon: a.lat !== undefined && a.lon !== undefined ? a.lon : null,
    };
    candidate.addresses.push(address);
  }
  if (!candidate.name && !problems.some((p) => p.code === "NAME_TOO_LONG")) problem("NAME_MISSING", "error", mapping.find((m) => m.field === "name") ?? null);
  if (identifiers.length === 0 && !problems.some((p) => p.code === "IDENTIFIER_INVALID")) problem("IDENTIFIER_MISSING", "error", mapping.find((m) => m.field === "identifier") ?? null);
  const rejected = problems.some((p) => p.severity === "error");
  return { candidate: rejected ? null : candidate, problems };
}

function readAddressField(
  address: AddressDraft,
  m: ColumnMapping,
  cell: string,
  country: Country,
  problem: (code: ImportProblemCode, severity: "error" | "warning", m: ColumnMapping | null) => void,
): void {
  const line = singleLine(cell);
  const tooLong = (max: number) => {
    if (line.length <= max) return false;
    problem("TEXT_TOO_LONG", "warning", m);
    address.invalid = true;
    return true;
  };
  switch (m.field) {
    case "addressLine1":
      if (!tooLong(LIMITS.addressLine)) address.line1 = line;
      break;
    case "addressLine2":
      if (line.length > LIMITS.addressLine) problem("TEXT_TOO_LONG", "warning", m);
      else address.line2 = line;
      break;
    case "city":
      if (!tooLong(LIMITS.city)) address.city = line;
      break;
    case "state":
      if (line.length > LIMITS.state) problem("TEXT_TOO_LONG", "warning", m);
      else address.state = line;
      break;
    case "postalCode": {
      const code = POSTAL[country](line);
      if (code) address.postalCode = code;
      else {
        problem("POSTAL_CODE_INVALID", "warning", m);
        address.invalid = true;
      }
      break;
    }
    case "latitude": {
      const value = decimal(line);
      if (value === null || value < -90 || value > 90) problem("LATITUDE_INVALID", "warning", m);
      else address.lat = value;
      break;
    }
    case "longitude": {
      const value = decimal(line);
      if (value === null || value < -180 || value > 180) problem("LONGITUDE_INVALID", "warning", m);
      else address.lon = value;
      break;
    }
    default:
      break;
  }
}

/**
 * What a mapped cell becomes in the imported company (for the preview): the normalised value, or
 * null when the value is not imported (a warning dropped it, or the row is refused).
 */
export function importedCellValue(candidate: CandidateCompany | null, m: ColumnMapping, cell: string): string | null {
  if (!candidate || !cell.trim()) return null;
  const address = () => candidate.addresses.find((a) => a.group === (m.group ?? 1));
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? null : String(value));
  switch (m.field) {
    case "identifier": {
      const parsed = normaliseIdentifier(m.identifierKind ?? "OTHER", cell);
      return parsed && candidate.identifiers.some((i) => i.kind === (m.identifierKind ?? "OTHER") && i.normalized === parsed.normalized) ? parsed.value : null;
    }
    case "name":
      return candidate.name || null;
    case "phone":
      return candidate.phone;
    case "email":
      return candidate.email;
    case "website":
      return candidate.website;
    case "logo":
      return candidate.logoUrl;
    case "description":
      return candidate.description;
    case "nace": {
      const codes = splitValues(cell)
        .map(normaliseNace)
        .filter((c): c is string => c !== null && candidate.naceCodes.includes(c));
      return codes.length ? [...new Set(codes)].join(", ") : null;
    }
    case "tag": {
      const tags = splitValues(cell).filter((v) => candidate.tags.some((t) => t.toLowerCase() === v.toLowerCase()));
      return tags.length ? [...new Set(tags)].join(", ") : null;
    }
    case "addressLine1":
      return text(address()?.line1);
    case "addressLine2":
      return text(address()?.line2);
    case "postalCode":
      return text(address()?.postalCode);
    case "city":
      return text(address()?.city);
    case "state":
      return text(address()?.state);
    case "latitude":
      return text(address()?.lat);
    case "longitude":
      return text(address()?.lon);
    default:
      return null;
  }
}
