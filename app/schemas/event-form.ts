import { z } from "zod";
import { plainText, singleLine } from "./text";

/**
 * The registration form definition (decision 015): the one source the builder edits, the
 * registration page renders and the server validates answers against. Shared by client and
 * server (no server imports). Semantic rules (titles, options, conditions, cycles) live in
 * `event-form-rules.ts`; condition evaluation in `event-form-logic.ts`.
 */
export const FIELD_TYPES = ["text", "localizedText", "number", "email", "checkbox", "select", "localizedSelect", "info"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** Types whose label (and options) exist in German and Czech; the others have one label for both. */
export const LOCALIZED_TYPES: ReadonlySet<FieldType> = new Set(["localizedText", "localizedSelect"]);
export const SELECT_TYPES: ReadonlySet<FieldType> = new Set(["select", "localizedSelect"]);

/** Condition operators: checkbox checked, value equals, not empty, numeric =, <, >. */
export const CONDITION_OPERATORS = ["checked", "equals", "notEmpty", "numEq", "numLt", "numGt"] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export const NUMERIC_OPERATORS: ReadonlySet<ConditionOperator> = new Set(["numEq", "numLt", "numGt"]);

export const FORM_LIMITS = { fields: 50, options: 50, rules: 10, title: 200, description: 1000, placeholder: 200, answer: 2000, id: 40, bound: 20 } as const;

const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "INVALID_INPUT");
/** Titles, placeholders and option labels are single-line; descriptions may span lines (decision 030). */
const label = (max: number, lines: "single" | "multi" = "single") => {
  const text = () => (lines === "single" ? singleLine() : plainText()).max(max, "TEXT_TOO_LONG");
  return z.object({ de: text(), cs: text() });
};

export const FormOptionSchema = z.object({ id, label: label(FORM_LIMITS.title) });

export const ConditionRuleSchema = z.object({
  fieldId: id,
  operator: z.enum(CONDITION_OPERATORS).optional(),
  /** Option id for selects, text for text fields, a number (as text) for numeric compares. */
  value: singleLine().max(FORM_LIMITS.answer).optional(),
});

export const FieldConditionSchema = z.object({
  join: z.enum(["AND", "OR"]),
  rules: z.array(ConditionRuleSchema).max(FORM_LIMITS.rules),
});

export const FormFieldSchema = z.object({
  id,
  type: z.enum(FIELD_TYPES, "INVALID_INPUT"),
  /** For plain types `de` and `cs` are the same text. */
  title: label(FORM_LIMITS.title),
  description: label(FORM_LIMITS.description, "multi").optional(),
  placeholder: label(FORM_LIMITS.placeholder).optional(),
  required: z.boolean(),
  /** Selects: several options may be chosen. */
  multiple: z.boolean().optional(),
  options: z.array(FormOptionSchema).max(FORM_LIMITS.options).optional(),
  /** Shown only when the condition holds; absent = always shown. */
  condition: FieldConditionSchema.optional(),
  /**
   * Number fields: the smallest and largest answer, as the organiser typed them ("0", "2,5";
   * empty = none). Without a minimum a number field is a count: negative answers are refused
   * (decision 030, `numberBounds`).
   */
  min: singleLine().max(FORM_LIMITS.bound, "TEXT_TOO_LONG").optional(),
  max: singleLine().max(FORM_LIMITS.bound, "TEXT_TOO_LONG").optional(),
});

export const EventFormDefinitionSchema = z.object({
  fields: z.array(FormFieldSchema).max(FORM_LIMITS.fields),
});

export type FormOption = z.infer<typeof FormOptionSchema>;
export type ConditionRule = z.infer<typeof ConditionRuleSchema>;
export type FieldCondition = z.infer<typeof FieldConditionSchema>;
export type FormField = z.infer<typeof FormFieldSchema>;
export type EventFormDefinition = z.infer<typeof EventFormDefinitionSchema>;

/** One answer per visible field: text/e-mail/number as text, checkbox as boolean, selects as option ids. */
export type FormAnswer = string | boolean | string[];
export type FormAnswers = Record<string, FormAnswer>;

export const EMPTY_FORM: EventFormDefinition = { fields: [] };
