import type { ErrorCode } from "~/server/errors";
import {
  EventFormDefinitionSchema,
  LOCALIZED_TYPES,
  NUMERIC_OPERATORS,
  SELECT_TYPES,
  type ConditionOperator,
  type EventFormDefinition,
  type FieldType,
  type FormField,
} from "./event-form";
import { parseNumber } from "./event-form-logic";
import { hasForbiddenControl, hasVisibleText, SINGLE_LINE_ERROR } from "./text";

/**
 * The form builder's rules (spec §5 "Form builder", decision 016), shared by the builder page
 * (shown while editing) and `saveEventForm` (enforced on the server). Errors are structured —
 * a code per field, with the rule or option it concerns and the field ids the message names —
 * so the builder can show each one next to its input, translated, with the titles of the fields
 * in the reader's language.
 */
export interface FormRuleError {
  code: ErrorCode;
  /** Index of the condition rule concerned. */
  rule?: number;
  /** Index of the option concerned. */
  option?: number;
  /** Fields the message names (the cycle, the dependents), in form order. */
  fields?: string[];
  /** The bound of a number field concerned. */
  bound?: "min" | "max";
  /** The field's title is concerned (a structural error in it, e.g. a line break). */
  title?: true;
}

/** Errors per field id. `_form` holds errors that belong to no field (a broken structure). */
export type FormRuleErrors = Record<string, FormRuleError[]>;

/** Which comparisons make sense on a controlling field of each type. */
const OPERATORS_BY_TYPE: Record<FieldType, readonly ConditionOperator[]> = {
  checkbox: ["checked"],
  select: ["equals", "notEmpty"],
  localizedSelect: ["equals", "notEmpty"],
  number: ["numEq", "numLt", "numGt", "notEmpty"],
  text: ["equals", "notEmpty", "numEq", "numLt", "numGt"],
  localizedText: ["equals", "notEmpty", "numEq", "numLt", "numGt"],
  email: ["equals", "notEmpty"],
  info: [],
};

export function operatorsFor(type: FieldType): readonly ConditionOperator[] {
  return OPERATORS_BY_TYPE[type];
}

/** Operators that compare against a value (the others only look at the answer itself). */
export function operatorNeedsValue(operator: ConditionOperator): boolean {
  return operator === "equals" || NUMERIC_OPERATORS.has(operator);
}

/** Fields whose condition refers to `fieldId`, in form order. */
export function dependentsOf(def: EventFormDefinition, fieldId: string): string[] {
  return def.fields.filter((f) => f.id !== fieldId && f.condition?.rules.some((r) => r.fieldId === fieldId)).map((f) => f.id);
}

function push(errors: FormRuleErrors, fieldId: string, error: FormRuleError) {
  (errors[fieldId] ??= []).push(error);
}

function checkTitle(field: FormField, errors: FormRuleErrors) {
  const de = hasVisibleText(field.title.de);
  const cs = hasVisibleText(field.title.cs);
  if (LOCALIZED_TYPES.has(field.type)) {
    if (!de && !cs) push(errors, field.id, { code: "FORM_TITLE_REQUIRED" });
    else if (!de || !cs) push(errors, field.id, { code: "FORM_TITLE_TRANSLATION_REQUIRED" });
  } else if (!de && !cs) push(errors, field.id, { code: "FORM_TITLE_REQUIRED" });
}

function checkOptions(field: FormField, errors: FormRuleErrors) {
  if (!SELECT_TYPES.has(field.type)) return;
  const options = field.options ?? [];
  if (options.length === 0) push(errors, field.id, { code: "FORM_OPTIONS_REQUIRED" });
  const seen = new Set<string>();
  options.forEach((option, index) => {
    if (seen.has(option.id)) push(errors, field.id, { code: "FORM_FIELD_ID_DUPLICATE", option: index });
    seen.add(option.id);
    const de = hasVisibleText(option.label.de);
    const cs = hasVisibleText(option.label.cs);
    if (!de && !cs) push(errors, field.id, { code: "FORM_OPTION_LABEL_REQUIRED", option: index });
    else if (field.type === "localizedSelect" && (!de || !cs)) push(errors, field.id, { code: "FORM_OPTION_TRANSLATION_REQUIRED", option: index });
  });
}

/** Minimum and maximum of a number field: numbers, min ≤ max; other types have none (decision 030). */
function checkBounds(field: FormField, errors: FormRuleErrors) {
  const given = (text: string | undefined) => text !== undefined && text.trim() !== "";
  if (field.type !== "number") {
    if (given(field.min) || given(field.max)) push(errors, field.id, { code: "INVALID_INPUT" });
    return;
  }
  const min = given(field.min) ? parseNumber(field.min!) : undefined;
  const max = given(field.max) ? parseNumber(field.max!) : undefined;
  if (min === null) push(errors, field.id, { code: "FORM_NUMBER_BOUND_INVALID", bound: "min" });
  if (max === null) push(errors, field.id, { code: "FORM_NUMBER_BOUND_INVALID", bound: "max" });
  if (typeof min === "number" && typeof max === "number" && min > max) push(errors, field.id, { code: "FORM_NUMBER_RANGE_INVALID", bound: "max" });
}

function checkCondition(field: FormField, byId: Map<string, FormField>, errors: FormRuleErrors) {
  field.condition?.rules.forEach((rule, index) => {
    const controller = byId.get(rule.fieldId);
    if (!controller || controller.id === field.id || controller.type === "info") {
      push(errors, field.id, { code: "FORM_CONDITION_FIELD_INVALID", rule: index });
      return;
    }
    if (!rule.operator) {
      push(errors, field.id, { code: "FORM_CONDITION_OPERATOR_REQUIRED", rule: index });
      return;
    }
    if (!operatorsFor(controller.type).includes(rule.operator)) {
      push(errors, field.id, { code: "FORM_CONDITION_OPERATOR_INVALID", rule: index });
      return;
    }
    if (!operatorNeedsValue(rule.operator)) return;
    const value = rule.value ?? "";
    if (!hasVisibleText(value)) push(errors, field.id, { code: "FORM_CONDITION_VALUE_REQUIRED", rule: index });
    else if (NUMERIC_OPERATORS.has(rule.operator) && parseNumber(value) === null)
      push(errors, field.id, { code: "FORM_CONDITION_VALUE_NUMERIC", rule: index });
    else if (rule.operator === "equals" && SELECT_TYPES.has(controller.type) && !controller.options?.some((o) => o.id === value))
      push(errors, field.id, { code: "FORM_CONDITION_OPTION_INVALID", rule: index });
  });
}

/**
 * Fields on a dependency cycle (a depends on b … depends on a), found as the strongly connected
 * components of the "depends on" graph (Tarjan). Each component of two or more fields is one
 * cycle; a field depending on itself is already refused as "another field" by `checkCondition`.
 */
export function dependencyCycles(def: EventFormDefinition): string[][] {
  const ids = new Set(def.fields.map((f) => f.id));
  const edges = new Map(def.fields.map((f) => [f.id, [...new Set((f.condition?.rules ?? []).map((r) => r.fieldId))].filter((id) => ids.has(id) && id !== f.id)]));
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (id: string) => {
    order.set(id, counter);
    low.set(id, counter);
    counter++;
    stack.push(id);
    onStack.add(id);
    for (const next of edges.get(id) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(id, Math.min(low.get(id)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(id, Math.min(low.get(id)!, order.get(next)!));
    }
    if (low.get(id) === order.get(id)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== id);
      if (component.length > 1) cycles.push(def.fields.map((f) => f.id).filter((fid) => component.includes(fid)));
    }
  };
  // At most 50 fields (FORM_LIMITS), so the recursion stays shallow.
  for (const field of def.fields) if (!order.has(field.id)) visit(field.id);
  return cycles;
}

/** The rules of one definition on its own: titles, options, unique ids, conditions, cycles. */
export function checkFormRules(def: EventFormDefinition): FormRuleErrors {
  const errors: FormRuleErrors = {};
  const byId = new Map<string, FormField>();
  for (const field of def.fields) {
    if (byId.has(field.id)) push(errors, field.id, { code: "FORM_FIELD_ID_DUPLICATE" });
    else byId.set(field.id, field);
  }
  for (const field of def.fields) {
    checkTitle(field, errors);
    checkOptions(field, errors);
    checkBounds(field, errors);
    checkCondition(field, byId, errors);
  }
  for (const cycle of dependencyCycles(def)) for (const id of cycle) push(errors, id, { code: "FORM_CONDITION_CYCLE", fields: cycle });
  return errors;
}

/**
 * The rules of an edit (previous saved version → next): a field that others depend on cannot be
 * deleted (reported under the deleted field's id, naming the dependents), and the options of a
 * field with dependents cannot be added or removed — renaming is fine, because conditions refer
 * to option ids, not labels. "Dependents" are fields that depended on it before and still do, so
 * a condition added in the same edit does not lock options that were just added.
 */
export function checkFormEdit(prev: EventFormDefinition, next: EventFormDefinition): FormRuleErrors {
  const errors: FormRuleErrors = {};
  const nextIds = new Set(next.fields.map((f) => f.id));
  for (const old of prev.fields) {
    const current = next.fields.find((f) => f.id === old.id);
    if (!current) {
      const dependents = dependentsOf(next, old.id);
      if (dependents.length > 0) push(errors, old.id, { code: "FORM_FIELD_HAS_DEPENDENTS", fields: dependents });
      continue;
    }
    if (!SELECT_TYPES.has(old.type)) continue;
    const before = new Set(dependentsOf(prev, old.id));
    const dependents = dependentsOf(next, old.id).filter((id) => before.has(id) && nextIds.has(id));
    if (dependents.length === 0) continue;
    const oldOptions = new Set((old.options ?? []).map((o) => o.id));
    const newOptions = new Set((current.options ?? []).map((o) => o.id));
    const same = oldOptions.size === newOptions.size && [...oldOptions].every((id) => newOptions.has(id));
    if (!same || current.type !== old.type) push(errors, old.id, { code: "FORM_OPTIONS_LOCKED", fields: dependents });
  }
  return errors;
}

/** Both checks together (what saving enforces). */
export function checkFormDefinition(prev: EventFormDefinition, next: EventFormDefinition): FormRuleErrors {
  const errors = checkFormRules(next);
  for (const [id, list] of Object.entries(checkFormEdit(prev, next))) for (const error of list) push(errors, id, error);
  return errors;
}

/** Every string in a value (labels, option texts, condition values). */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}

export type ParsedDefinition = { ok: true; definition: EventFormDefinition } | { ok: false; errors: FormRuleErrors };

/**
 * Parses untrusted input (the builder's JSON) into a definition. Structural problems are reported
 * under the field's id where one can be read (a missing type as FORM_FIELD_TYPE_REQUIRED), else
 * under `_form`.
 */
export function parseFormDefinition(input: unknown): ParsedDefinition {
  const parsed = EventFormDefinitionSchema.safeParse(input);
  const errors: FormRuleErrors = {};
  if (parsed.success) {
    // Texts must not carry control characters (decision 012), wherever in the field they are.
    for (const field of parsed.data.fields) if (textsOf(field).some(hasForbiddenControl)) push(errors, field.id, { code: "INVALID_INPUT" });
    return hasRuleErrors(errors) ? { ok: false, errors } : { ok: true, definition: parsed.data };
  }
  const fields = (input as { fields?: unknown })?.fields;
  for (const issue of parsed.error.issues) {
    const [top, index, key, sub, rest] = issue.path;
    const raw = top === "fields" && typeof index === "number" && Array.isArray(fields) ? (fields[index] as { id?: unknown } | undefined) : undefined;
    const fieldId = typeof raw?.id === "string" && raw.id ? raw.id : "_form";
    const code: ErrorCode = key === "type" ? "FORM_FIELD_TYPE_REQUIRED" : issue.message === "TEXT_TOO_LONG" || issue.message === SINGLE_LINE_ERROR ? issue.message : "INVALID_INPUT";
    // Where in the field: the title, an option, a condition rule, a bound — the builder shows it there.
    const where: Omit<FormRuleError, "code"> =
      key === "title" ? { title: true } : key === "min" || key === "max" ? { bound: key } : key === "options" && typeof sub === "number" ? { option: sub } : key === "condition" && sub === "rules" && typeof rest === "number" ? { rule: rest } : {};
    if (!errors[fieldId]?.some((e) => e.code === code && e.option === where.option && e.rule === where.rule && e.bound === where.bound && e.title === where.title)) push(errors, fieldId, { code, ...where });
  }
  return { ok: false, errors };
}

export const hasRuleErrors = (errors: FormRuleErrors) => Object.keys(errors).length > 0;
