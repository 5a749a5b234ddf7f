import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { FormError } from "~/components/FormError";
import { useMonthLabel } from "~/components/statistics/month-label";
import { MonthlyBarChart, MonthlyLineChart } from "~/components/statistics/StatisticsCharts";
import { StatisticsTable } from "~/components/statistics/StatisticsTable";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { parsePathFilter, parsePeriod } from "~/schemas/statistics";
import * as clock from "~/server/clock.server";
import { config } from "~/server/config.server";
import { getDb } from "~/server/db/client.server";
import { requireUser } from "~/server/http/require-user.server";
import { loadStatisticsPage } from "~/server/statistics/load.server";
import { getStatistics } from "~/server/statistics/statistics.server";
import type { Route } from "./+types/admin-statistics";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminStatistics.title");
}

/**
 * Admin statistics (spec §2, issue 20, decision 035): per month of a period, new accounts,
 * searches, profile updates, event participations by country and region, and what the
 * first-party analytics counted; charts with the same figures as tables, a CSV, and the external
 * analytics tool's link when one is configured.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = parsePeriod(params, clock.now());
  const pathContains = parsePathFilter(params);
  const stats = await loadStatisticsPage(async () => getStatistics(await getDb(), requireUser(context), parsed.period, { pathContains }));
  return {
    period: parsed.period,
    pathContains,
    periodError: parsed.ok ? null : parsed.code,
    stats,
    analytics: { mode: config.analytics.mode, dashboardUrl: config.analytics.dashboardUrl },
  };
}

export default function AdminStatistics() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const monthLabel = useMonthLabel();
  const { period, pathContains, periodError, stats, analytics } = useLoaderData<typeof loader>();
  const csvQuery = new URLSearchParams({ from: period.from, to: period.to, ...(pathContains ? { page: pathContains } : {}) });
  const csvHref = `${href("adminStatisticsCsv", locale)}?${csvQuery.toString()}`;
  const n = (value: number) => format.number(value);

  const months = stats.months.map((m) => ({ ...m, label: monthLabel(m.month) }));
  const countryKeys = [...new Set(stats.byCountry.map((r) => r.country ?? ""))].sort();
  const countryName = (c: string) => (c === "DE" || c === "CZ" ? t(`country.${c}`) : t("statistics.unknown"));
  const byCountry = stats.months.map((m) => {
    const row: Record<string, string | number> = { month: m.month, label: monthLabel(m.month), total: m.participations };
    for (const c of countryKeys) row[c || "unknown"] = stats.byCountry.find((r) => r.month === m.month && (r.country ?? "") === c)?.count ?? 0;
    return row;
  });
  const countryColors: Record<string, string> = { DE: "brand.7", CZ: "red.9", "": "gray.7" };

  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminStatistics.title")}</Title>
      <Text c="dimmed">{t("statistics.intro")}</Text>
      <Group gap="lg" data-testid="statistics-reports">
        <Anchor component={Link} to={href("adminFunderReport", locale)}>
          {t("page.adminFunderReport.title")}
        </Anchor>
        <Anchor component={Link} to={href("adminAuditTrail", locale)}>
          {t("page.adminAuditTrail.title")}
        </Anchor>
      </Group>

      <Form method="get" data-testid="statistics-period">
        <Group align="flex-end" wrap="wrap">
          <TextInput type="month" name="from" label={t("statistics.from")} defaultValue={period.from} required w={200} key={`from-${period.from}`} />
          <TextInput type="month" name="to" label={t("statistics.to")} defaultValue={period.to} required w={200} key={`to-${period.to}`} />
          <TextInput type="search" name="page" label={t("statistics.pageFilter")} description={t("statistics.pageFilterHint")} defaultValue={pathContains} maxLength={200} w={260} key={`page-${pathContains}`} />
          <Button type="submit" variant="light">
            {t("statistics.show")}
          </Button>
        </Group>
      </Form>
      <FormError code={periodError ?? undefined} />
      <Text role="status" data-testid="statistics-period-label">
        {t("statistics.periodLabel", { from: monthLabel(period.from), to: monthLabel(period.to) })}
      </Text>
      <Group>
        <Button component="a" href={csvHref} download variant="default" data-testid="statistics-csv">
          {t("statistics.csv")}
        </Button>
        {analytics.dashboardUrl && (
          <Anchor href={analytics.dashboardUrl} target="_blank" rel="noopener noreferrer" data-testid="statistics-dashboard">
            {t("statistics.dashboard")}
          </Anchor>
        )}
      </Group>

      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h3">
            {t("statistics.activity")}
          </Title>
          <MonthlyLineChart
            label={t("statistics.chartLabel", { title: t("statistics.activity") })}
            rows={months}
            testId="statistics-activity-chart"
            series={[
              { key: "newAccounts", label: t("statistics.metric.newAccounts"), color: "brand.7" },
              { key: "searches", label: t("statistics.metric.searches"), color: "orange.9" },
              { key: "profileUpdates", label: t("statistics.metric.profileUpdates"), color: "green.9" },
            ]}
          />
          <StatisticsTable
            caption={t("statistics.activity")}
            testId="statistics-months"
            minWidth={640}
            rows={months}
            rowKey={(m) => m.month}
            columns={[
              { label: t("statistics.col.month"), cell: (m) => m.label },
              { label: t("statistics.metric.newAccounts"), cell: (m) => n(m.newAccounts) },
              { label: t("statistics.metric.searches"), cell: (m) => n(m.searches) },
              { label: t("statistics.metric.profileUpdates"), cell: (m) => n(m.profileUpdates) },
              { label: t("statistics.metric.participations"), cell: (m) => n(m.participations) },
              { label: t("statistics.metric.pageViews"), cell: (m) => n(m.pageViews) },
            ]}
          />
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h3">
            {t("statistics.participationsByCountry")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("statistics.participationsHint")}
          </Text>
          {countryKeys.length === 0 ? (
            <Text data-testid="statistics-no-participations">{t("statistics.noParticipations")}</Text>
          ) : (
            <>
              <MonthlyBarChart
                label={t("statistics.chartLabel", { title: t("statistics.participationsByCountry") })}
                rows={byCountry}
                testId="statistics-country-chart"
                series={countryKeys.map((c) => ({ key: c || "unknown", label: countryName(c), color: countryColors[c] ?? "gray.7" }))}
              />
              <StatisticsTable
                caption={t("statistics.participationsByCountry")}
                testId="statistics-countries"
                rows={byCountry}
                rowKey={(r) => String(r["month"])}
                columns={[
                  { label: t("statistics.col.month"), cell: (r) => r["label"] },
                  ...countryKeys.map((c) => ({ label: countryName(c), cell: (r: Record<string, string | number>) => n(Number(r[c || "unknown"])) })),
                  { label: t("statistics.col.total"), cell: (r) => n(Number(r["total"])) },
                ]}
              />
              <StatisticsTable
                caption={t("statistics.participationsByRegion")}
                testId="statistics-regions"
                rows={stats.regionTotals}
                rowKey={(r) => `${r.country ?? ""}-${r.region ?? ""}`}
                columns={[
                  { label: t("statistics.col.region"), cell: (r) => r.region ?? t("statistics.unknown") },
                  { label: t("statistics.col.country"), cell: (r) => countryName(r.country ?? "") },
                  { label: t("statistics.col.count"), cell: (r) => n(r.count) },
                ]}
              />
            </>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h3">
            {t("statistics.webAnalytics")}
          </Title>
          <Alert color="blue" variant="light" data-testid="statistics-analytics-mode" data-mode={analytics.mode}>
            {t(`statistics.analyticsMode.${analytics.mode}`)}
          </Alert>
          <MonthlyLineChart
            label={t("statistics.chartLabel", { title: t("statistics.metric.pageViews") })}
            rows={months}
            testId="statistics-pageviews-chart"
            series={[{ key: "pageViews", label: t("statistics.metric.pageViews"), color: "brand.7" }]}
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <StatisticsTable
              caption={t("statistics.metric.topPages")}
              testId="statistics-top-pages"
              empty={t("statistics.empty")}
              rows={stats.analytics.topPages}
              rowKey={(r) => r.path}
              columns={[
                { label: t("statistics.col.page"), cell: (r) => r.path },
                { label: t("statistics.col.count"), cell: (r) => n(r.count) },
              ]}
            />
            <StatisticsTable
              caption={t("statistics.metric.referrers")}
              testId="statistics-referrers"
              empty={t("statistics.empty")}
              rows={stats.analytics.topReferrers}
              rowKey={(r) => r.host}
              columns={[
                { label: t("statistics.col.referrer"), cell: (r) => r.host || t("statistics.referrer.direct") },
                { label: t("statistics.col.count"), cell: (r) => n(r.count) },
              ]}
            />
            <StatisticsTable
              caption={t("statistics.metric.devices")}
              testId="statistics-devices"
              empty={t("statistics.empty")}
              rows={stats.analytics.devices}
              rowKey={(r) => r.device}
              columns={[
                { label: t("statistics.col.device"), cell: (r) => t(`statistics.device.${r.device}`) },
                { label: t("statistics.col.count"), cell: (r) => n(r.count) },
              ]}
            />
            <StatisticsTable
              caption={t("statistics.metric.outbound")}
              testId="statistics-outbound"
              empty={t("statistics.empty")}
              rows={stats.analytics.outbound}
              rowKey={(r) => r.target}
              columns={[
                { label: t("statistics.col.link"), cell: (r) => r.target },
                { label: t("statistics.col.count"), cell: (r) => n(r.count) },
              ]}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
    </Stack>
  );
}
