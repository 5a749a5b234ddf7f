import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { useFieldError } from "~/components/FormError";
import { LocaleDateInput } from "~/components/forms/LocaleDateInput";
import { ReportTables } from "~/components/reports/ReportTables";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { formatDateInput } from "~/schemas/date-input";
import { parseReportPeriod } from "~/schemas/reports";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { requireUser } from "~/server/http/require-user.server";
import { funderReport } from "~/server/reports/funder-report.server";
import { funderReportModel } from "~/server/reports/funder-report-tables";
import { berlinDay, isoDay } from "~/server/reports/period.server";
import type { Route } from "./+types/admin-funder-report";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminFunderReport.title");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const { from, to, errors } = parseReportPeriod(url.searchParams, berlinDay(clock.now()));
  const report = await funderReport(await getDb(), requireUser(context), from, to);
  const model = funderReportModel(report, locale);
  return {
    values: { from: formatDateInput(from, locale), to: formatDateInput(to, locale) },
    errors,
    // The period as it was applied, for the downloads.
    query: new URLSearchParams({ from: isoDay(from), to: isoDay(to) }).toString(),
    period: model.period,
    tables: model.tables,
    empty: model.empty,
  };
}

export default function AdminFunderReport() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const fieldError = useFieldError();
  const base = href("adminFunderReport", locale);
  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminFunderReport.title")}</Title>
      <Text>{t("funderReport.intro")}</Text>
      <Paper withBorder p="md">
        <Form method="get" action={base} aria-label={t("funderReport.period.title")} data-testid="report-period">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LocaleDateInput name="from" label={t("funderReport.period.from")} defaultValue={loaded.values.from} error={fieldError(loaded.errors.from)} data-testid="report-from" />
            <LocaleDateInput name="to" label={t("funderReport.period.to")} defaultValue={loaded.values.to} error={fieldError(loaded.errors.to)} data-testid="report-to" />
          </SimpleGrid>
          <Group mt="sm">
            <Button type="submit" variant="light" data-testid="report-apply">
              {t("funderReport.period.apply")}
            </Button>
          </Group>
        </Form>
      </Paper>
      <Group justify="space-between">
        <Title order={2} size="h3" data-testid="report-period-text">
          {loaded.period}
        </Title>
        <Group>
          <Button component={Link} reloadDocument to={`${href("adminFunderReportPdf", locale)}?${loaded.query}`} variant="light" data-testid="report-pdf">
            {t("funderReport.downloadPdf")}
          </Button>
          <Button component={Link} reloadDocument to={`${href("adminFunderReportCsv", locale)}?${loaded.query}`} variant="light" data-testid="report-csv">
            {t("funderReport.downloadCsv")}
          </Button>
        </Group>
      </Group>
      <ReportTables tables={loaded.tables} empty={loaded.empty} />
    </Stack>
  );
}
