import type { Locale } from "~/i18n/locales";
import { type EventFormDefinition, type FormAnswer, type FormAnswers, SELECT_TYPES } from "./event-form";

/**
 * The registration form's answers as columns of the participant list (issue 11). Registrations
 * keep the form version they answered; a field whose label changed between versions gets its own
 * column for the older answers, so every answer stands under the question that was asked.
 * Pure and shared: the page, the CSV and the PDF format cells the same way.
 */
export interface LocalizedLabel {
  de: string;
  cs: string;
}

export interface AnswerColumn {
  /** `fieldId` + the label it had, unique per list. */
  key: string;
  fieldId: string;
  label: LocalizedLabel;
}

export type AnswerCell = { kind: "text"; text: string } | { kind: "checkbox"; checked: boolean } | { kind: "options"; labels: LocalizedLabel[] };

/** The id of the form field whose answer is the participant's function (the demo forms use it). */
export const FUNCTION_FIELD_ID = "function";

const columnKey = (fieldId: string, label: LocalizedLabel) => `${fieldId}\u0000${label.de}\u0000${label.cs}`;

/** Columns over every form version in use, newest version's order first, older labels after. */
export function answerColumns(versions: ReadonlyArray<{ version: number; definition: EventFormDefinition }>): AnswerColumn[] {
  const columns = new Map<string, AnswerColumn>();
  for (const { definition } of [...versions].sort((a, b) => b.version - a.version)) {
    for (const field of definition.fields) {
      // Info texts ask nothing; the function has its own column.
      if (field.type === "info" || field.id === FUNCTION_FIELD_ID) continue;
      const label = { de: field.title.de, cs: field.title.cs };
      const key = columnKey(field.id, label);
      if (!columns.has(key)) columns.set(key, { key, fieldId: field.id, label });
    }
  }
  return [...columns.values()];
}

/** One registration's answers as cells keyed by column, labels taken from the version it answered. */
export function answerCells(definition: EventFormDefinition, answers: FormAnswers): Record<string, AnswerCell> {
  const cells: Record<string, AnswerCell> = {};
  for (const field of definition.fields) {
    const answer: FormAnswer | undefined = answers[field.id];
    if (field.type === "info" || answer === undefined) continue;
    const key = columnKey(field.id, { de: field.title.de, cs: field.title.cs });
    if (field.type === "checkbox") cells[key] = { kind: "checkbox", checked: answer === true };
    else if (SELECT_TYPES.has(field.type)) {
      const chosen = Array.isArray(answer) ? answer : typeof answer === "string" && answer ? [answer] : [];
      const labels = chosen.map((id) => {
        const option = field.options?.find((o) => o.id === id);
        return option ? { de: option.label.de, cs: option.label.cs } : { de: id, cs: id };
      });
      cells[key] = { kind: "options", labels };
    } else if (typeof answer === "string" && answer !== "") cells[key] = { kind: "text", text: answer };
  }
  return cells;
}

/** The participant's function: the answer to the field with id "function", if the form has one. */
export function functionAnswer(answers: FormAnswers): string | null {
  const value = answers[FUNCTION_FIELD_ID];
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** A cell as text in a locale; `yes`/`no` are the translated words for checkboxes. */
export function formatAnswerCell(cell: AnswerCell | undefined, locale: Locale, words: { yes: string; no: string }): string {
  if (!cell) return "";
  if (cell.kind === "text") return cell.text;
  if (cell.kind === "checkbox") return cell.checked ? words.yes : words.no;
  return cell.labels.map((l) => l[locale] || l.de).join(", ");
}

/** A column's label in a locale (plain fields carry the same text in both). */
export function columnLabel(column: AnswerColumn, locale: Locale): string {
  return column.label[locale] || column.label.de;
}
