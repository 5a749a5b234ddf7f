import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { AuditTrailFilters } from "~/components/reports/AuditTrailFilters";
import { AuditTrailTable } from "~/components/reports/AuditTrailTable";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { formatDateInput } from "~/schemas/date-input";
import { formatCursor, parseAuditFilter } from "~/schemas/reports";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { requireUser } from "~/server/http/require-user.server";
import { describeAuditDetails, missingPersonLabel } from "~/server/reports/audit-details";
import { actionLabel, auditTimeFormat, listAuditTrail } from "~/server/reports/audit-trail.server";
import { isoDay } from "~/server/reports/period.server";
import type { Route } from "./+types/admin-audit-trail";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminAuditTrail.title");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const { filter, errors } = parseAuditFilter(url.searchParams, clock.now().getUTCFullYear());
  const page = await listAuditTrail(await getDb(), requireUser(context), filter);
  const time = auditTimeFormat(locale);
  // The selection as applied (a date the page could not read is left out), without the page
  // position: the CSV link and the page links build on it, so the CSV holds what the page lists.
  const applied: Array<[string, string]> = [
    ["action", filter.action ?? ""],
    ["person", filter.person],
    ["company", filter.company],
    ["from", filter.from ? isoDay(filter.from) : ""],
    ["to", filter.to ? isoDay(filter.to) : ""],
  ];
  const selection = new URLSearchParams(applied.filter(([, value]) => value !== ""));
  return {
    values: {
      action: filter.action ?? "",
      person: filter.person,
      company: filter.company,
      from: filter.from ? formatDateInput(filter.from, locale) : (url.searchParams.get("from") ?? ""),
      to: filter.to ? formatDateInput(filter.to, locale) : (url.searchParams.get("to") ?? ""),
    },
    errors,
    selection: selection.toString(),
    older: page.older ? formatCursor(page.older) : null,
    newer: page.newer ? formatCursor(page.newer) : null,
    paged: !!(filter.before || filter.after),
    rows: page.entries.map((e) => ({
      id: e.id,
      action: e.action,
      actionLabel: actionLabel(locale, e.action),
      time: time.format(e.at),
      at: e.at.toISOString(),
      person: e.userId ? (e.personName ?? "") : null,
      email: e.email,
      missingPerson: e.userId ? null : missingPersonLabel(locale, e.action, e.details),
      company: e.companyName ? { id: e.companyId, name: e.companyName, linkable: e.companyLinkable } : null,
      details: describeAuditDetails(locale, e.action, e.details),
    })),
  };
}

export default function AdminAuditTrail() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const base = href("adminAuditTrail", locale);
  const withSelection = (path: string, extra?: [string, string]) => {
    const params = new URLSearchParams(loaded.selection);
    if (extra) params.set(...extra);
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };
  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminAuditTrail.title")}</Title>
      <Text>{t("auditTrail.intro")}</Text>
      <AuditTrailFilters action={base} values={loaded.values} errors={loaded.errors} />
      <Group justify="space-between">
        <Text role="status" data-testid="audit-count">
          {t("auditTrail.shown", { count: loaded.rows.length })}
        </Text>
        {/* A plain link: the browser downloads the file (reloadDocument: not a client navigation). */}
        <Button component={Link} reloadDocument to={withSelection(href("adminAuditTrailCsv", locale))} variant="light" data-testid="audit-csv">
          {t("auditTrail.download")}
        </Button>
      </Group>
      {loaded.rows.length === 0 ? (
        <Text c="dimmed" data-testid="audit-empty">
          {t("auditTrail.empty")}
        </Text>
      ) : (
        <AuditTrailTable rows={loaded.rows} />
      )}
      {(loaded.newer || loaded.older || loaded.paged) && (
        <Group component="nav" aria-label={t("auditTrail.pages")} data-testid="audit-pager">
          {loaded.paged && (
            <Anchor component={Link} to={withSelection(base)}>
              {t("auditTrail.newest")}
            </Anchor>
          )}
          {loaded.newer && (
            <Anchor component={Link} to={withSelection(base, ["after", loaded.newer])} data-testid="audit-newer">
              {t("auditTrail.newer")}
            </Anchor>
          )}
          {loaded.older && (
            <Anchor component={Link} to={withSelection(base, ["before", loaded.older])} data-testid="audit-older">
              {t("auditTrail.older")}
            </Anchor>
          )}
        </Group>
      )}
    </Stack>
  );
}
