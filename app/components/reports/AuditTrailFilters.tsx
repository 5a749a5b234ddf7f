import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, TextInput } from "@mantine/core";
import { Form, Link } from "react-router";
import { useFieldError } from "~/components/FormError";
import { LocaleDateInput } from "~/components/forms/LocaleDateInput";
import { useT } from "~/i18n/i18n-context";
import { AUDIT_ACTION_FILTERS, AUDIT_QUERY_MAX, type PeriodErrors } from "~/schemas/reports";

export interface AuditFilterValues {
  action: string;
  person: string;
  company: string;
  from: string;
  to: string;
}

/** Action, person, company and period: a GET form, so the selection lives in the URL (and in the CSV link). */
export function AuditTrailFilters({ action, values, errors }: { action: string; values: AuditFilterValues; errors: PeriodErrors }) {
  const t = useT();
  const fieldError = useFieldError();
  return (
    <Paper withBorder p="md">
      <Form method="get" action={action} role="search" aria-label={t("auditTrail.filter.title")} data-testid="audit-filters">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
          <NativeSelect
            name="action"
            label={t("auditTrail.filter.action")}
            data={[{ value: "", label: t("auditTrail.filter.anyAction") }, ...AUDIT_ACTION_FILTERS.map((a) => ({ value: a, label: t(`auditTrail.action.${a}`) }))]}
            defaultValue={values.action}
            data-testid="audit-filter-action"
          />
          <TextInput name="person" label={t("auditTrail.filter.person")} defaultValue={values.person} maxLength={AUDIT_QUERY_MAX} data-testid="audit-filter-person" />
          <TextInput name="company" label={t("auditTrail.filter.company")} defaultValue={values.company} maxLength={AUDIT_QUERY_MAX} data-testid="audit-filter-company" />
          <LocaleDateInput name="from" label={t("auditTrail.filter.from")} defaultValue={values.from} error={fieldError(errors.from)} data-testid="audit-filter-from" />
          <LocaleDateInput name="to" label={t("auditTrail.filter.to")} defaultValue={values.to} error={fieldError(errors.to)} data-testid="audit-filter-to" />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" variant="light" data-testid="audit-filter-submit">
            {t("auditTrail.filter.apply")}
          </Button>
          <Anchor component={Link} to={action}>
            {t("auditTrail.filter.reset")}
          </Anchor>
        </Group>
      </Form>
    </Paper>
  );
}
