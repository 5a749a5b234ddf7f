import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, TextInput } from "@mantine/core";
import { Form, Link } from "react-router";
import { useT } from "~/i18n/i18n-context";
import { COMPANY_DATABASE_QUERY_MAX, COMPANY_DATABASE_STATES } from "~/schemas/company-database";

/** Name search and state filter: a GET form, so they live in the URL and work without JavaScript. */
export function CompanyDatabaseFilters({ action, q, state }: { action: string; q: string; state: string }) {
  const t = useT();
  return (
    <Paper withBorder p="md">
      <Form method="get" action={action} role="search" aria-label={t("companyAdmin.filter.title")} data-testid="company-filters">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput name="q" label={t("companyAdmin.filter.q")} defaultValue={q} maxLength={COMPANY_DATABASE_QUERY_MAX} data-testid="company-filter-q" />
          <NativeSelect
            name="state"
            label={t("companyAdmin.filter.state")}
            data={COMPANY_DATABASE_STATES.map((s) => ({ value: s, label: t(`companyAdmin.state.${s}`) }))}
            defaultValue={state}
            data-testid="company-filter-state"
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" variant="light" data-testid="company-filter-submit">
            {t("companyAdmin.filter.apply")}
          </Button>
          <Anchor component={Link} to={action}>
            {t("companyAdmin.filter.reset")}
          </Anchor>
        </Group>
      </Form>
    </Paper>
  );
}
