import { z } from "zod";
import type { ErrorCode } from "~/server/errors";
import {
  FORM_LIMITS,
  SELECT_TYPES,
  type ConditionRule,
  type EventFormDefinition,
  type FieldCondition,
  type FormAnswer,
  type FormAnswers,
  type FormField,
} from "./event-form";
import { hasForbiddenControl, hasLineBreakOrControl, hasVisibleText } from "./text";

/**
 * Condition evaluation, answer reading and answer validation for registration forms
 * (decision 016). Shared by the browser (live conditions in the renderer and the builder preview)
 * and the server (validation of a registration), so both agree on which fields are shown.
 */

/** Input name prefix of an answer: `answer.<fieldId>`. */
export const ANSWER_PREFIX = "answer.";
export const answerName = (fieldId: string) => `${ANSWER_PREFIX}${fieldId}`;

const EMAIL_MAX = 254;
const NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/**
 * A number as people type it: optional sign, digits, a decimal point or a decimal comma
 * (German and Czech write "1,5"). No thousands separators — "1.000" would be ambiguous.
 * Returns null for anything else.
 */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) return null;
  const value = Number(trimmed.replace(",", "."));
  return Number.isFinite(value) ? value : null;
}

/**
 * The range a number answer must lie in (decision 030): the organiser's minimum and maximum; a
 * field without a minimum is a count, so its minimum is 0. `max` null = no upper bound.
 */
export function numberBounds(field: Pick<FormField, "min" | "max">): { min: number; max: number | null } {
  const min = field.min ? parseNumber(field.min) : null;
  const max = field.max ? parseNumber(field.max) : null;
  return { min: min ?? 0, max };
}

/** Text comparison for `equals`: trimmed, Unicode-normalised, case-insensitive. */
function sameText(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().normalize("NFC").toLocaleLowerCase("de");
  return norm(a) === norm(b);
}

export function isEmptyAnswer(answer: FormAnswer | undefined): boolean {
  if (answer === undefined) return true;
  if (typeof answer === "boolean") return !answer;
  if (typeof answer === "string") return !hasVisibleText(answer);
  return answer.length === 0;
}

/**
 * Whether one rule holds for the controlling field's answer. A controller that is hidden (or
 * does not exist) passes `undefined`, so every operator is unmet — all operators are "positive"
 * (they need something to be there), which makes visibility monotone; see `visibleFieldIds`.
 */
export function ruleHolds(rule: ConditionRule, controller: FormField | undefined, answer: FormAnswer | undefined): boolean {
  if (!controller || answer === undefined || !rule.operator) return false;
  const value = rule.value ?? "";
  switch (rule.operator) {
    case "checked":
      return answer === true;
    case "notEmpty":
      return !isEmptyAnswer(answer);
    case "equals":
      if (Array.isArray(answer)) return answer.includes(value);
      if (typeof answer === "boolean") return false;
      return hasVisibleText(value) && sameText(answer, value);
    case "numEq":
    case "numLt":
    case "numGt": {
      if (typeof answer !== "string") return false;
      const left = parseNumber(answer);
      const right = parseNumber(value);
      if (left === null || right === null) return false;
      if (rule.operator === "numEq") return left === right;
      return rule.operator === "numLt" ? left < right : left > right;
    }
  }
}

function conditionHolds(
  condition: FieldCondition,
  byId: Map<string, FormField>,
  answers: FormAnswers,
  visible: ReadonlySet<string>,
): boolean {
  // A condition without rules does not restrict anything (the builder keeps it while editing).
  if (condition.rules.length === 0) return true;
  const results = condition.rules.map((rule) =>
    ruleHolds(rule, byId.get(rule.fieldId), visible.has(rule.fieldId) ? answers[rule.fieldId] : undefined),
  );
  return condition.join === "AND" ? results.every(Boolean) : results.some(Boolean);
}

/**
 * The fields shown for these answers. A field with a condition is shown only when it holds; a
 * rule on a hidden field is unmet (its answer counts as empty), so chains collapse: hiding A hides
 * B that depends on A, and C that depends on B.
 *
 * Computed as the least fixed point: start with nothing shown, repeatedly show every field whose
 * condition holds given the fields shown so far, until nothing changes. Because every operator
 * needs its controller to be shown and answered, a larger shown set never hides a field, so the
 * iteration only grows and ends after at most (fields + 1) rounds. The result does not depend on
 * the field order, and a cycle (refused by the builder, but possible in hand-made data) can never
 * show itself.
 */
export function visibleFieldIds(def: EventFormDefinition, answers: FormAnswers): Set<string> {
  const byId = new Map(def.fields.map((f) => [f.id, f]));
  let visible = new Set<string>();
  for (let round = 0; round <= def.fields.length; round++) {
    const next = new Set<string>();
    for (const field of def.fields) {
      if (!field.condition || conditionHolds(field.condition, byId, answers, visible)) next.add(field.id);
    }
    if (next.size === visible.size && [...next].every((id) => visible.has(id))) return next;
    visible = next;
  }
  return visible;
}

type FormSource = FormData | URLSearchParams;

function strings(form: FormSource, name: string): string[] {
  return form.getAll(name).filter((v): v is string => typeof v === "string");
}

/**
 * The answers in a submitted form (inputs named `answer.<fieldId>`). Unknown names and file
 * parts are ignored; info fields have no answer. Selects always give a list of option ids
 * (empty strings — the "nothing chosen" entry — dropped); a checkbox gives a boolean.
 */
export function readAnswers(def: EventFormDefinition, form: FormSource): FormAnswers {
  const answers: FormAnswers = {};
  for (const field of def.fields) {
    const name = answerName(field.id);
    if (field.type === "info") continue;
    if (field.type === "checkbox") {
      const value = strings(form, name)[0];
      answers[field.id] = value === "on" || value === "true";
    } else if (SELECT_TYPES.has(field.type)) {
      const values = strings(form, name).filter((v) => v !== "");
      // A single select sending several values is tampering; they are kept so validation refuses it.
      answers[field.id] = values;
    } else {
      const value = strings(form, name)[0];
      if (value !== undefined) answers[field.id] = value;
    }
  }
  return answers;
}

export type AnswerErrors = Record<string, ErrorCode>;
export type AnswersResult = { ok: true; answers: FormAnswers } | { ok: false; errors: AnswerErrors };

const emailSchema = z.email();

/** Checks one visible field's answer; returns the cleaned answer (undefined = no answer) or an error. */
function checkAnswer(field: FormField, raw: FormAnswer | undefined): { value?: FormAnswer; error?: ErrorCode } {
  if (field.type === "checkbox") {
    if (raw !== undefined && typeof raw !== "boolean") return { error: "INVALID_INPUT" };
    const checked = raw === true;
    if (field.required && !checked) return { error: "FIELD_REQUIRED" };
    return { value: checked };
  }
  if (SELECT_TYPES.has(field.type)) {
    const list = raw === undefined ? [] : typeof raw === "string" ? (raw === "" ? [] : [raw]) : raw;
    if (!Array.isArray(list)) return { error: "INVALID_INPUT" };
    const known = new Set((field.options ?? []).map((o) => o.id));
    if (list.some((id) => !known.has(id)) || new Set(list).size !== list.length) return { error: "OPTION_INVALID" };
    if (!field.multiple && list.length > 1) return { error: "OPTION_INVALID" };
    if (field.required && list.length === 0) return { error: "FIELD_REQUIRED" };
    return list.length > 0 ? { value: list } : {};
  }
  if (raw !== undefined && typeof raw !== "string") return { error: "INVALID_INPUT" };
  const text = (raw ?? "").trim();
  if (!hasVisibleText(text)) return field.required ? { error: "FIELD_REQUIRED" } : {};
  if (hasForbiddenControl(text)) return { error: "INVALID_INPUT" };
  // Text, e-mail and number answers are one-line inputs (decision 030).
  if (hasLineBreakOrControl(raw ?? "")) return { error: "TEXT_SINGLE_LINE" };
  if (field.type === "email") {
    if (text.length > EMAIL_MAX || !emailSchema.safeParse(text).success) return { error: "EMAIL_INVALID" };
    return { value: text };
  }
  if (text.length > FORM_LIMITS.answer) return { error: "TEXT_TOO_LONG" };
  if (field.type === "number") {
    const number = parseNumber(text);
    if (number === null) return { error: "NUMBER_INVALID" };
    const { min, max } = numberBounds(field);
    if (number < min) return { error: "NUMBER_BELOW_MIN" };
    if (max !== null && number > max) return { error: "NUMBER_ABOVE_MAX" };
  }
  return { value: text };
}

/**
 * Validates answers against the definition: only shown fields count — a hidden field is never
 * required and its answer is discarded, as are answers to unknown or info fields. The cleaned
 * answers (trimmed text, empty answers left out) are what a registration stores.
 */
export function validateAnswers(def: EventFormDefinition, answers: FormAnswers): AnswersResult {
  const visible = visibleFieldIds(def, answers);
  const cleaned: FormAnswers = {};
  const errors: AnswerErrors = {};
  for (const field of def.fields) {
    if (field.type === "info" || !visible.has(field.id)) continue;
    const raw = Object.hasOwn(answers, field.id) ? answers[field.id] : undefined;
    const { value, error } = checkAnswer(field, raw);
    if (error) errors[field.id] = error;
    else if (value !== undefined) cleaned[field.id] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers: cleaned };
}
