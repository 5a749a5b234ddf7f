import { Checkbox, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import type { Locale } from "~/i18n/locales";
import { isMessageKey, translate } from "~/i18n/translate";
import { SELECT_TYPES, type EventFormDefinition, type FormAnswer, type FormAnswers, type FormField } from "~/schemas/event-form";
import { answerName, numberBounds, visibleFieldIds } from "~/schemas/event-form-logic";

export interface FormRendererProps {
  definition: EventFormDefinition;
  /** The language of labels and messages (the builder previews both on one page). */
  locale: Locale;
  /** Error codes per field id (from the server or the caller's check). */
  errors?: Record<string, string> | undefined;
  defaultAnswers?: FormAnswers | undefined;
  /** Called with every change, e.g. for a caller that checks answers live. */
  onAnswersChange?: ((answers: FormAnswers) => void) | undefined;
}

const text = (label: { de: string; cs: string } | undefined, locale: Locale) => (label ? label[locale] || label.de : "");

/**
 * The fields of a registration form, for inclusion in the caller's <form> (decision 016).
 * Inputs are named `answer.<fieldId>` (read back by `readAnswers`). Conditions are evaluated live
 * with the same function the server uses, and hidden fields are unmounted so they are not sent.
 * Before hydration (and without JavaScript) every field is rendered: the browser cannot evaluate
 * the conditions then, and the server discards the answers of fields that turn out hidden. For the
 * same reason no input carries the native `required` attribute (a hidden required field would
 * block the submit); required fields are marked visibly and with aria-required instead.
 */
export function FormRenderer({ definition, locale, errors, defaultAnswers, onAnswersChange }: FormRendererProps) {
  const [answers, setAnswers] = useState<FormAnswers>(() => defaultAnswers ?? {});
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // A field's error stands until that field changes; a new errors object starts afresh.
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setChanged(new Set()), [errors]);

  const visible = useMemo(
    () => (hydrated ? visibleFieldIds(definition, answers) : new Set(definition.fields.map((f) => f.id))),
    [hydrated, definition, answers],
  );

  const update = (id: string, value: FormAnswer) => {
    const next = { ...answers, [id]: value };
    setAnswers(next);
    setChanged((prev) => (prev.has(id) ? prev : new Set([...prev, id])));
    onAnswersChange?.(next);
  };

  const errorOf = (field: FormField): string | undefined => {
    const code = errors?.[field.id];
    if (!code || changed.has(field.id)) return undefined;
    const key = `error.${code}`;
    // A number outside its range names the field's own bounds.
    const { min, max } = numberBounds(field);
    return translate(locale, isMessageKey(key) ? key : "error.GENERIC", { min, max: max ?? 0 });
  };

  return (
    <Stack gap="md" lang={locale} data-testid={`form-renderer-${locale}`}>
      {definition.fields
        .filter((field) => visible.has(field.id))
        .map((field) => (
          <FieldInput key={field.id} field={field} locale={locale} value={answers[field.id]} error={errorOf(field)} onChange={(v) => update(field.id, v)} />
        ))}
    </Stack>
  );
}

interface FieldInputProps {
  field: FormField;
  locale: Locale;
  value: FormAnswer | undefined;
  error: string | undefined;
  onChange: (value: FormAnswer) => void;
}

function FieldInput({ field, locale, value, error, onChange }: FieldInputProps) {
  const name = answerName(field.id);
  const label = text(field.title, locale);
  const description = [text(field.description, locale), field.type === "number" ? rangeHint(field, locale) : ""].filter(Boolean).join(" ") || undefined;
  const placeholder = text(field.placeholder, locale) || undefined;
  const common = { name, label, description, error, withAsterisk: field.required, "aria-required": field.required || undefined, "data-field-id": field.id };
  const asText = typeof value === "string" ? value : "";

  if (field.type === "info") {
    return (
      <div data-field-id={field.id}>
        {label && (
          <Text fw={600} component="p">
            {label}
          </Text>
        )}
        {description && (
          <Text size="sm" style={{ whiteSpace: "pre-line" }}>
            {description}
          </Text>
        )}
      </div>
    );
  }

  if (field.type === "checkbox") {
    return (
      <Checkbox
        name={name}
        value="on"
        checked={value === true}
        onChange={(e) => onChange(e.currentTarget.checked)}
        label={field.required ? <RequiredLabel label={label} /> : label}
        description={description}
        error={error}
        aria-required={field.required || undefined}
        data-field-id={field.id}
      />
    );
  }

  if (SELECT_TYPES.has(field.type)) {
    const chosen = Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
    const options = (field.options ?? []).map((o) => ({ value: o.id, label: text(o.label, locale) || o.id }));
    if (field.multiple) {
      return (
        <Checkbox.Group
          label={label}
          description={description}
          error={error}
          withAsterisk={field.required}
          value={chosen}
          onChange={(ids) => onChange(ids)}
          data-field-id={field.id}
        >
          <Stack gap={6} mt={6}>
            {options.map((o) => (
              <Checkbox key={o.value} name={name} value={o.value} label={o.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    return (
      <NativeSelect
        {...common}
        value={chosen[0] ?? ""}
        onChange={(e) => onChange(e.currentTarget.value ? [e.currentTarget.value] : [])}
        data={[{ value: "", label: placeholder ?? translate(locale, "eventForm.render.choose") }, ...options]}
      />
    );
  }

  return (
    <TextInput
      {...common}
      type={field.type === "email" ? "email" : "text"}
      inputMode={field.type === "number" ? "decimal" : field.type === "email" ? "email" : undefined}
      autoComplete={field.type === "email" ? "email" : undefined}
      placeholder={placeholder}
      value={asText}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** "A number from 1 to 10." under a number field (every number field has a range: counts start at 0). */
function rangeHint(field: FormField, locale: Locale): string {
  const { min, max } = numberBounds(field);
  return translate(locale, "eventForm.render.numberRange", { min, max: max ?? 0, hasMax: max === null ? "no" : "yes" });
}

/** A checkbox label with the same required marker Mantine puts on other inputs (hidden from screen readers, which hear aria-required). */
function RequiredLabel({ label }: { label: string }) {
  return (
    <>
      {label}
      <Text component="span" c="red" aria-hidden="true">
        {" *"}
      </Text>
    </>
  );
}
