import { ActionIcon, Alert, Button, Checkbox, Fieldset, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { Form } from "react-router";
import { FormError } from "~/components/FormError";
import { LocaleDateInput } from "~/components/forms/LocaleDateInput";
import { schemaValidator, useLiveValidation, type FieldErrorMap } from "~/components/forms/use-live-validation";
import { useT } from "~/i18n/i18n-context";
import { B2B_PLAN_ARRAY_FIELDS, B2B_PLAN_LIMITS, b2bPlanFormSchema, type B2bPlanEventTimes, roundTimeField } from "~/schemas/b2b-plan";
import { parseTimeInput, formatTimeInput } from "~/schemas/date-input";

export interface B2bPlanFormValues {
  day: string;
  roundTimes: string[];
  meetingMinutes: string;
  tableCount: string;
  tableLabels: string;
  disabledTables: number[];
  maxPreferences: string;
  deadlineDate: string;
  deadlineTime: string;
}

interface Props {
  defaults: B2bPlanFormValues;
  event: B2bPlanEventTimes;
  serverErrors?: FieldErrorMap | undefined;
  failure?: string | undefined;
  saved: boolean;
  saving: boolean;
}

const addMinutes = (time: string, minutes: number): string | null => {
  const parsed = parseTimeInput(time);
  if (!parsed) return null;
  const total = parsed.hour * 60 + parsed.minute + minutes;
  if (total >= 24 * 60) return null;
  return formatTimeInput({ hour: Math.floor(total / 60), minute: total % 60 });
};

/**
 * The meeting plan (issue 12): the day, one start time per round (a break is simply a later start),
 * meeting length, tables with optional labels and the table filter, the longest wish list and the
 * preference deadline. "Add round" continues the rhythm of the last two rounds.
 */
export function B2bPlanForm({ defaults, event, serverErrors, failure, saved, saving }: Props) {
  const t = useT();
  const validate = useMemo(() => schemaValidator(b2bPlanFormSchema(new Date().getFullYear(), event), B2B_PLAN_ARRAY_FIELDS), [event]);
  const { formProps, error, showBanner } = useLiveValidation({ validate, serverErrors });
  const [rounds, setRounds] = useState<string[]>(defaults.roundTimes.length > 0 ? defaults.roundTimes : ["09:00"]);
  const [meetingMinutes, setMeetingMinutes] = useState(defaults.meetingMinutes);
  const [tableCount, setTableCount] = useState(Number(defaults.tableCount) || 1);
  const [disabled, setDisabled] = useState<Set<number>>(new Set(defaults.disabledTables));

  const addRound = () => {
    const last = rounds[rounds.length - 1] ?? "09:00";
    const before = rounds[rounds.length - 2];
    const step = before && parseTimeInput(before) && parseTimeInput(last) ? toMinutes(last) - toMinutes(before) : Number(meetingMinutes) + 5 || 25;
    setRounds([...rounds, addMinutes(last, Math.max(step, Number(meetingMinutes) || 5)) ?? ""]);
  };
  const shownTables = Math.min(Math.max(tableCount, 1), B2B_PLAN_LIMITS.tables);

  return (
    <Paper withBorder p="md">
      <Title order={2} size="h3" mb="sm">
        {t("b2b.plan.title")}
      </Title>
      <Form {...formProps} method="post" data-testid="b2b-plan-form">
        <input type="hidden" name="intent" value="savePlan" />
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <LocaleDateInput name="day" label={t("b2b.plan.day")} defaultValue={defaults.day} withAsterisk error={error("day")} data-testid="b2b-plan-day" />
            <TextInput
              name="meetingMinutes"
              label={t("b2b.plan.meetingMinutes")}
              inputMode="numeric"
              value={meetingMinutes}
              onChange={(e) => setMeetingMinutes(e.currentTarget.value)}
              withAsterisk
              error={error("meetingMinutes")}
              data-testid="b2b-plan-minutes"
            />
            <TextInput name="maxPreferences" label={t("b2b.plan.maxPreferences")} description={t("b2b.plan.maxPreferencesHint")} inputMode="numeric" defaultValue={defaults.maxPreferences} withAsterisk error={error("maxPreferences")} />
          </SimpleGrid>

          <Fieldset legend={t("b2b.plan.rounds", { count: rounds.length })}>
            <Text size="sm" c="dimmed" mb="xs">
              {t("b2b.plan.roundsHint")}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }}>
              {rounds.map((time, i) => (
                <Group key={i} gap={4} wrap="nowrap" align="flex-end">
                  <TextInput
                    name="roundTimes"
                    type="time"
                    label={t("b2b.plan.round", { round: i + 1 })}
                    value={time}
                    onChange={(e) => {
                      const next = [...rounds];
                      next[i] = e.currentTarget.value;
                      setRounds(next);
                    }}
                    error={error(roundTimeField(i))}
                    data-testid={`b2b-plan-round-${i + 1}`}
                  />
                  {rounds.length > 1 && (
                    <ActionIcon variant="subtle" color="red" mb={4} aria-label={t("b2b.plan.removeRound", { round: i + 1 })} onClick={() => setRounds(rounds.filter((_, j) => j !== i))}>
                      ×
                    </ActionIcon>
                  )}
                </Group>
              ))}
            </SimpleGrid>
            <FieldMessage message={error("roundTimes")} />
            <Group mt="xs">
              <Button variant="default" size="xs" onClick={addRound} disabled={rounds.length >= B2B_PLAN_LIMITS.rounds} data-testid="b2b-plan-add-round">
                {t("b2b.plan.addRound")}
              </Button>
            </Group>
          </Fieldset>

          <Fieldset legend={t("b2b.plan.tables")}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                name="tableCount"
                label={t("b2b.plan.tableCount")}
                min={1}
                max={B2B_PLAN_LIMITS.tables}
                value={tableCount}
                onChange={(v) => setTableCount(typeof v === "number" ? v : Number(v) || 0)}
                withAsterisk
                error={error("tableCount")}
                data-testid="b2b-plan-tables"
              />
              <TextInput name="tableLabels" label={t("b2b.plan.tableLabels")} description={t("b2b.plan.tableLabelsHint")} defaultValue={defaults.tableLabels} error={error("tableLabels")} />
            </SimpleGrid>
            <Text size="sm" fw={500} mt="sm" id="b2b-table-filter-label">
              {t("b2b.plan.tableFilter")}
            </Text>
            <Text size="sm" c="dimmed" mb="xs">
              {t("b2b.plan.tableFilterHint")}
            </Text>
            <Group gap="xs" role="group" aria-labelledby="b2b-table-filter-label" data-field="disabledTables">
              {Array.from({ length: shownTables }, (_, i) => i + 1).map((n) => (
                <Checkbox
                  key={n}
                  label={String(n)}
                  checked={!disabled.has(n)}
                  aria-label={t("b2b.plan.tableUsable", { table: n })}
                  onChange={(e) => {
                    const next = new Set(disabled);
                    if (e.currentTarget.checked) next.delete(n);
                    else next.add(n);
                    setDisabled(next);
                  }}
                />
              ))}
            </Group>
            {[...disabled].filter((n) => n <= shownTables).map((n) => (
              <input key={n} type="hidden" name="disabledTables" value={n} />
            ))}
            <FieldMessage message={error("disabledTables")} />
          </Fieldset>

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LocaleDateInput name="deadlineDate" label={t("b2b.plan.deadlineDate")} description={t("b2b.plan.deadlineHint")} defaultValue={defaults.deadlineDate} error={error("deadlineDate")} />
            <TextInput name="deadlineTime" type="time" label={t("b2b.plan.deadlineTime")} defaultValue={defaults.deadlineTime} error={error("deadlineTime")} />
          </SimpleGrid>

          <FormError code={showBanner ? "INVALID_INPUT" : failure} />
          {saved && (
            <Alert color="green" role="status" data-testid="b2b-plan-saved">
              {t("b2b.plan.saved")}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={saving} data-testid="b2b-plan-save">
              {t("action.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

const toMinutes = (time: string) => {
  const p = parseTimeInput(time)!;
  return p.hour * 60 + p.minute;
};

function FieldMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Text c="var(--mantine-color-error)" size="sm" role="alert">
      {message}
    </Text>
  );
}
