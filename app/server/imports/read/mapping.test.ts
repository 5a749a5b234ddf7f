import { describe, expect, it } from "vitest";
import { type AppError } from "~/server/errors";
import type { ColumnMapping, ImportProblem } from "~/schemas/imports";
import { normaliseCommercialRegister, normaliseIco } from "./identifiers";
import { importedCellValue, normaliseNace, normaliseRow, validateMapping } from "./normalise";
import { suggestMapping } from "./suggest";

const pick = (mapping: ColumnMapping[]) => mapping.map((m) => [m.column, m.field, m.identifierKind ?? m.group ?? null, m.identifierLabel ?? null]);

describe("suggestMapping", () => {
  it("reads German headers", () => {
    const headers = ["Firmenname", "HR-Nummer", "KWIZ-ID", "USt-IdNr.", "Straße", "PLZ", "Ort", "Bundesland", "Tel.", "E-Mail", "Webseite", "WZ", "Beschreibung", "Breite", "Länge", "Logo", "Schlagworte", "Bemerkung"];
    expect(pick(suggestMapping(headers, []))).toEqual([
      [0, "name", null, null],
      [1, "identifier", "COMMERCIAL_REGISTER", null],
      [2, "identifier", "KWIZ", null],
      [3, "identifier", "OTHER", "USt-IdNr."],
      [4, "addressLine1", 1, null],
      [5, "postalCode", 1, null],
      [6, "city", 1, null],
      [7, "state", 1, null],
      [8, "phone", null, null],
      [9, "email", null, null],
      [10, "website", null, null],
      [11, "nace", null, null],
      [12, "description", null, null],
      [13, "latitude", 1, null],
      [14, "longitude", 1, null],
      [15, "logo", null, null],
      [16, "tag", null, null],
    ]);
  });

  it("reads Czech headers, diacritics and case folded", () => {
    const headers = ["NÁZEV FIRMY", "IČ", "Spisová značka", "DIČ", "Ulice", "PSČ", "Město", "Kraj", "Telefon", "e-mail", "WWW", "CZ-NACE", "Popis", "Zeměpisná šířka", "Zeměpisná délka", "Klíčová slova"];
    expect(pick(suggestMapping(headers, []))).toEqual([
      [0, "name", null, null],
      [1, "identifier", "ICO", null],
      [2, "identifier", "COMMERCIAL_REGISTER", null],
      [3, "identifier", "OTHER", "DIČ"],
      [4, "addressLine1", 1, null],
      [5, "postalCode", 1, null],
      [6, "city", 1, null],
      [7, "state", 1, null],
      [8, "phone", null, null],
      [9, "email", null, null],
      [10, "website", null, null],
      [11, "nace", null, null],
      [12, "description", null, null],
      [13, "latitude", 1, null],
      [14, "longitude", 1, null],
      [15, "tag", null, null],
    ]);
  });

  it("reads English headers, second addresses by number, and suggests a single-value field once", () => {
    const headers = ["Company name", "Company number", "VAT", "Street", "ZIP", "City", "Street 2", "ZIP 2", "City 2", "Phone", "Email", "Website", "Tags", "Name"];
    expect(pick(suggestMapping(headers, []))).toEqual([
      [0, "name", null, null],
      [1, "identifier", "ICO", null],
      [2, "identifier", "OTHER", "VAT"],
      [3, "addressLine1", 1, null],
      [4, "postalCode", 1, null],
      [5, "city", 1, null],
      [6, "addressLine1", 2, null],
      [7, "postalCode", 2, null],
      [8, "city", 2, null],
      [9, "phone", null, null],
      [10, "email", null, null],
      [11, "website", null, null],
      [12, "tag", null, null],
    ]);
  });

  it("sniffs content when there is no header: IČO with a valid checksum, e-mail, URL, postal code", () => {
    const rows = [
      { rowNumber: 1, cells: ["Alpha s.r.o.", "25596641", "info@alpha.cz", "www.alpha.cz", "400 01", "12345678"] },
      { rowNumber: 2, cells: ["Beta a.s.", "00006947", "office@beta.cz", "https://beta.cz", "110 00", "87654321"] },
    ];
    expect(pick(suggestMapping([], rows))).toEqual([
      [1, "identifier", "ICO", null],
      [2, "email", null, null],
      [3, "website", null, null],
      [4, "postalCode", 1, null],
    ]);
  });
});

describe("validateMapping", () => {
  const base: ColumnMapping[] = [
    { column: 0, field: "name" },
    { column: 1, field: "identifier", identifierKind: "ICO" },
  ];
  const code = (mapping: ColumnMapping[]) => {
    try {
      validateMapping(mapping);
      return null;
    } catch (error) {
      return (error as AppError).code;
    }
  };

  it("requires an identifier (spec §5) and the name", () => {
    expect(code(base)).toBeNull();
    expect(code([base[0]!])).toBe("IMPORT_IDENTIFIER_REQUIRED");
    expect(code([base[1]!])).toBe("IMPORT_NAME_REQUIRED");
  });

  it("allows several identifiers, NACE and tag columns but single-value fields once, address fields once per address", () => {
    expect(code([...base, { column: 2, field: "identifier", identifierKind: "KWIZ" }, { column: 3, field: "tag" }, { column: 4, field: "tag" }])).toBeNull();
    expect(code([...base, { column: 2, field: "email" }, { column: 3, field: "email" }])).toBe("IMPORT_FIELD_MAPPED_TWICE");
    expect(code([...base, { column: 2, field: "city", group: 1 }, { column: 3, field: "city", group: 2 }])).toBeNull();
    expect(code([...base, { column: 2, field: "city", group: 1 }, { column: 3, field: "city" }])).toBe("IMPORT_FIELD_MAPPED_TWICE");
    expect(code([...base, { column: 2, field: "identifier", identifierKind: "OTHER", identifierLabel: " " }])).toBe("IMPORT_IDENTIFIER_LABEL_REQUIRED");
    expect(code([...base, { column: 1, field: "email" }])).toBe("INVALID_INPUT");
  });
});

describe("identifiers", () => {
  it("checks the IČO checksum and pads to 8 digits", () => {
    expect(normaliseIco("25596641")).toBe("25596641");
    expect(normaliseIco("6947")).toBe("00006947");
    expect(normaliseIco("25596642")).toBeNull();
    expect(normaliseIco("2559664A")).toBeNull();
  });

  it("reads commercial register numbers with and without the court", () => {
    expect(normaliseCommercialRegister("HRB 1234 B")).toEqual({ value: "HRB 1234 B", normalized: "HRB1234B" });
    expect(normaliseCommercialRegister("Amtsgericht Köln HRB12345")).toEqual({ value: "HRB 12345, Amtsgericht Köln", normalized: "HRB12345" });
    expect(normaliseCommercialRegister("hrb 99, AG Dresden")).toEqual({ value: "HRB 99, AG Dresden", normalized: "HRB99" });
    expect(normaliseCommercialRegister("C 12345 vedená u Krajského soudu v Ústí nad Labem")).toEqual({ value: "C 12345, vedená u Krajského soudu v Ústí nad Labem", normalized: "C12345" });
    expect(normaliseCommercialRegister("unbekannt")).toBeNull();
  });

  it("reads NACE codes in register notation", () => {
    expect(["C", "01", "01.1", "01.11", "0111", "62.01"].map(normaliseNace)).toEqual(["C", "01", "01.1", "01.11", "01.11", "62.01"]);
    expect(["Z", "1", "01.111", "abc"].map(normaliseNace)).toEqual([null, null, null, null]);
  });
});

describe("normaliseRow", () => {
  const mapping: ColumnMapping[] = [
    { column: 0, field: "name" },
    { column: 1, field: "identifier", identifierKind: "ICO" },
    { column: 2, field: "identifier", identifierKind: "OTHER", identifierLabel: "DIČ" },
    { column: 3, field: "addressLine1", group: 1 },
    { column: 4, field: "postalCode", group: 1 },
    { column: 5, field: "city", group: 1 },
    { column: 6, field: "email" },
    { column: 7, field: "phone" },
    { column: 8, field: "website" },
    { column: 9, field: "nace" },
    { column: 10, field: "tag" },
    { column: 11, field: "latitude", group: 1 },
    { column: 12, field: "longitude", group: 1 },
  ];
  const row = (cells: string[]) => ({ rowNumber: 7, cells });
  const codes = (problems: ImportProblem[]) => problems.map((p) => [p.code, p.severity, p.column]);

  it("normalises a good row", () => {
    const { candidate, problems } = normaliseRow(row(["  Řeznictví  Šťastný ", "6947", "CZ25596641", "Náměstí 5", "40001", "Ústí nad Labem", "INFO@Example.CZ", "+420 123 456 789", "example.cz/kontakt", "10.13; 47,C|0111", "Maso; Uzeniny|Maso", "50,66", "14.03"]), mapping, { country: "CZ" });
    expect(problems).toEqual([]);
    expect(candidate).toEqual({
      rowNumber: 7,
      identifiers: [
        { kind: "ICO", label: "", value: "00006947", normalized: "00006947" },
        { kind: "OTHER", label: "DIČ", value: "CZ25596641", normalized: "CZ25596641" },
      ],
      name: "Řeznictví Šťastný",
      description: null,
      website: "https://example.cz/kontakt",
      email: "info@example.cz",
      phone: "+420 123 456 789",
      logoUrl: null,
      naceCodes: ["10.13", "47", "C", "01.11"],
      tags: ["Maso", "Uzeniny"],
      addresses: [{ group: 1, line1: "Náměstí 5", line2: null, postalCode: "400 01", city: "Ústí nad Labem", state: null, country: "CZ", lat: 50.66, lon: 14.03 }],
    });
  });

  it("tells the preview what each cell becomes", () => {
    const cells = ["Firma", "6947", "CZ 255", "Náměstí 5", "40001", "Praha", "kein@", "", "example.cz", "0111; ZZ", "Maso|Maso"];
    const { candidate } = normaliseRow(row(cells), mapping, { country: "CZ" });
    expect(mapping.slice(0, 11).map((m) => importedCellValue(candidate, m, cells[m.column]!))).toEqual(["Firma", "00006947", "CZ 255", "Náměstí 5", "400 01", "Praha", null, null, "https://example.cz", "01.11", "Maso"]);
    expect(importedCellValue(null, mapping[0]!, "Firma")).toBeNull();
  });

  it("drops bad values with warnings and keeps the row", () => {
    const { candidate, problems } = normaliseRow(row(["Müller GmbH", "25596641", "", "Hauptstr. 1", "1234", "Dresden", "kein@", "12", "ht!tp://x", "ZZ", "x".repeat(61), "95", "200"]), mapping, { country: "DE" });
    expect(codes(problems)).toEqual([
      ["POSTAL_CODE_INVALID", "warning", 4],
      ["EMAIL_INVALID", "warning", 6],
      ["PHONE_INVALID", "warning", 7],
      ["WEBSITE_INVALID", "warning", 8],
      ["NACE_UNKNOWN", "warning", 9],
      ["TEXT_TOO_LONG", "warning", 10],
      ["LATITUDE_INVALID", "warning", 11],
      ["LONGITUDE_INVALID", "warning", 12],
    ]);
    expect(candidate).toMatchObject({ name: "Müller GmbH", email: null, phone: null, website: null, naceCodes: [], tags: [], addresses: [] });
  });

  it("checks postal codes per country and flags incomplete addresses", () => {
    const de = normaliseRow(row(["A", "25596641", "", "Königstr. 1", "01097", "Dresden"]), mapping, { country: "DE" });
    expect(de.candidate!.addresses[0]!.postalCode).toBe("01097");
    const cz = normaliseRow(row(["A", "25596641", "", "Náměstí 5", "01097", "Praha"]), mapping, { country: "CZ" });
    expect(codes(cz.problems)).toEqual([["POSTAL_CODE_INVALID", "warning", 4]]);
    const incomplete = normaliseRow(row(["A", "25596641", "", "Náměstí 5", "", ""]), mapping, { country: "CZ" });
    expect(codes(incomplete.problems)).toEqual([["ADDRESS_INCOMPLETE", "warning", 3]]);
    expect(incomplete.candidate!.addresses).toEqual([]);
  });

  it("rejects rows without a name or identifier, with a bad IČO, or with a name that is too long", () => {
    expect(codes(normaliseRow(row(["", "25596641"]), mapping, { country: "CZ" }).problems)).toEqual([["NAME_MISSING", "error", 0]]);
    const noId = normaliseRow(row(["Firma", "", ""]), mapping, { country: "CZ" });
    expect(noId.candidate).toBeNull();
    expect(codes(noId.problems)).toEqual([["IDENTIFIER_MISSING", "error", 1]]);
    const badIco = normaliseRow(row(["Firma", "25596642", "CZ1"]), mapping, { country: "CZ" });
    expect(badIco.candidate).toBeNull();
    expect(codes(badIco.problems)).toEqual([["IDENTIFIER_INVALID", "error", 1]]);
    expect(codes(normaliseRow(row(["x".repeat(201), "25596641"]), mapping, { country: "CZ" }).problems)).toEqual([["NAME_TOO_LONG", "error", 0]]);
  });

  it("accepts only https logo URLs and keeps descriptions with line breaks", () => {
    const m: ColumnMapping[] = [{ column: 0, field: "name" }, { column: 1, field: "identifier", identifierKind: "KWIZ" }, { column: 2, field: "logo" }, { column: 3, field: "description" }];
    const good = normaliseRow(row(["A", "K-1", "https://cdn.example.de/logo.png", "Zeile 1\r\nZeile 2"]), m, { country: "DE" });
    expect(good.candidate).toMatchObject({ logoUrl: "https://cdn.example.de/logo.png", description: "Zeile 1\nZeile 2", identifiers: [{ kind: "KWIZ", normalized: "K1" }] });
    expect(codes(normaliseRow(row(["A", "K-1", "http://cdn.example.de/logo.png", "x".repeat(4001)]), m, { country: "DE" }).problems)).toEqual([
      ["LOGO_INVALID", "warning", 2],
      ["TEXT_TOO_LONG", "warning", 3],
    ]);
  });
});
