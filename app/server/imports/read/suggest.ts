/**
 * A first column mapping from the header names (German, Czech, English; case and diacritics
 * folded) and, for columns whose header says nothing (or files without one), from what the
 * sample values look like (decision 038). The admin reviews and changes it.
 */
import { ADDRESS_FIELDS, type ColumnMapping, type IdentifierKind, type ImportField, type ImportRow } from "~/schemas/imports";
import { fold, normaliseCommercialRegister, normaliseIco } from "./identifiers";

type Target = { field: ImportField; identifierKind?: IdentifierKind; otherLabel?: true };

/** Header aliases, already folded (see `fold`). */
const ALIASES: Array<[Target, string[]]> = [
  [{ field: "name" }, ["firmenname", "firma", "name", "unternehmen", "unternehmensname", "name der firma", "nazev firmy", "obchodni firma", "nazev", "nazev spolecnosti", "spolecnost", "company name", "company", "organisation", "organization", "firm"]],
  [{ field: "identifier", identifierKind: "ICO" }, ["ico", "ic", "ic o", "company number", "company no", "identifikacni cislo", "identifikacni cislo osoby"]],
  [
    { field: "identifier", identifierKind: "COMMERCIAL_REGISTER" },
    ["handelsregister", "handelsregisternummer", "hrb", "hra", "hr nummer", "hr nr", "registernummer", "registergericht", "obchodni rejstrik", "spisova znacka", "commercial register", "register number", "trade register"],
  ],
  [{ field: "identifier", identifierKind: "KWIZ" }, ["kwiz", "kwiz id", "kwiz nr", "kwiz nummer"]],
  [{ field: "identifier", identifierKind: "OTHER", otherLabel: true }, ["ust idnr", "ust id", "ust id nr", "ustidnr", "umsatzsteuer id", "umsatzsteuer identifikationsnummer", "steuernummer", "dic", "vat", "vat id", "vat number", "vat no", "danove identifikacni cislo"]],
  [{ field: "addressLine1" }, ["strasse", "str", "strasse und hausnummer", "adresse", "anschrift", "ulice", "adresa", "ulice a cislo", "sidlo", "street", "address", "address line 1", "street address"]],
  [{ field: "addressLine2" }, ["adresszusatz", "zusatz", "address line 2", "adresa 2 radek", "doplnek adresy"]],
  [{ field: "postalCode" }, ["plz", "postleitzahl", "psc", "postovni smerovaci cislo", "zip", "zip code", "postal code", "postcode", "post code"]],
  [{ field: "city" }, ["ort", "stadt", "gemeinde", "obec", "mesto", "city", "town", "place"]],
  [{ field: "state" }, ["bundesland", "kraj", "region", "state", "county"]],
  [{ field: "phone" }, ["telefon", "tel", "telefonnummer", "fon", "telefonni cislo", "tel c", "phone", "telephone", "phone number"]],
  [{ field: "email" }, ["e mail", "email", "mail", "e mail adresse", "emailova adresa", "e mailova adresa", "email address"]],
  [{ field: "website" }, ["webseite", "website", "internet", "internetseite", "homepage", "www", "web", "url", "webove stranky", "internetove stranky", "web site"]],
  [{ field: "nace" }, ["wz", "wz code", "wz 2008", "wz2008", "nace", "nace code", "cz nace", "branche", "obor", "obor cinnosti", "industry", "sector"]],
  [{ field: "description" }, ["beschreibung", "unternehmensbeschreibung", "taetigkeit", "popis", "popis firmy", "popis cinnosti", "description"]],
  [{ field: "latitude" }, ["breite", "breitengrad", "latitude", "lat", "zemepisna sirka", "sirka"]],
  [{ field: "longitude" }, ["lange", "laenge", "langengrad", "laengengrad", "longitude", "lon", "lng", "long", "zemepisna delka", "delka"]],
  [{ field: "logo" }, ["logo", "logo url", "logo link"]],
  [{ field: "tag" }, ["schlagworte", "schlagwort", "stichworte", "stichwort", "tags", "tag", "keywords", "klicova slova", "stitky", "stitek"]],
];

const BY_ALIAS = new Map<string, Target>();
for (const [target, aliases] of ALIASES) for (const alias of aliases) BY_ALIAS.set(alias, target);

/** Fields that a file may hold in several columns. */
const SEVERAL: ReadonlySet<ImportField> = new Set(["identifier", "nace", "tag"]);
const ADDRESS: ReadonlySet<ImportField> = new Set(ADDRESS_FIELDS);

function headerTarget(header: string): { target: Target; group: number } | null {
  const folded = fold(header);
  if (!folded) return null;
  const direct = BY_ALIAS.get(folded);
  if (direct) return { target: direct, group: 1 };
  // "Straße 2", "Ort (2)", "PLZ_3": an address field of a further address.
  const numbered = /^(.*?) ?([1-9])$/.exec(folded);
  if (numbered) {
    const target = BY_ALIAS.get(numbered[1]!);
    if (target && ADDRESS.has(target.field)) return { target, group: Number(numbered[2]) };
  }
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
const URL_LIKE = /^(https?:\/\/|www\.)[^\s]+$|^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(\/\S*)?$/i;
const POSTAL = /^\d{5}$|^\d{3} \d{2}$/;

function sniff(values: string[]): Target | null {
  const filled = values.map((v) => v.trim()).filter(Boolean);
  if (filled.length === 0) return null;
  const share = (test: (v: string) => boolean) => filled.filter(test).length / filled.length;
  if (share((v) => /^\d{6,8}$/.test(v) && normaliseIco(v) !== null) >= 0.8) return { field: "identifier", identifierKind: "ICO" };
  if (share((v) => /\b(HRA|HRB)\s*\d/i.test(v) && normaliseCommercialRegister(v) !== null) >= 0.8) return { field: "identifier", identifierKind: "COMMERCIAL_REGISTER" };
  if (share((v) => EMAIL.test(v)) >= 0.8) return { field: "email" };
  if (share((v) => URL_LIKE.test(v) && !EMAIL.test(v)) >= 0.8) return { field: "website" };
  if (share((v) => POSTAL.test(v)) >= 0.8) return { field: "postalCode" };
  return null;
}

/**
 * One mapping per recognised column. Single-value fields are suggested once (the first column
 * wins), address fields once per address group; other ids get the header as their label.
 */
export function suggestMapping(headers: string[], sampleRows: ImportRow[]): ColumnMapping[] {
  const columnCount = Math.max(headers.length, ...sampleRows.map((row) => row.cells.length), 0);
  const taken = new Set<string>();
  const result: ColumnMapping[] = [];
  const keyOf = (field: ImportField, group: number) => (ADDRESS.has(field) ? `${field}#${group}` : field);
  const add = (column: number, target: Target, group: number, label: string) => {
    const key = keyOf(target.field, group);
    if (!SEVERAL.has(target.field) && taken.has(key)) return false;
    taken.add(key);
    const mapping: ColumnMapping = { column, field: target.field };
    if (target.identifierKind) mapping.identifierKind = target.identifierKind;
    if (target.otherLabel) mapping.identifierLabel = label.trim().slice(0, 60);
    if (ADDRESS.has(target.field)) mapping.group = group;
    result.push(mapping);
    return true;
  };
  const unmatched: number[] = [];
  for (let column = 0; column < columnCount; column++) {
    const header = headers[column] ?? "";
    const found = headerTarget(header);
    if (!found || !add(column, found.target, found.group, header)) unmatched.push(column);
  }
  for (const column of unmatched) {
    if (headers[column]?.trim() && headerTarget(headers[column]!)) continue;
    const target = sniff(sampleRows.map((row) => row.cells[column] ?? ""));
    if (target) add(column, target, 1, headers[column] ?? "");
  }
  return result.sort((a, b) => a.column - b.column);
}
