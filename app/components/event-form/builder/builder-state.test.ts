import { describe, expect, it } from "vitest";
import type { EventFormDefinition } from "~/schemas/event-form";
import { builderErrors, moveField, newField, placeErrors, ruleErrorMessage } from "./builder-state";

const def: EventFormDefinition = {
  fields: [
    { id: "a", type: "checkbox", title: { de: "Mitglied", cs: "Člen" }, required: false },
    { id: "b", type: "text", title: { de: "Kammer", cs: "" }, required: false, condition: { join: "AND", rules: [{ fieldId: "a", operator: "checked" }] } },
  ],
};

describe("form builder helpers", () => {
  it("creates fields with fresh ids, a first empty option for selects, and moves fields", () => {
    const select = newField("localizedSelect", new Set(["a", "b"]));
    expect(select.id).toMatch(/^f_[a-z0-9]+$/);
    expect(select.options).toHaveLength(1);
    expect(newField("text", new Set()).options).toBeUndefined();
    expect(moveField(def, 1, 0).fields.map((f) => f.id)).toEqual(["b", "a"]);
    expect(moveField(def, 1, 5)).toBe(def);
  });

  it("names dependents by title in the reader's language (falling back to the other one)", () => {
    const errors = builderErrors(def, { fields: [def.fields[1]!] });
    expect(errors["a"]).toEqual([{ code: "FORM_FIELD_HAS_DEPENDENTS", fields: ["b"] }]);
    expect(ruleErrorMessage(errors["a"]![0]!, def, "cs")).toContain("„Kammer“");
    expect(ruleErrorMessage({ code: "FORM_CONDITION_CYCLE", fields: ["a"] }, def, "cs")).toContain("„Člen“");
  });

  it("places errors at the title, an option, a rule, the condition or the field", () => {
    const placed = placeErrors([
      { code: "FORM_TITLE_REQUIRED" },
      { code: "FORM_OPTION_LABEL_REQUIRED", option: 2 },
      { code: "FORM_CONDITION_VALUE_REQUIRED", rule: 1 },
      { code: "FORM_CONDITION_CYCLE", fields: ["a", "b"] },
      { code: "FORM_OPTIONS_LOCKED", fields: ["b"] },
      { code: "FORM_FIELD_ID_DUPLICATE" },
    ]);
    expect(placed.title?.code).toBe("FORM_TITLE_REQUIRED");
    expect(placed.option.get(2)?.code).toBe("FORM_OPTION_LABEL_REQUIRED");
    expect(placed.rule.get(1)?.code).toBe("FORM_CONDITION_VALUE_REQUIRED");
    expect(placed.condition?.code).toBe("FORM_CONDITION_CYCLE");
    expect(placed.options?.code).toBe("FORM_OPTIONS_LOCKED");
    expect(placed.field.map((e) => e.code)).toEqual(["FORM_FIELD_ID_DUPLICATE"]);
  });
});
