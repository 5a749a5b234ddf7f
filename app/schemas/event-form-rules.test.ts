import { describe, expect, it } from "vitest";
import type { EventFormDefinition, FieldCondition, FormField } from "./event-form";
import { checkFormDefinition, checkFormEdit, checkFormRules, dependencyCycles, parseFormDefinition } from "./event-form-rules";

const label = (de: string, cs = de) => ({ de, cs });
function field(id: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField {
  return { id, type, title: label(id), required: false, ...extra };
}
const when = (...rules: FieldCondition["rules"]): FieldCondition => ({ join: "AND", rules });
const options = (...ids: string[]) => ids.map((id) => ({ id, label: label(id) }));
const codes = (errors: ReturnType<typeof checkFormRules>) =>
  Object.fromEntries(Object.entries(errors).map(([id, list]) => [id, list.map((e) => e.code)]));

describe("builder rules: titles, options, types, ids", () => {
  it("needs a title; both languages for localized types, one for plain ones", () => {
    const def: EventFormDefinition = {
      fields: [
        field("a", "text", { title: label("", "") }),
        field("b", "text", { title: label("Firma", "") }),
        field("c", "localizedText", { title: label("Firma", " ") }),
        field("d", "localizedText", { title: label("\u200B", "") }),
        field("e", "localizedSelect", { title: label("Essen", "Jídlo"), options: options("x") }),
      ],
    };
    expect(codes(checkFormRules(def))).toEqual({ a: ["FORM_TITLE_REQUIRED"], c: ["FORM_TITLE_TRANSLATION_REQUIRED"], d: ["FORM_TITLE_REQUIRED"] });
  });

  it("needs options with labels for selects, both languages for localized selects", () => {
    const def: EventFormDefinition = {
      fields: [
        field("s", "select"),
        field("t", "select", { options: [{ id: "o1", label: label("", "") }, { id: "o2", label: label("Ja", "") }] }),
        field("u", "localizedSelect", { options: [{ id: "o1", label: label("Ja", "") }] }),
        field("v", "select", { options: [...options("o1"), ...options("o1")] }),
      ],
    };
    const errors = checkFormRules(def);
    expect(codes(errors)).toEqual({
      s: ["FORM_OPTIONS_REQUIRED"],
      t: ["FORM_OPTION_LABEL_REQUIRED"],
      u: ["FORM_OPTION_TRANSLATION_REQUIRED"],
      v: ["FORM_FIELD_ID_DUPLICATE"],
    });
    expect(errors["t"]?.[0]?.option).toBe(0);
    expect(errors["v"]?.[0]?.option).toBe(1);
  });

  it("refuses duplicate field ids and reports a missing type when parsing the builder's input", () => {
    expect(codes(checkFormRules({ fields: [field("a", "text"), field("a", "number")] }))).toEqual({ a: ["FORM_FIELD_ID_DUPLICATE"] });
    const parsed = parseFormDefinition({ fields: [{ id: "x", title: label("X"), required: false }] });
    expect(parsed).toEqual({ ok: false, errors: { x: [{ code: "FORM_FIELD_TYPE_REQUIRED" }] } });
    expect(parseFormDefinition("nonsense")).toEqual({ ok: false, errors: { _form: [{ code: "INVALID_INPUT" }] } });
    expect(parseFormDefinition({ fields: [field("ok", "info")] }).ok).toBe(true);
    expect(parseFormDefinition({ fields: [field("nul", "text", { title: label("a\u0000b") })] })).toEqual({ ok: false, errors: { nul: [{ code: "INVALID_INPUT", title: true }] } });
  });
});

describe("builder rules: conditions", () => {
  const base = [field("cb", "checkbox"), field("n", "number"), field("s", "select", { options: options("yes", "no") }), field("i", "info")];
  const ruleCodes = (rules: FieldCondition["rules"]) =>
    (checkFormRules({ fields: [...base, field("dep", "text", { condition: when(...rules) })] })["dep"] ?? []).map((e) => [e.rule, e.code]);

  it("needs an existing other field that can be answered", () => {
    expect(ruleCodes([{ fieldId: "gone", operator: "notEmpty" }])).toEqual([[0, "FORM_CONDITION_FIELD_INVALID"]]);
    expect(ruleCodes([{ fieldId: "dep", operator: "notEmpty" }])).toEqual([[0, "FORM_CONDITION_FIELD_INVALID"]]);
    expect(ruleCodes([{ fieldId: "i", operator: "notEmpty" }])).toEqual([[0, "FORM_CONDITION_FIELD_INVALID"]]);
  });

  it("needs an operator that fits the field: checked only on checkboxes", () => {
    expect(ruleCodes([{ fieldId: "cb" }])).toEqual([[0, "FORM_CONDITION_OPERATOR_REQUIRED"]]);
    expect(ruleCodes([{ fieldId: "n", operator: "checked" }])).toEqual([[0, "FORM_CONDITION_OPERATOR_INVALID"]]);
    expect(ruleCodes([{ fieldId: "s", operator: "numGt", value: "1" }])).toEqual([[0, "FORM_CONDITION_OPERATOR_INVALID"]]);
    expect(ruleCodes([{ fieldId: "cb", operator: "checked" }, { fieldId: "s", operator: "notEmpty" }])).toEqual([]);
  });

  it("needs a value, numeric for comparisons, an existing option for a select", () => {
    expect(ruleCodes([{ fieldId: "n", operator: "numLt" }])).toEqual([[0, "FORM_CONDITION_VALUE_REQUIRED"]]);
    expect(ruleCodes([{ fieldId: "n", operator: "numLt", value: "zehn" }])).toEqual([[0, "FORM_CONDITION_VALUE_NUMERIC"]]);
    expect(ruleCodes([{ fieldId: "n", operator: "numLt", value: "2,5" }])).toEqual([]);
    expect(ruleCodes([{ fieldId: "s", operator: "equals", value: "maybe" }])).toEqual([[0, "FORM_CONDITION_OPTION_INVALID"]]);
    expect(ruleCodes([{ fieldId: "s", operator: "equals", value: "" }, { fieldId: "s", operator: "equals", value: "yes" }])).toEqual([
      [0, "FORM_CONDITION_VALUE_REQUIRED"],
    ]);
  });

  it("refuses cycles and names every field on them", () => {
    const def: EventFormDefinition = {
      fields: [
        field("a", "text", { condition: when({ fieldId: "c", operator: "notEmpty" }) }),
        field("b", "text", { condition: when({ fieldId: "a", operator: "notEmpty" }) }),
        field("c", "text", { condition: when({ fieldId: "b", operator: "notEmpty" }) }),
        field("d", "text", { condition: when({ fieldId: "a", operator: "notEmpty" }) }),
        field("e", "text"),
      ],
    };
    expect(dependencyCycles(def)).toEqual([["a", "b", "c"]]);
    const errors = checkFormRules(def);
    expect(Object.keys(errors).sort()).toEqual(["a", "b", "c"]);
    expect(errors["b"]).toEqual([{ code: "FORM_CONDITION_CYCLE", fields: ["a", "b", "c"] }]);
    expect(dependencyCycles({ fields: def.fields.slice(1) })).toEqual([]);
  });
});

describe("builder rules: edits across versions", () => {
  const prev: EventFormDefinition = {
    fields: [
      field("s", "select", { options: options("yes", "no") }),
      field("dep", "text", { condition: when({ fieldId: "s", operator: "equals", value: "yes" }) }),
      field("free", "select", { options: options("a") }),
    ],
  };

  it("refuses deleting a field others depend on and lists the dependents", () => {
    const next = { fields: prev.fields.filter((f) => f.id !== "s") };
    expect(checkFormEdit(prev, next)).toEqual({ s: [{ code: "FORM_FIELD_HAS_DEPENDENTS", fields: ["dep"] }] });
    expect(codes(checkFormDefinition(prev, next))).toEqual({ dep: ["FORM_CONDITION_FIELD_INVALID"], s: ["FORM_FIELD_HAS_DEPENDENTS"] });
    // Removing the dependency (or the dependent) first makes the deletion fine.
    expect(checkFormDefinition(prev, { fields: [field("dep", "text"), prev.fields[2]!] })).toEqual({});
  });

  it("refuses adding or removing options of a field with dependents, allows renaming them", () => {
    const withOptions = (opts: FormField["options"]) => ({ fields: prev.fields.map((f) => (f.id === "s" ? { ...f, options: opts } : f)) });
    expect(checkFormEdit(prev, withOptions(options("yes", "no", "maybe")))).toEqual({ s: [{ code: "FORM_OPTIONS_LOCKED", fields: ["dep"] }] });
    expect(checkFormEdit(prev, withOptions(options("yes")))).toEqual({ s: [{ code: "FORM_OPTIONS_LOCKED", fields: ["dep"] }] });
    expect(checkFormEdit(prev, withOptions([{ id: "yes", label: label("Ja gern", "Ano rád") }, { id: "no", label: label("Nein") }]))).toEqual({});
    // A field without dependents may change its options freely.
    expect(checkFormEdit(prev, { fields: prev.fields.map((f) => (f.id === "free" ? { ...f, options: options("a", "b") } : f)) })).toEqual({});
  });
});
