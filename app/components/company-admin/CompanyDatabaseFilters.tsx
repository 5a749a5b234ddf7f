import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, TextInput } from "@mantine/core";
import { Form, Link } from "react-router";
import type { NaceOption } from "~/components/company/types";
import { LocaleDateInput } from "~/components/forms/LocaleDateInput";
import { SearchNacePicker, SearchTagPicker, type TagChoice } from "~/components/search/FilterPickers";
import { useT } from "~/i18n/i18n-context";
import { COMPANY_DATABASE_CONTACTS, COMPANY_DATABASE_QUERY_MAX, COMPANY_DATABASE_STATES } from "~/schemas/company-database";
import { COMPANY_ORIGINS, COUNTRIES } from "~/schemas/enums";

/** The filter values as the form shows them (dates already in the reader's spelling). */
export interface CompanyFilterValues {
  q: string;
  state: string;
  origin: string;
  country: string;
  region: string;
  nace: string[];
  tags: string[];
  contacts: string;
  changedFrom: string;
  changedTo: string;
  sort: string;
  dir: string;
}

export interface CompanyFilterChoices {
  regions: Array<{ value: string; label: string; country: string }>;
  tags: TagChoice[];
  nace: NaceOption[];
}

/** Search and filters: a GET form, so they live in the URL (and the download uses the same query). */
export function CompanyDatabaseFilters({ action, values, choices }: { action: string; values: CompanyFilterValues; choices: CompanyFilterChoices }) {
  const t = useT();
  const all = { value: "", label: t("companyAdmin.filter.any") };
  return (
    <Paper withBorder p="md">
      <Form method="get" action={action} role="search" aria-label={t("companyAdmin.filter.title")} data-testid="company-filters">
        <input type="hidden" name="sort" value={values.sort} />
        <input type="hidden" name="dir" value={values.dir} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <TextInput
            name="q"
            label={t("companyAdmin.filter.q")}
            description={t("companyAdmin.filter.qHint")}
            defaultValue={values.q}
            maxLength={COMPANY_DATABASE_QUERY_MAX}
            data-testid="company-filter-q"
          />
          <NativeSelect
            name="state"
            label={t("companyAdmin.filter.state")}
            data={COMPANY_DATABASE_STATES.map((s) => ({ value: s, label: t(`companyAdmin.state.${s}`) }))}
            defaultValue={values.state}
            data-testid="company-filter-state"
          />
          <NativeSelect
            name="origin"
            label={t("companyAdmin.filter.origin")}
            data={[all, ...COMPANY_ORIGINS.map((o) => ({ value: o, label: t(`company.origin.${o}`) }))]}
            defaultValue={values.origin}
            data-testid="company-filter-origin"
          />
          <NativeSelect
            name="country"
            label={t("companyAdmin.filter.country")}
            data={[all, ...COUNTRIES.map((c) => ({ value: c, label: t(`country.${c}`) }))]}
            defaultValue={values.country}
            data-testid="company-filter-country"
          />
          <NativeSelect
            name="region"
            label={t("companyAdmin.filter.region")}
            data={[all, ...choices.regions.map((r) => ({ value: r.value, label: r.label }))]}
            defaultValue={values.region}
            data-testid="company-filter-region"
          />
          <NativeSelect
            name="contacts"
            label={t("companyAdmin.filter.contacts")}
            data={COMPANY_DATABASE_CONTACTS.map((c) => ({ value: c, label: t(`companyAdmin.contacts.${c}`) }))}
            defaultValue={values.contacts}
            data-testid="company-filter-contacts"
          />
          <SearchNacePicker options={choices.nace} defaultValue={values.nace} />
          <SearchTagPicker tags={choices.tags} defaultValue={values.tags} />
          <Group grow align="flex-start">
            <LocaleDateInput name="changedFrom" label={t("companyAdmin.filter.changedFrom")} defaultValue={values.changedFrom} data-testid="company-filter-from" />
            <LocaleDateInput name="changedTo" label={t("companyAdmin.filter.changedTo")} defaultValue={values.changedTo} data-testid="company-filter-to" />
          </Group>
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
