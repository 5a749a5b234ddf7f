import { Button, Checkbox, Group, NativeSelect, Paper, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useLocale, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { FORM_LIMITS, SELECT_TYPES, type ConditionOperator, type ConditionRule, type EventFormDefinition, type FormField } from "~/schemas/event-form";
import { operatorNeedsValue, operatorsFor } from "~/schemas/event-form-rules";
import { fieldTitle, type FieldErrorsByPlace, ruleErrorMessage } from "./builder-state";

interface Props {
  field: FormField;
  def: EventFormDefinition;
  errors: FieldErrorsByPlace;
  onChange: (condition: FormField["condition"]) => void;
}

const OPERATOR_KEYS: Record<ConditionOperator, MessageKey> = {
  checked: "eventForm.builder.op.checked",
  equals: "eventForm.builder.op.equals",
  notEmpty: "eventForm.builder.op.notEmpty",
  numEq: "eventForm.builder.op.numEq",
  numLt: "eventForm.builder.op.numLt",
  numGt: "eventForm.builder.op.numGt",
};

/**
 * "Show this field only when …": rules joined by AND or OR. Each rule names another field, an
 * operator that fits that field's type, and a value where the operator needs one — an option
 * picker for selects, text otherwise.
 */
export function ConditionEditor({ field, def, errors, onChange }: Props) {
  const t = useT();
  const locale = useLocale();
  const condition = field.condition;
  const untitled = t("eventForm.builder.untitled");
  const candidates = def.fields.filter((f) => f.id !== field.id && f.type !== "info");
  const byId = new Map(def.fields.map((f) => [f.id, f]));

  const firstRule = (): ConditionRule => {
    const controller = candidates[0];
    return { fieldId: controller?.id ?? "", operator: controller ? operatorsFor(controller.type)[0] : undefined, value: "" };
  };
  const setRules = (rules: ConditionRule[]) => onChange(rules.length > 0 ? { join: condition?.join ?? "AND", rules } : undefined);
  const setRule = (index: number, rule: ConditionRule) => setRules((condition?.rules ?? []).map((r, i) => (i === index ? rule : r)));

  return (
    <Stack gap="xs">
      <Checkbox
        label={t("eventForm.builder.conditional")}
        checked={!!condition}
        disabled={candidates.length === 0 && !condition}
        onChange={(e) => onChange(e.currentTarget.checked ? { join: "AND", rules: [firstRule()] } : undefined)}
        data-testid={`condition-toggle-${field.id}`}
      />
      {candidates.length === 0 && !condition && (
        <Text size="sm" c="dimmed">
          {t("eventForm.builder.conditionNoFields")}
        </Text>
      )}
      {condition && (
        <Paper withBorder p="sm">
          <Stack gap="sm">
            {condition.rules.length > 1 && (
              <Radio.Group
                label={t("eventForm.builder.join")}
                value={condition.join}
                onChange={(join) => onChange({ ...condition, join: join === "OR" ? "OR" : "AND" })}
              >
                <Group gap="md" mt={4}>
                  <Radio value="AND" label={t("eventForm.builder.joinAnd")} data-testid={`condition-and-${field.id}`} />
                  <Radio value="OR" label={t("eventForm.builder.joinOr")} data-testid={`condition-or-${field.id}`} />
                </Group>
              </Radio.Group>
            )}
            {condition.rules.map((rule, index) => {
              const controller = byId.get(rule.fieldId);
              const operators = controller ? operatorsFor(controller.type) : [];
              const error = errors.rule.get(index);
              const message = error ? ruleErrorMessage(error, def, locale) : undefined;
              const cycle = errors.condition ? ruleErrorMessage(errors.condition, def, locale) : undefined;
              const fieldError = error?.code === "FORM_CONDITION_FIELD_INVALID" ? message : index === 0 ? cycle : undefined;
              const operatorError = error?.code === "FORM_CONDITION_OPERATOR_REQUIRED" || error?.code === "FORM_CONDITION_OPERATOR_INVALID" ? message : undefined;
              const valueError = message && !fieldError && !operatorError ? message : undefined;
              const position = t("eventForm.builder.ruleNumber", { n: index + 1 });
              return (
                <Group key={index} align="flex-start" gap="xs" wrap="wrap" data-testid={`rule-${field.id}-${index}`}>
                  <NativeSelect
                    label={t("eventForm.builder.ruleField", { position })}
                    value={controller ? rule.fieldId : ""}
                    onChange={(e) => {
                      const next = byId.get(e.currentTarget.value);
                      setRule(index, { fieldId: e.currentTarget.value, operator: next ? operatorsFor(next.type)[0] : undefined, value: "" });
                    }}
                    data={[
                      ...(controller ? [] : [{ value: "", label: t("eventForm.builder.choose") }]),
                      ...candidates.map((c) => ({ value: c.id, label: fieldTitle(c, locale, untitled) })),
                    ]}
                    error={fieldError}
                    w={{ base: "100%", sm: 200 }}
                    data-testid={`rule-field-${field.id}-${index}`}
                  />
                  <NativeSelect
                    label={t("eventForm.builder.ruleOperator", { position })}
                    value={rule.operator && operators.includes(rule.operator) ? rule.operator : ""}
                    onChange={(e) => setRule(index, { ...rule, operator: (e.currentTarget.value || undefined) as ConditionOperator | undefined })}
                    data={[
                      ...(rule.operator && operators.includes(rule.operator) ? [] : [{ value: "", label: t("eventForm.builder.choose") }]),
                      ...operators.map((op) => ({ value: op, label: t(OPERATOR_KEYS[op]) })),
                    ]}
                    error={operatorError}
                    w={{ base: "100%", sm: 180 }}
                    data-testid={`rule-operator-${field.id}-${index}`}
                  />
                  {rule.operator && operatorNeedsValue(rule.operator) && controller && SELECT_TYPES.has(controller.type) && (
                    <NativeSelect
                      label={t("eventForm.builder.ruleValue", { position })}
                      value={controller.options?.some((o) => o.id === rule.value) ? rule.value : ""}
                      onChange={(e) => setRule(index, { ...rule, value: e.currentTarget.value })}
                      data={[
                        { value: "", label: t("eventForm.builder.choose") },
                        ...(controller.options ?? []).map((o, i) => ({
                          value: o.id,
                          label: o.label[locale].trim() || o.label.de.trim() || t("eventForm.builder.optionNumber", { n: i + 1 }),
                        })),
                      ]}
                      error={valueError}
                      w={{ base: "100%", sm: 200 }}
                      data-testid={`rule-value-${field.id}-${index}`}
                    />
                  )}
                  {rule.operator && operatorNeedsValue(rule.operator) && !(controller && SELECT_TYPES.has(controller.type)) && (
                    <TextInput
                      label={t("eventForm.builder.ruleValue", { position })}
                      value={rule.value ?? ""}
                      onChange={(e) => setRule(index, { ...rule, value: e.currentTarget.value })}
                      inputMode={rule.operator === "equals" ? undefined : "decimal"}
                      maxLength={FORM_LIMITS.title}
                      error={valueError}
                      w={{ base: "100%", sm: 200 }}
                      data-testid={`rule-value-${field.id}-${index}`}
                    />
                  )}
                  <Button
                    variant="subtle"
                    color="red"
                    mt={{ base: 0, sm: 25 }}
                    onClick={() => setRules(condition.rules.filter((_, i) => i !== index))}
                    aria-label={t("eventForm.builder.removeRule", { position })}
                  >
                    {t("eventForm.builder.remove")}
                  </Button>
                </Group>
              );
            })}
            {condition.rules.length < FORM_LIMITS.rules && candidates.length > 0 && (
              <Group>
                <Button variant="light" size="xs" onClick={() => setRules([...condition.rules, firstRule()])} data-testid={`add-rule-${field.id}`}>
                  {t("eventForm.builder.addRule")}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
