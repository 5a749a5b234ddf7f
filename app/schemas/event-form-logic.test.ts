import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EventFormDefinition, FieldCondition, FormField } from "./event-form";
import { parseNumber, readAnswers, validateAnswers, visibleFieldIds } from "./event-form-logic";

const label = (text: string) => ({ de: text, cs: text });
function field(id: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField {
  return { id, type, title: label(id), required: false, ...extra };
}
const when = (join: FieldCondition["join"], ...rules: FieldCondition["rules"]): FieldCondition => ({ join, rules });
const options = (...ids: string[]) => ids.map((id) => ({ id, label: label(id) }));

/** A checkbox "member", a text "company" shown when member is ticked, a number "guests" shown when
 * company is filled in, a select "meal" shown when guests > 2 (a chain of three). */
const chain: EventFormDefinition = {
  fields: [
    field("meal", "select", { options: options("veg", "meat"), required: true, condition: when("AND", { fieldId: "guests", operator: "numGt", value: "2" }) }),
    field("guests", "number", { required: true, condition: when("AND", { fieldId: "company", operator: "notEmpty" }) }),
    field("company", "text", { required: true, condition: when("AND", { fieldId: "member", operator: "checked" }) }),
    field("member", "checkbox"),
  ],
};

describe("visibleFieldIds: chains", () => {
  it("shows a chain link only when every link before it holds, whatever the field order", () => {
    expect(visibleFieldIds(chain, {})).toEqual(new Set(["member"]));
    expect(visibleFieldIds(chain, { member: true })).toEqual(new Set(["member", "company"]));
    expect(visibleFieldIds(chain, { member: true, company: "ACME" })).toEqual(new Set(["member", "company", "guests"]));
    expect(visibleFieldIds(chain, { member: true, company: "ACME", guests: "3" })).toEqual(
      new Set(["member", "company", "guests", "meal"]),
    );
  });

  it("treats the answer of a hidden field as empty, so unticking the head hides the whole chain", () => {
    const answers = { member: false, company: "ACME", guests: "5", meal: ["veg"] };
    expect(visibleFieldIds(chain, answers)).toEqual(new Set(["member"]));
  });

  it("never shows fields on a cycle (hand-made data; the builder refuses cycles)", () => {
    const cyclic: EventFormDefinition = {
      fields: [
        field("a", "text", { condition: when("OR", { fieldId: "b", operator: "notEmpty" }) }),
        field("b", "text", { condition: when("OR", { fieldId: "a", operator: "notEmpty" }) }),
        field("c", "text"),
      ],
    };
    expect(visibleFieldIds(cyclic, { a: "x", b: "y" })).toEqual(new Set(["c"]));
  });

  it("does not depend on the order of the fields (property)", () => {
    fc.assert(
      fc.property(
        fc.record({ member: fc.boolean(), company: fc.constantFrom("", " ", "ACME"), guests: fc.constantFrom("", "1", "3", "2,5", "x") }),
        fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        (answers, keys) => {
          const shuffled = [...chain.fields].map((f, i) => ({ f, k: keys[i] ?? 0 })).sort((x, y) => x.k - y.k).map((x) => x.f);
          expect(visibleFieldIds({ fields: shuffled }, answers)).toEqual(visibleFieldIds(chain, answers));
        },
      ),
    );
  });
});

describe("visibleFieldIds: AND / OR and operators", () => {
  const def: EventFormDefinition = {
    fields: [
      field("country", "localizedSelect", { options: options("de", "cz", "pl"), multiple: true }),
      field("size", "number"),
      field("name", "text"),
      field("both", "info", { condition: when("AND", { fieldId: "country", operator: "equals", value: "cz" }, { fieldId: "size", operator: "numLt", value: "10" }) }),
      field("either", "info", { condition: when("OR", { fieldId: "country", operator: "equals", value: "cz" }, { fieldId: "size", operator: "numLt", value: "10" }) }),
      field("exact", "info", { condition: when("AND", { fieldId: "size", operator: "numEq", value: "2,50" }) }),
      field("big", "info", { condition: when("AND", { fieldId: "size", operator: "numGt", value: "100" }) }),
      field("named", "info", { condition: when("AND", { fieldId: "name", operator: "equals", value: "Müller" }) }),
      field("empty", "info", { condition: when("AND") }),
    ],
  };
  const shown = (answers: Parameters<typeof visibleFieldIds>[1]) =>
    [...visibleFieldIds(def, answers)].filter((id) => !["country", "size", "name", "empty"].includes(id)).sort();

  it("joins rules with AND (all) or OR (any)", () => {
    expect(shown({ country: ["cz"], size: "5" })).toEqual(["both", "either"]);
    expect(shown({ country: ["de"], size: "5" })).toEqual(["either"]);
    expect(shown({ country: ["de", "cz"], size: "50" })).toEqual(["either"]);
    expect(shown({ country: [], size: "" })).toEqual([]);
  });

  it("compares numbers numerically, with a decimal comma or point, and never matches non-numbers", () => {
    expect(shown({ size: "2.5" })).toEqual(["either", "exact"]);
    expect(shown({ size: " 2,5 " })).toEqual(["either", "exact"]);
    expect(shown({ size: "101" })).toEqual(["big"]);
    expect(shown({ size: "100" })).toEqual([]);
    expect(shown({ size: "-3" })).toEqual(["either"]);
    expect(shown({ size: "ten" })).toEqual([]);
    expect(shown({ size: "1e3" })).toEqual([]);
  });

  it("compares text trimmed and case-insensitively; a condition without rules always holds", () => {
    expect(shown({ name: "  müller " })).toEqual(["named"]);
    expect(shown({ name: "Mueller" })).toEqual([]);
    expect(visibleFieldIds(def, {}).has("empty")).toBe(true);
  });

  it("parses numbers as people type them", () => {
    expect(parseNumber("1,5")).toBe(1.5);
    expect(parseNumber(",5")).toBe(0.5);
    expect(parseNumber("+7")).toBe(7);
    expect(parseNumber("1.000,5")).toBeNull();
    expect(parseNumber("")).toBeNull();
    expect(parseNumber("Infinity")).toBeNull();
  });
});

describe("readAnswers", () => {
  const def: EventFormDefinition = {
    fields: [
      field("t", "text"),
      field("c", "checkbox"),
      field("c2", "checkbox"),
      field("s", "select", { options: options("a", "b") }),
      field("m", "select", { options: options("a", "b"), multiple: true }),
      field("i", "info"),
    ],
  };

  it("reads answer.<id> inputs: text, checkbox, single and multiple selects; ignores unknown names and info", () => {
    const form = new URLSearchParams([
      ["answer.t", "Hello"],
      ["answer.c", "on"],
      ["answer.s", ""],
      ["answer.m", "a"],
      ["answer.m", "b"],
      ["answer.i", "x"],
      ["answer.zzz", "x"],
      ["t", "y"],
    ]);
    expect(readAnswers(def, form)).toEqual({ t: "Hello", c: true, c2: false, s: [], m: ["a", "b"] });
  });
});

describe("validateAnswers", () => {
  it("requires only shown fields and discards answers of hidden ones", () => {
    const result = validateAnswers(chain, { member: false, company: "ACME", guests: "5", meal: ["veg"] });
    expect(result).toEqual({ ok: true, answers: { member: false } });
  });

  it("reports required fields that are shown, along the chain", () => {
    expect(validateAnswers(chain, { member: true })).toEqual({ ok: false, errors: { company: "FIELD_REQUIRED" } });
    expect(validateAnswers(chain, { member: true, company: "A", guests: "4" })).toEqual({ ok: false, errors: { meal: "FIELD_REQUIRED" } });
    expect(validateAnswers(chain, { member: true, company: " A ", guests: "4", meal: ["veg"] })).toEqual({
      ok: true,
      answers: { member: true, company: "A", guests: "4", meal: ["veg"] },
    });
  });

  it("checks e-mail, number, options, single choice, length, required checkbox and answer types", () => {
    const def: EventFormDefinition = {
      fields: [
        field("mail", "email"),
        field("n", "number"),
        field("s", "select", { options: options("a", "b") }),
        field("s2", "select", { options: options("a", "b") }),
        field("long", "localizedText"),
        field("ok", "checkbox", { required: true }),
        field("t", "text"),
      ],
    };
    const result = validateAnswers(def, { mail: "no-at-sign", n: "1,2,3", s: ["zzz"], s2: ["a", "b"], long: "x".repeat(2001), ok: false, t: true });
    expect(result).toEqual({
      ok: false,
      errors: { mail: "EMAIL_INVALID", n: "NUMBER_INVALID", s: "OPTION_INVALID", s2: "OPTION_INVALID", long: "TEXT_TOO_LONG", ok: "FIELD_REQUIRED", t: "INVALID_INPUT" },
    });
    expect(validateAnswers(def, { mail: "jana@example.cz", n: "2,5", s: ["a"], long: "x".repeat(2000), ok: true, extra: "dropped" })).toEqual({
      ok: true,
      answers: { mail: "jana@example.cz", n: "2,5", s: ["a"], long: "x".repeat(2000), ok: true },
    });
  });

  it("never throws and never keeps a hidden or unknown answer, whatever is sent (property)", () => {
    const answer = fc.oneof(fc.string(), fc.boolean(), fc.array(fc.string(), { maxLength: 3 }));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("member", "company", "guests", "meal", "other"), answer), (answers) => {
        const result = validateAnswers(chain, answers);
        const visible = visibleFieldIds(chain, answers);
        if (result.ok) for (const id of Object.keys(result.answers)) expect(visible.has(id)).toBe(true);
        else for (const id of Object.keys(result.errors)) expect(visible.has(id)).toBe(true);
      }),
    );
  });
});
