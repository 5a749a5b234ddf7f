import { describe, expect, it } from "vitest";
import { applySavedMapping, choiceOf, MappingJsonSchema, withChoice } from "./import-create";

describe("import create form helpers", () => {
  it("applies a saved mapping by header name, falling back to the column without headers", () => {
    const saved = [
      { column: 0, field: "name" as const, header: "Firma" },
      { column: 1, field: "identifier" as const, identifierKind: "ICO" as const, header: "IČO" },
      { column: 2, field: "email" as const, header: "Gone" },
    ];
    expect(applySavedMapping(saved, ["IČO", "x", "firma"], 3)).toEqual([
      { column: 0, field: "identifier", identifierKind: "ICO" },
      { column: 2, field: "name" },
    ]);
    expect(applySavedMapping(saved, [], 2)).toEqual([
      { column: 0, field: "name" },
      { column: 1, field: "identifier", identifierKind: "ICO" },
    ]);
  });

  it("turns a field choice into a column mapping and back", () => {
    expect(withChoice(3, "identifier:OTHER", undefined, "USt-IdNr.")).toEqual({ column: 3, field: "identifier", identifierKind: "OTHER", identifierLabel: "USt-IdNr." });
    expect(withChoice(3, "city", { column: 3, field: "postalCode", group: 2 }, "")).toEqual({ column: 3, field: "city", group: 2 });
    expect(withChoice(3, "", undefined, "")).toBeNull();
    expect(choiceOf({ column: 0, field: "identifier", identifierKind: "KWIZ" })).toBe("identifier:KWIZ");
  });

  it("parses the posted mapping strictly", () => {
    expect(MappingJsonSchema.safeParse('[{"column":0,"field":"name"}]').success).toBe(true);
    expect(MappingJsonSchema.safeParse('[{"column":0,"field":"password"}]').success).toBe(false);
    expect(MappingJsonSchema.safeParse('[{"column":-1,"field":"name"}]').success).toBe(false);
    expect(MappingJsonSchema.safeParse('[{"column":0,"field":"name","extra":1}]').success).toBe(false);
    expect(MappingJsonSchema.safeParse("not json").success).toBe(false);
  });
});
