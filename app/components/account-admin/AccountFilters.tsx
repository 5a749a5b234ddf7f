import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, TextInput } from "@mantine/core";
import { Form, Link } from "react-router";
import { LocaleDateInput } from "~/components/forms/LocaleDateInput";
import { useT } from "~/i18n/i18n-context";
import { ACCOUNT_ACTIVE_FILTERS, ACCOUNT_COMPANY_FILTERS, ACCOUNT_QUERY_MAX, ACCOUNT_ROLE_FILTERS } from "~/schemas/admin-accounts";

export interface AccountFilterValues {
  q: string;
  role: string;
  active: string;
  company: string;
  from: string;
  to: string;
  sort: string;
  dir: string;
}

/** Search and filters of the accounts page: a GET form, so they live in the URL (and in the download links). */
export function AccountFilters({ action, values }: { action: string; values: AccountFilterValues }) {
  const t = useT();
  return (
    <Paper withBorder p="md">
      <Form method="get" action={action} role="search" aria-label={t("accountAdmin.filter.title")} data-testid="account-filters">
        <input type="hidden" name="sort" value={values.sort} />
        <input type="hidden" name="dir" value={values.dir} />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <TextInput name="q" label={t("accountAdmin.filter.q")} defaultValue={values.q} maxLength={ACCOUNT_QUERY_MAX} data-testid="account-filter-q" />
          <NativeSelect
            name="role"
            label={t("accountAdmin.filter.role")}
            data={ACCOUNT_ROLE_FILTERS.map((r) => ({ value: r, label: r === "ALL" ? t("accountAdmin.roleFilter.ALL") : t(`role.${r}`) }))}
            defaultValue={values.role}
            data-testid="account-filter-role"
          />
          <NativeSelect
            name="active"
            label={t("accountAdmin.filter.active")}
            data={ACCOUNT_ACTIVE_FILTERS.map((s) => ({ value: s, label: t(`accountAdmin.activeFilter.${s}`) }))}
            defaultValue={values.active}
            data-testid="account-filter-active"
          />
          <NativeSelect
            name="company"
            label={t("accountAdmin.filter.company")}
            data={ACCOUNT_COMPANY_FILTERS.map((c) => ({ value: c, label: t(`accountAdmin.companyFilter.${c}`) }))}
            defaultValue={values.company}
            data-testid="account-filter-company"
          />
          <LocaleDateInput name="from" label={t("accountAdmin.filter.from")} defaultValue={values.from} data-testid="account-filter-from" />
          <LocaleDateInput name="to" label={t("accountAdmin.filter.to")} defaultValue={values.to} data-testid="account-filter-to" />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" variant="light" data-testid="account-filter-submit">
            {t("accountAdmin.filter.apply")}
          </Button>
          <Anchor component={Link} to={action}>
            {t("accountAdmin.filter.reset")}
          </Anchor>
        </Group>
      </Form>
    </Paper>
  );
}
