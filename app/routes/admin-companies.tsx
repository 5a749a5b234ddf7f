import { Alert, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useActionData, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { CompanyDatabaseFilters } from "~/components/company-admin/CompanyDatabaseFilters";
import { CompanyDatabaseTable } from "~/components/company-admin/CompanyDatabaseTable";
import { CompanyRestoreDialog } from "~/components/company-admin/CompanyRestoreDialog";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { NewsPager } from "~/components/news-admin/NewsPager";
import { useLocale, useT } from "~/i18n/i18n-context";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { companyDatabaseFilterSchema, companyRestoreSchema } from "~/schemas/company-database";
import * as clock from "~/server/clock.server";
import { listCompanyDatabase } from "~/server/companies/company-database.server";
import { restoreCompany } from "~/server/companies/deletion.server";
import { getDb } from "~/server/db/client.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import type { Route } from "./+types/admin-companies";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminCompanies.title");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filter = companyDatabaseFilterSchema.parse(Object.fromEntries(url.searchParams));
  const list = await listCompanyDatabase(await getDb(), requireUser(context), filter);
  const now = clock.now();
  const query = new URLSearchParams(url.searchParams);
  query.delete("page");
  return {
    filter: { q: filter.q, state: filter.state },
    query: query.toString(),
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    items: list.items.map((c) => ({
      id: c.id,
      name: c.name,
      status: c.status,
      place: [c.city, c.country].filter(Boolean).join(", "),
      createdAt: c.createdAt.toISOString(),
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
    const { id } = parseForm(companyRestoreSchema, form);
    await restoreCompany(await getDb(), requireUser(context), id);
    return { ok: true as const };
  });
}

export default function AdminCompanies() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [target, setTarget] = useState<{ id: string; name: string } | null>(null);
  const failure = result && !result.ok ? result : undefined;
  const listHref = href("adminCompanies", locale);

  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminCompanies.title")}</Title>
      <CompanyDatabaseFilters action={listHref} q={loaded.filter.q} state={loaded.filter.state} />
      {result?.ok && (
        <Alert color="green" role="status" data-testid="company-restored">
          {t("companyAdmin.restored")}
        </Alert>
      )}
      {/* A malformed id names its field: say "not found" rather than "check your input". */}
      <FormError code={failure?.fieldErrors?.["id"] ?? failureCode(failure)} values={failure?.details} />
      <Text role="status" data-testid="company-count">
        {t("companyAdmin.count", { count: loaded.total })}
      </Text>
      {loaded.items.length === 0 ? (
        <Text c="dimmed" data-testid="company-empty">
          {t("companyAdmin.empty")}
        </Text>
      ) : (
        <CompanyDatabaseTable rows={loaded.items} onRestore={setTarget} />
      )}
      <NewsPager base={listHref} query={loaded.query} page={loaded.page} pageCount={loaded.pageCount} />
      <CompanyRestoreDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
