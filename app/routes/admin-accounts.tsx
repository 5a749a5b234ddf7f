import { Alert, Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useActionData, useLoaderData } from "react-router";
import { AccountActionDialog } from "~/components/account-admin/AccountActionDialog";
import { AccountFilters } from "~/components/account-admin/AccountFilters";
import { type AccountIntent, type AccountListRow, AccountTable } from "~/components/account-admin/AccountTable";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { NewsPager } from "~/components/news-admin/NewsPager";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/translate";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { AccountActiveSchema, AccountDeleteSchema, AccountRoleSchema, parseAccountFilter } from "~/schemas/admin-accounts";
import { formatDateInput } from "~/schemas/date-input";
import { changeAccountRole, deleteAccountAsAdmin, listAccounts, setAccountActive } from "~/server/admin/accounts.server";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import type { Route } from "./+types/admin-accounts";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminUsers.title");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const filter = parseAccountFilter(url.searchParams, clock.now().getFullYear());
  const list = await listAccounts(await getDb(), user, filter);
  // The filters as the form shows them, and as the pager, the sort links and the downloads repeat them.
  const values = {
    q: filter.q,
    role: filter.role,
    active: filter.active,
    company: filter.company,
    from: filter.from ? formatDateInput(filter.from, locale) : "",
    to: filter.to ? formatDateInput(filter.to, locale) : "",
    sort: filter.sort,
    dir: filter.dir,
  };
  const selection = new URLSearchParams(Object.entries(values).filter(([, v]) => v !== "" && v !== "ALL"));
  const unsorted = new URLSearchParams(selection);
  unsorted.delete("sort");
  unsorted.delete("dir");
  return {
    values,
    selection: selection.toString(),
    unsorted: unsorted.toString(),
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    items: list.items.map(
      (a): AccountListRow => ({
        id: a.id,
        name: a.name,
        email: a.email,
        role: a.role,
        active: a.active,
        verified: a.verified,
        createdAt: a.createdAt.toISOString(),
        companies: a.companies,
        self: a.id === user.id,
      }),
    ),
  };
}

/** One change per post; the dialog confirmed it, the domain checks the policy and the last-admin rule. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const intent = String(form.get("intent"));
  return handleAction(async () => {
    const actor = requireUser(context);
    const db = await getDb();
    let notice: MessageKey;
    if (intent === "role") {
      const { id, role } = parseForm(AccountRoleSchema, form);
      await changeAccountRole(db, actor, id, role);
      notice = "accountAdmin.done.role";
    } else if (intent === "deactivate" || intent === "activate") {
      const { id } = parseForm(AccountActiveSchema, form);
      await setAccountActive(db, actor, id, intent === "activate");
      notice = intent === "activate" ? "accountAdmin.done.activated" : "accountAdmin.done.deactivated";
    } else if (intent === "delete") {
      const { id } = parseForm(AccountDeleteSchema, form);
      await deleteAccountAsAdmin(db, actor, id);
      notice = "accountAdmin.done.deleted";
    } else {
      throw new AppError("INVALID_INPUT");
    }
    return { ok: true as const, notice };
  });
}

export default function AdminAccounts() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [target, setTarget] = useState<{ row: AccountListRow; intent: AccountIntent } | null>(null);
  const failure = result && !result.ok ? result : undefined;
  const listHref = href("adminUsers", locale);
  const withSelection = (path: string) => (loaded.selection ? `${path}?${loaded.selection}` : path);

  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminUsers.title")}</Title>
      <Text>{t("accountAdmin.intro")}</Text>
      <AccountFilters action={listHref} values={loaded.values} />
      {result?.ok && (
        <Alert color="green" role="status" data-testid="account-done">
          {t(result.notice)}
        </Alert>
      )}
      <FormError code={failureCode(failure)} values={failure?.details} />
      <Group justify="space-between" wrap="wrap">
        <Text role="status" data-testid="account-count">
          {t("accountAdmin.count", { count: loaded.total })}
        </Text>
        <Group gap="sm" aria-label={t("accountAdmin.download")} role="group">
          <Text size="sm">{t("accountAdmin.download")}:</Text>
          {/* Plain links with reloadDocument semantics: the browser downloads the file. */}
          <Anchor href={withSelection(href("adminUsersCsv", locale))} download data-testid="account-download-csv">
            {t("accountAdmin.downloadCsv")}
          </Anchor>
          <Anchor href={withSelection(href("adminUsersXlsx", locale))} download data-testid="account-download-xlsx">
            {t("accountAdmin.downloadXlsx")}
          </Anchor>
        </Group>
      </Group>
      {loaded.items.length === 0 ? (
        <Text c="dimmed" data-testid="account-empty">
          {t("accountAdmin.empty")}
        </Text>
      ) : (
        <AccountTable
          rows={loaded.items}
          sorting={{ sort: loaded.values.sort, dir: loaded.values.dir, query: loaded.unsorted, base: listHref }}
          onAction={(row, intent) => setTarget({ row, intent })}
        />
      )}
      <NewsPager base={listHref} query={loaded.selection} page={loaded.page} pageCount={loaded.pageCount} />
      <AccountActionDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
