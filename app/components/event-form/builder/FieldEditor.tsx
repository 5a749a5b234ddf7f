import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useLocale, useT } from "~/i18n/i18n-context";
import { FORM_LIMITS, SELECT_TYPES, type EventFormDefinition, type FormField } from "~/schemas/event-form";
import { ConditionEditor } from "./ConditionEditor";
import { LabelInputs } from "./LabelInputs";
import { type FieldErrorsByPlace, fieldTitle, isLocalized, newId, ruleErrorMessage } from "./builder-state";

interface Props {
  field: FormField;
  def: EventFormDefinition;
  errors: FieldErrorsByPlace;
  /** Titles of the fields that depend on this one (options may then only be renamed). */
  dependents: string[];
  onChange: (field: FormField) => void;
}

/** Everything about one field: texts, required, choice mode, options and the condition. */
export function FieldEditor({ field, def, errors, dependents, onChange }: Props) {
  const t = useT();
  const locale = useLocale();
  const localized = isLocalized(field.type);
  const message = (error: FieldErrorsByPlace["title"]) => (error ? ruleErrorMessage(error, def, locale) : undefined);
  const set = (patch: Partial<FormField>) => onChange({ ...field, ...patch });
  const hasInput = field.type !== "info";
  const hasPlaceholder = field.type !== "info" && field.type !== "checkbox" && !(SELECT_TYPES.has(field.type) && field.multiple);

  return (
    <Stack gap="sm">
      {errors.field.map((error, i) => (
        <Alert key={i} color="red" variant="light" tabIndex={-1} data-error-anchor="true">
          {ruleErrorMessage(error, def, locale)}
        </Alert>
      ))}
      <LabelInputs
        localized={localized}
        value={field.title}
        onChange={(title) => set({ title })}
        label={field.type === "info" ? t("eventForm.builder.heading") : t("eventForm.builder.title")}
        error={message(errors.title)}
        required
        maxLength={FORM_LIMITS.title}
        testId={`field-title-${field.id}`}
      />
      <LabelInputs
        localized={localized}
        value={field.description}
        onChange={(description) => set({ description })}
        label={field.type === "info" ? t("eventForm.builder.infoText") : t("eventForm.builder.description")}
        multiline
        maxLength={FORM_LIMITS.description}
        testId={`field-description-${field.id}`}
      />
      {hasPlaceholder && (
        <LabelInputs
          localized={localized}
          value={field.placeholder}
          onChange={(placeholder) => set({ placeholder })}
          label={t("eventForm.builder.placeholder")}
          maxLength={FORM_LIMITS.placeholder}
          testId={`field-placeholder-${field.id}`}
        />
      )}
      {hasInput && (
        <Group gap="lg">
          <Checkbox
            label={field.type === "checkbox" ? t("eventForm.builder.requiredCheckbox") : t("eventForm.builder.required")}
            checked={field.required}
            onChange={(e) => set({ required: e.currentTarget.checked })}
            data-testid={`field-required-${field.id}`}
          />
          {SELECT_TYPES.has(field.type) && (
            <Checkbox
              label={t("eventForm.builder.multiple")}
              checked={!!field.multiple}
              onChange={(e) => set({ multiple: e.currentTarget.checked })}
              data-testid={`field-multiple-${field.id}`}
            />
          )}
        </Group>
      )}
      {field.type === "number" && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("eventForm.builder.min")}
            description={t("eventForm.builder.minHint")}
            inputMode="decimal"
            value={field.min ?? ""}
            onChange={(e) => set({ min: e.currentTarget.value })}
            error={message(errors.min)}
            maxLength={FORM_LIMITS.bound}
            data-testid={`field-min-${field.id}`}
          />
          <TextInput
            label={t("eventForm.builder.max")}
            inputMode="decimal"
            value={field.max ?? ""}
            onChange={(e) => set({ max: e.currentTarget.value })}
            error={message(errors.max)}
            maxLength={FORM_LIMITS.bound}
            data-testid={`field-max-${field.id}`}
          />
        </SimpleGrid>
      )}
      {SELECT_TYPES.has(field.type) && <OptionsEditor field={field} def={def} errors={errors} dependents={dependents} onChange={onChange} />}
      <ConditionEditor field={field} def={def} errors={errors} onChange={(condition) => set({ condition })} />
    </Stack>
  );
}

function OptionsEditor({ field, def, errors, dependents, onChange }: Props) {
  const t = useT();
  const locale = useLocale();
  const options = field.options ?? [];
  const locked = dependents.length > 0;
  const groupError = errors.options ? ruleErrorMessage(errors.options, def, locale) : undefined;
  const untitled = t("eventForm.builder.untitled");
  return (
    <Stack gap="xs" role="group" aria-label={t("eventForm.builder.options", { field: fieldTitle(field, locale, untitled) })}>
      <Text fw={600} size="sm">
        {t("eventForm.builder.optionsHeading")}
      </Text>
      {locked && (
        <Text size="sm" c="dimmed" data-testid={`options-locked-${field.id}`}>
          {t("eventForm.builder.optionsLocked", { dependents: dependents.map((d) => `„${d}“`).join(", ") })}
        </Text>
      )}
      {options.map((option, index) => {
        const error = errors.option.get(index);
        const position = t("eventForm.builder.optionNumber", { n: index + 1 });
        return (
          <Group key={option.id} align="flex-start" gap="xs" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              <LabelInputs
                localized={isLocalized(field.type)}
                value={option.label}
                onChange={(label) => onChange({ ...field, options: options.map((o) => (o.id === option.id ? { ...o, label } : o)) })}
                label={position}
                error={error ? ruleErrorMessage(error, def, locale) : undefined}
                required
                maxLength={FORM_LIMITS.title}
                testId={`option-${field.id}-${index}`}
              />
            </div>
            <Button
              variant="subtle"
              color="red"
              mt={25}
              disabled={locked}
              onClick={() => onChange({ ...field, options: options.filter((o) => o.id !== option.id) })}
              aria-label={t("eventForm.builder.removeOption", { position })}
            >
              {t("eventForm.builder.remove")}
            </Button>
          </Group>
        );
      })}
      {groupError && (
        <Text size="sm" c="red" role="alert">
          {groupError}
        </Text>
      )}
      {options.length < FORM_LIMITS.options && (
        <Group>
          <Button
            variant="light"
            size="xs"
            disabled={locked}
            data-error-anchor={groupError ? "true" : undefined}
            onClick={() => onChange({ ...field, options: [...options, { id: newId("o_", new Set(options.map((o) => o.id))), label: { de: "", cs: "" } }] })}
            data-testid={`add-option-${field.id}`}
          >
            {t("eventForm.builder.addOption")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
