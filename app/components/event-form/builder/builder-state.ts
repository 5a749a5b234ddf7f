import type { Locale } from "~/i18n/locales";
import { isMessageKey, translate } from "~/i18n/translate";
import { LOCALIZED_TYPES, SELECT_TYPES, type EventFormDefinition, type FieldType, type FormField } from "~/schemas/event-form";
import { checkFormDefinition, type FormRuleError, type FormRuleErrors, parseFormDefinition } from "~/schemas/event-form-rules";

/**
 * Helpers of the form builder page (decision 016): new fields and options, moving, and turning
 * the shared rule errors into translated messages that name fields by their titles.
 */

/** A short random id ([A-Za-z0-9_-], as the contract requires); unique enough within one form. */
export function newId(prefix: string, taken: ReadonlySet<string> = new Set()): string {
  for (;;) {
    const id = `${prefix}${Math.random().toString(36).slice(2, 10)}`;
    if (!taken.has(id)) return id;
  }
}

export function newField(type: FieldType, taken: ReadonlySet<string>): FormField {
  const field: FormField = { id: newId("f_", taken), type, title: { de: "", cs: "" }, required: false };
  if (SELECT_TYPES.has(type)) {
    field.options = [{ id: newId("o_"), label: { de: "", cs: "" } }];
    field.multiple = false;
  }
  return field;
}

export function moveField(def: EventFormDefinition, from: number, to: number): EventFormDefinition {
  if (from === to || from < 0 || to < 0 || from >= def.fields.length || to >= def.fields.length) return def;
  const fields = [...def.fields];
  const [moved] = fields.splice(from, 1);
  fields.splice(to, 0, moved!);
  return { fields };
}

/** The title of a field for messages: in the reader's language, falling back to the other one. */
export function fieldTitle(field: FormField | undefined, locale: Locale, fallback: string): string {
  if (!field) return fallback;
  const own = field.title[locale].trim();
  const other = field.title[locale === "de" ? "cs" : "de"].trim();
  return own || other || fallback;
}

/** The rule errors of the working definition against the saved one — what saving would say. */
export function builderErrors(saved: EventFormDefinition, working: EventFormDefinition): FormRuleErrors {
  const parsed = parseFormDefinition(working);
  return parsed.ok ? checkFormDefinition(saved, parsed.definition) : parsed.errors;
}

/** A rule error as a translated sentence; fields it names are listed by title. */
export function ruleErrorMessage(error: FormRuleError, def: EventFormDefinition, locale: Locale): string {
  const untitled = translate(locale, "eventForm.builder.untitled");
  const names = (error.fields ?? []).map((id) => `„${fieldTitle(def.fields.find((f) => f.id === id), locale, untitled)}“`).join(", ");
  const key = `error.${error.code}`;
  return translate(locale, isMessageKey(key) ? key : "error.GENERIC", { fields: names, dependents: names });
}

export const isLocalized = (type: FieldType) => LOCALIZED_TYPES.has(type);

/** Error groups of one field, by where the builder shows them. */
export interface FieldErrorsByPlace {
  title?: FormRuleError;
  options?: FormRuleError;
  option: Map<number, FormRuleError>;
  rule: Map<number, FormRuleError>;
  condition?: FormRuleError;
  /** A number field's minimum and maximum inputs. */
  min?: FormRuleError;
  max?: FormRuleError;
  field: FormRuleError[];
}

export function placeErrors(errors: readonly FormRuleError[] | undefined): FieldErrorsByPlace {
  const placed: FieldErrorsByPlace = { option: new Map(), rule: new Map(), field: [] };
  for (const error of errors ?? []) {
    if (error.code === "FORM_TITLE_REQUIRED" || error.code === "FORM_TITLE_TRANSLATION_REQUIRED" || error.title) placed.title ??= error;
    else if (error.bound === "min") placed.min ??= error;
    else if (error.bound === "max") placed.max ??= error;
    else if (error.option !== undefined) {
      if (!placed.option.has(error.option)) placed.option.set(error.option, error);
    } else if (error.rule !== undefined) {
      if (!placed.rule.has(error.rule)) placed.rule.set(error.rule, error);
    } else if (error.code === "FORM_OPTIONS_REQUIRED" || error.code === "FORM_OPTIONS_LOCKED") placed.options ??= error;
    else if (error.code === "FORM_CONDITION_CYCLE") placed.condition ??= error;
    else placed.field.push(error);
  }
  return placed;
}
