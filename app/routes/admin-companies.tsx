import { Alert, Anchor, Group, List, Stack, Text, Title } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useActionData, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { naceOptionsFor } from "~/components/company/nace-options";
import { CompanyBulkActions } from "~/components/company-admin/CompanyBulkActions";
import { CompanyDatabaseFilters } from "~/components/company-admin/CompanyDatabaseFilters";
import { CompanyDatabaseTable } from "~/components/company-admin/CompanyDatabaseTable";
import { CompanyRestoreDialog } from "~/components/company-admin/CompanyRestoreDialog";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { NewsPager } from "~/components/news-admin/NewsPager";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { COMPANY_DOWNLOAD_MAX, companyBulkSchema, companyRestoreSchema, parseCompanyDatabaseFilter } from "~/schemas/company-database";
import { formatDateInput } from "~/schemas/date-input";
import * as clock from "~/server/clock.server";
import { bulkCompanyAction } from "~/server/companies/bulk.server";
import { companyDatabaseChoices, listCompanyDatabase } from "~/server/companies/company-database.server";
import { restoreCompany } from "~/server/companies/deletion.server";
import { getDb } from "~/server/db/client.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { listNace } from "~/server/reference/nace.server";
import type { Route } from "./+types/admin-companies";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminCompanies.title");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const now = clock.now();
  const filter = parseCompanyDatabaseFilter(url.searchParams, now.getFullYear());
  const user = requireUser(context);
  const db = await getDb();
  const list = await listCompanyDatabase(db, user, filter);
  const [choices, nace] = await Promise.all([companyDatabaseChoices(db, user, locale), listNace(db)]);
  const query = new URLSearchParams(url.searchParams);
  query.delete("page");
  const sortless = new URLSearchParams(query);
  sortless.delete("sort");
  sortless.delete("dir");
  return {
    values: {
      q: filter.q,
      state: filter.state,
      origin: filter.origin ?? "",
      country: filter.country ?? "",
      region: filter.region ?? "",
      nace: filter.nace,
      tags: filter.tags,
      contacts: filter.contacts,
      changedFrom: filter.changedFrom ? formatDateInput(filter.changedFrom, locale) : "",
      changedTo: filter.changedTo ? formatDateInput(filter.changedTo, locale) : "",
      sort: filter.sort,
      dir: filter.dir,
    },
    choices: { ...choices, nace: naceOptionsFor(nace, locale) },
    query: query.toString(),
    sortless: sortless.toString(),
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    items: list.items.map((c) => ({
      id: c.id,
      name: c.name,
      status: c.status,
      origin: c.origin,
      place: [c.city, c.country].filter(Boolean).join(", "),
      accounts: c.accounts,
      contacts: c.contacts,
      updatedAt: c.updatedAt.toISOString(),
      deletedAt: c.deletedAt?.toISOString() ?? null,
      restorableUntil: c.restorableUntil?.toISOString() ?? null,
      canRestore: c.restorableUntil !== null && c.restorableUntil > now,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const user = requireUser(context);
    const db = await getDb();
    if (form.get("intent") === "bulk") {
      const { action: bulk, id } = parseForm(companyBulkSchema, form, ["id"]);
      const outcome = await bulkCompanyAction(db, user, bulk, id);
      return { ok: true as const, kind: "bulk" as const, action: bulk, ...outcome };
    }
    const { id } = parseForm(companyRestoreSchema, form);
    await restoreCompany(db, user, id);
    return { ok: true as const, kind: "restore" as const };
  });
}

export default function AdminCompanies() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [target, setTarget] = useState<{ id: string; name: string } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const failure = result && !result.ok ? result : undefined;
  const listHref = href("adminCompanies", locale);
  const onPage = useMemo(() => loaded.items.map((c) => c.id), [loaded.items]);
  // Ticks belong to the rows on screen: another page or filter starts afresh.
  useEffect(() => setSelected((s) => new Set([...s].filter((id) => onPage.includes(id)))), [onPage]);
  const tooMany = loaded.total > COMPANY_DOWNLOAD_MAX;
  const download = (id: "adminCompaniesCsv" | "adminCompaniesXlsx") => `${href(id, locale)}${loaded.query ? `?${loaded.query}` : ""}`;

  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminCompanies.title")}</Title>
      <CompanyDatabaseFilters action={listHref} values={loaded.values} choices={loaded.choices} />
      {result?.ok && result.kind === "restore" && (
        <Alert color="green" role="status" data-testid="company-restored">
          {t("companyAdmin.restored")}
        </Alert>
      )}
      {result?.ok && result.kind === "bulk" && (
        <Alert color={result.failed.length > 0 ? "yellow" : "green"} role="status" data-testid="company-bulk-result">
          <Text>{t(`companyAdmin.bulk.done.${result.action}`, { count: result.done })}</Text>
          {result.failed.length > 0 && (
            <>
              <Text mt="xs">{t("companyAdmin.bulk.failed", { count: result.failed.length })}</Text>
              <List size="sm" data-testid="company-bulk-failures">
                {result.failed.map((f) => (
                  <List.Item key={f.id}>
                    {f.name}: {t(`error.${f.code}`)}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
      {/* A malformed id names its field: say "not found" rather than "check your input". */}
      <FormError code={failure?.fieldErrors?.["id"] ?? failureCode(failure)} values={failure?.details} />
      <Group justify="space-between" align="center">
        <Text role="status" data-testid="company-count">
          {t("companyAdmin.count", { count: loaded.total })}
        </Text>
        {tooMany ? (
          <Alert color="yellow" data-testid="company-download-refused">
            {t("error.COMPANY_DOWNLOAD_TOO_MANY", { count: format.number(loaded.total), max: format.number(COMPANY_DOWNLOAD_MAX) })}
          </Alert>
        ) : (
          <Group gap="md">
            <Anchor href={download("adminCompaniesCsv")} download data-testid="company-download-csv">
              {t("companyAdmin.download.csv")}
            </Anchor>
            <Anchor href={download("adminCompaniesXlsx")} download data-testid="company-download-xlsx">
              {t("companyAdmin.download.xlsx")}
            </Anchor>
          </Group>
        )}
      </Group>
      <CompanyBulkActions selected={[...selected]} onDone={() => setSelected(new Set())} />
      {loaded.items.length === 0 ? (
        <Text c="dimmed" data-testid="company-empty">
          {t("companyAdmin.empty")}
        </Text>
      ) : (
        <CompanyDatabaseTable
          rows={loaded.items}
          sort={{ sort: loaded.values.sort, dir: loaded.values.dir, query: loaded.sortless, base: listHref }}
          selected={selected}
          onToggle={(id) =>
            setSelected((s) => {
              const next = new Set(s);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            })
          }
          onToggleAll={(all) => setSelected(all ? new Set(onPage) : new Set())}
          onRestore={setTarget}
        />
      )}
      <NewsPager base={listHref} query={loaded.query} page={loaded.page} pageCount={loaded.pageCount} />
      <CompanyRestoreDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
