/**
 * Number answers of registration forms (decision 030): the organiser's minimum and maximum, and a
 * field without a minimum is a count (no negative answers). Shared by the builder, the browser's
 * check before sending and the server.
 */
import { describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { placeErrors } from "~/components/event-form/builder/builder-state";
import type { FormField } from "./event-form";
import { numberBounds, validateAnswers } from "./event-form-logic";
import { checkFormRules, parseFormDefinition } from "./event-form-rules";

const number = (extra: Partial<FormField> = {}): FormField => ({ id: "n", type: "number", title: { de: "Anzahl", cs: "Počet" }, required: false, ...extra });
const answer = (field: FormField, value: string) => validateAnswers({ fields: [field] }, { n: value });

describe("number answers (decision 030)", () => {
  it("treats a number field without a minimum as a count: 0 and more", () => {
    expect(numberBounds(number())).toEqual({ min: 0, max: null });
    expect(answer(number(), "-1")).toEqual({ ok: false, errors: { n: "NUMBER_BELOW_MIN" } });
    expect(answer(number(), "-0,5")).toEqual({ ok: false, errors: { n: "NUMBER_BELOW_MIN" } });
    expect(answer(number(), "0")).toEqual({ ok: true, answers: { n: "0" } });
    expect(answer(number(), "100000")).toMatchObject({ ok: true });
  });

  it("keeps to the organiser's minimum and maximum, bounds included, decimal comma too", () => {
    const field = number({ min: "1,5", max: "10" });
    expect(numberBounds(field)).toEqual({ min: 1.5, max: 10 });
    expect(answer(field, "1")).toEqual({ ok: false, errors: { n: "NUMBER_BELOW_MIN" } });
    expect(answer(field, "1,5")).toMatchObject({ ok: true });
    expect(answer(field, "10")).toMatchObject({ ok: true });
    expect(answer(field, "10.01")).toEqual({ ok: false, errors: { n: "NUMBER_ABOVE_MAX" } });
    expect(answer(field, "zehn")).toEqual({ ok: false, errors: { n: "NUMBER_INVALID" } });
  });

  it("allows negative answers when the organiser sets a negative minimum", () => {
    const field = number({ min: "-20", max: "" });
    expect(numberBounds(field)).toEqual({ min: -20, max: null });
    expect(answer(field, "-20")).toMatchObject({ ok: true });
    expect(answer(field, "-21")).toEqual({ ok: false, errors: { n: "NUMBER_BELOW_MIN" } });
  });

  it("names the bounds in both languages", () => {
    expect(translate("de", "error.NUMBER_BELOW_MIN", { min: 1.5 })).toBe("Bitte geben Sie eine Zahl ab 1,5 ein.");
    expect(translate("cs", "error.NUMBER_ABOVE_MAX", { max: 10 })).toBe("Zadejte prosím číslo nejvýše 10.");
    expect(translate("de", "eventForm.render.numberRange", { min: 0, max: 0, hasMax: "no" })).toBe("Eine Zahl ab 0.");
    expect(translate("cs", "eventForm.render.numberRange", { min: 1, max: 2.5, hasMax: "yes" })).toBe("Číslo od 1 do 2,5.");
  });
});

describe("the builder's rules for minimum and maximum (decision 030)", () => {
  it("wants numbers with min ≤ max, shown at the input concerned", () => {
    expect(checkFormRules({ fields: [number({ min: "-5", max: "5" })] })).toEqual({});
    expect(checkFormRules({ fields: [number({ min: "", max: "" })] })).toEqual({});
    expect(checkFormRules({ fields: [number({ min: "3", max: "3" })] })).toEqual({});
    const reversed = checkFormRules({ fields: [number({ min: "6", max: "5" })] });
    expect(reversed).toEqual({ n: [{ code: "FORM_NUMBER_RANGE_INVALID", bound: "max" }] });
    expect(placeErrors(reversed.n).max?.code).toBe("FORM_NUMBER_RANGE_INVALID");
    const words = checkFormRules({ fields: [number({ min: "eins", max: "1.000,5" })] });
    expect(words.n).toEqual([
      { code: "FORM_NUMBER_BOUND_INVALID", bound: "min" },
      { code: "FORM_NUMBER_BOUND_INVALID", bound: "max" },
    ]);
    expect(placeErrors(words.n)).toMatchObject({ min: { bound: "min" }, max: { bound: "max" }, field: [] });
  });

  it("refuses bounds on other field types and bounds with a line break", () => {
    expect(checkFormRules({ fields: [{ ...number({ min: "1" }), type: "text" }] })).toEqual({ n: [{ code: "INVALID_INPUT" }] });
    const parsed = parseFormDefinition({ fields: [number({ max: "1\n0" })] });
    expect(!parsed.ok && parsed.errors.n?.map((e) => e.code)).toEqual(["TEXT_SINGLE_LINE"]);
  });
});
