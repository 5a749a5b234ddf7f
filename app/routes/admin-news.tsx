import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useActionData, useLoaderData, useSearchParams } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { NewsDeleteDialog } from "~/components/news-admin/NewsDeleteDialog";
import { NewsFilters } from "~/components/news-admin/NewsFilters";
import { NewsNotice, noticeOf } from "~/components/news-admin/NewsNotice";
import { NewsPager } from "~/components/news-admin/NewsPager";
import { NewsTable } from "~/components/news-admin/NewsTable";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { newsAdminFilterSchema } from "~/schemas/news";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { loadActorCompanies } from "~/server/events/relation.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { loadNewsPage, NewsRowAction, runNewsRowAction } from "~/server/news/intents.server";
import { listManagedNews } from "~/server/news/list-managed.server";
import { newsPolicy } from "~/server/policy/news-policy";
import type { Route } from "./+types/admin-news";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminNews.title");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const filter = newsAdminFilterSchema.parse(Object.fromEntries(url.searchParams));
  const db = await getDb();
  const now = clock.now();
  return loadNewsPage(async () => {
    const list = await listManagedNews(db, user, filter, now);
    const query = new URLSearchParams(url.searchParams);
    query.delete("page");
    query.delete("done");
    return {
      isAdmin: user.role === "Admin",
      canCreate: newsPolicy.canCreate(user, await loadActorCompanies(db, user)),
      filter: { q: filter.q, state: filter.state },
      query: query.toString(),
      page: list.page,
      pageCount: list.pageCount,
      total: list.total,
      items: list.items.map((n) => ({
        id: n.id,
        title: locale === "cs" ? n.titleCs : n.titleDe,
        imageKey: n.imageKey,
        companyName: n.companyName,
        authorName: n.authorName,
        publishAt: n.publishAt.toISOString(),
        state: n.state,
      })),
    };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const { intent, id } = parseForm(NewsRowAction, form);
    await runNewsRowAction(await getDb(), requireUser(context), intent, id);
    return { ok: true as const, intent };
  });
}

export default function AdminNews() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  const [confirmDelete, setConfirmDelete] = useState<{ id: string; title: string } | null>(null);
  const failure = result && !result.ok ? result : undefined;
  const listHref = href("adminNews", locale);
  // A row action's answer, else the notice a redirect from the edit page asked for (a delete there).
  const notice = result?.ok ? result.intent : failure ? null : noticeOf(search.get("done"));

  return (
    <Stack>
      <AdminMobileNotice />
      <Group justify="space-between">
        <Title order={1}>{t("page.adminNews.title")}</Title>
        {loaded.canCreate && (
          <Button component={Link} to={href("adminNewsCreate", locale)} data-testid="news-create-link">
            {t("page.adminNewsCreate.title")}
          </Button>
        )}
      </Group>
      {!loaded.canCreate && <Text data-testid="news-needs-company">{t("newsAdmin.needsCompany")}</Text>}

      <NewsFilters action={listHref} q={loaded.filter.q} state={loaded.filter.state} withDeleted={loaded.isAdmin} />

      <NewsNotice kind={notice} />
      {/* A malformed id or intent names its field: say "not found" rather than "check your input". */}
      <FormError code={failure?.fieldErrors?.["id"] ?? failureCode(failure)} values={failure?.details} />

      <Text role="status" data-testid="news-count">
        {t("newsAdmin.count", { count: loaded.total })}
      </Text>
      {loaded.items.length === 0 ? (
        <Text c="dimmed" data-testid="news-empty">
          {t("newsAdmin.empty")}
        </Text>
      ) : (
        <NewsTable rows={loaded.items} isAdmin={loaded.isAdmin} onDelete={setConfirmDelete} />
      )}
      <NewsPager base={listHref} query={loaded.query} page={loaded.page} pageCount={loaded.pageCount} />

      <NewsDeleteDialog target={confirmDelete} onClose={() => setConfirmDelete(null)} />
    </Stack>
  );
}
