import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { NewsDeleteDialog } from "~/components/news-admin/NewsDeleteDialog";
import { NewsForm } from "~/components/news-admin/NewsForm";
import { NewsIntentButton } from "~/components/news-admin/NewsIntentButton";
import { NewsNotice, noticeOf } from "~/components/news-admin/NewsNotice";
import { NewsStateBadge } from "~/components/news-admin/NewsStateBadge";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { isBuilt } from "~/routing/catalogue";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { newsFormSchema, newsState, uploadedNewsImage } from "~/schemas/news";
import { type NewsFormValues, newsToValues, submittedNewsValues } from "~/schemas/news-values";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { loadNewsPage, NewsEditIntent, runNewsRowAction } from "~/server/news/intents.server";
import { getNewsForEdit, updateNews } from "~/server/news/manage.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/admin-news-edit";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminNewsEdit.title");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  const now = clock.now();
  return loadNewsPage(async () => {
    const n = await getNewsForEdit(db, user, params.id, now);
    const state = newsState(n, now);
    return {
      id: n.id,
      /** Changes with every save: the form starts afresh from the stored values. */
      version: n.updatedAt.toISOString(),
      title: locale === "cs" ? n.titleCs : n.titleDe,
      state,
      companyName: n.companyName,
      authorName: n.authorName,
      imageKey: n.imageKey,
      alreadyPublished: n.publishAt <= now,
      values: newsToValues(n, locale, now),
      isAdmin: user.role === "Admin",
      // The public page, once it is built and the item is public.
      publicHref: state === "PUBLISHED" && isBuilt("newsDetail") ? href("newsDetail", locale, { id: n.id }) : null,
    };
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const noValues: { values?: NewsFormValues } = {};
  const form = await readForm(request, noValues);
  if (!(form instanceof FormData)) return form;
  // Only a refused save refills the form; a refused row action leaves it as it was.
  const refill = form.get("intent") === "save" ? { values: submittedNewsValues(form) } : noValues;
  return handleAction(async () => {
    const { intent } = parseForm(NewsEditIntent, form);
    const id = params.id;
    if (!id) throw new AppError("NOT_FOUND");
    const user = requireUser(context);
    const db = await getDb();
    const now = clock.now();
    const editHref = href("adminNewsEdit", locale, { id });
    if (intent === "save") {
      const input = parseForm(newsFormSchema(now.getUTCFullYear()), form);
      await updateNews(db, user, id, input, uploadedNewsImage(form), getStorage(), now);
      return redirect(`${editHref}?done=saved`);
    }
    await runNewsRowAction(db, user, intent, id, now);
    return redirect(intent === "delete" ? `${href("adminNews", locale)}?done=delete` : `${editHref}?done=${intent}`);
  }, refill);
}

export default function AdminNewsEdit() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const [search] = useSearchParams();
  const [confirmDelete, setConfirmDelete] = useState<{ id: string; title: string } | null>(null);
  const saveFailure = failure?.values ? failure : undefined;
  const otherFailure = failure && !failure.values ? failure : undefined;
  const deleted = loaded.state === "DELETED";
  const notice = failure ? null : noticeOf(search.get("done"));

  return (
    <Stack maw={1200}>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminNewsEdit.title")}</Title>
      <Group gap="xs">
        <Text fw={600} data-testid="news-edit-title">
          {loaded.title}
        </Text>
        <NewsStateBadge state={loaded.state} />
        <Text c="dimmed" data-testid="news-company-name">
          {t("newsAdmin.companyIs", { name: loaded.companyName })}
        </Text>
        <Text c="dimmed">{t("newsAdmin.authorIs", { name: loaded.authorName })}</Text>
      </Group>
      <NewsNotice kind={notice} />
      <FormError code={failureCode(otherFailure)} values={otherFailure?.details} />
      <Group gap="md" data-testid="news-edit-actions">
        <Anchor component={Link} to={href("adminNews", locale)}>
          {t("newsAdmin.backToList")}
        </Anchor>
        {loaded.publicHref && (
          <Anchor component={Link} to={loaded.publicHref} data-testid="news-view">
            {t("newsAdmin.view")}
          </Anchor>
        )}
        {deleted ? (
          loaded.isAdmin && <NewsIntentButton id={loaded.id} intent="restore" label={t("newsAdmin.restore")} />
        ) : (
          <>
            {loaded.isAdmin && (
              <NewsIntentButton
                id={loaded.id}
                intent={loaded.state === "INACTIVE" ? "activate" : "deactivate"}
                label={t(loaded.state === "INACTIVE" ? "newsAdmin.activate" : "newsAdmin.deactivate")}
              />
            )}
            <Button size="compact-sm" color="red" variant="light" onClick={() => setConfirmDelete({ id: loaded.id, title: loaded.title })} data-testid="news-delete">
              {t("action.delete")}
            </Button>
          </>
        )}
      </Group>
      {deleted ? (
        <Alert color="gray" variant="light" data-testid="news-deleted-hint">
          {t("newsAdmin.deletedHint")}
        </Alert>
      ) : (
        <NewsForm
          // A fresh form after each save (the stored values are the new defaults).
          key={loaded.version}
          mode="edit"
          defaults={saveFailure?.values ?? loaded.values}
          companyChoices={[]}
          imageKey={loaded.imageKey}
          alreadyPublished={loaded.alreadyPublished}
          failure={saveFailure}
          cancelHref={href("adminNews", locale)}
          newsId={loaded.id}
        />
      )}
      <NewsDeleteDialog target={confirmDelete} onClose={() => setConfirmDelete(null)} />
    </Stack>
  );
}
