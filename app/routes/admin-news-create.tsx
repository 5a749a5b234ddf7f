import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link, redirect, useActionData, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { NewsForm } from "~/components/news-admin/NewsForm";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { newsFormSchema, uploadedNewsImage } from "~/schemas/news";
import { EMPTY_NEWS_FORM, type NewsFormValues, submittedNewsValues } from "~/schemas/news-values";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { loadActorCompanies } from "~/server/events/relation.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { loadNewsPage, NewsSaveIntent } from "~/server/news/intents.server";
import { createNews, newsCompanyChoices } from "~/server/news/manage.server";
import { newsPolicy } from "~/server/policy/news-policy";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/admin-news-create";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminNewsCreate.title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = await getDb();
  return loadNewsPage(async () => {
    const canCreate = newsPolicy.canCreate(user, await loadActorCompanies(db, user));
    return { canCreate, companyChoices: canCreate ? await newsCompanyChoices(db, user) : [] };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const noValues: { values?: NewsFormValues } = {};
  const form = await readForm(request, noValues);
  if (!(form instanceof FormData)) return form;
  return handleAction(
    async () => {
      const user = requireUser(context);
      const now = clock.now();
      parseForm(NewsSaveIntent, form);
      const input = parseForm(newsFormSchema(now.getUTCFullYear()), form);
      const id = await createNews(await getDb(), user, input, uploadedNewsImage(form), getStorage(), now);
      return redirect(`${href("adminNewsEdit", locale, { id })}?done=created`);
    },
    { values: submittedNewsValues(form) },
  );
}

export default function AdminNewsCreate() {
  const t = useT();
  const locale = useLocale();
  const { canCreate, companyChoices } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const listHref = href("adminNews", locale);
  return (
    <Stack maw={1200}>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminNewsCreate.title")}</Title>
      <Anchor component={Link} to={listHref}>
        {t("newsAdmin.backToList")}
      </Anchor>
      {canCreate ? (
        <NewsForm mode="create" defaults={failure?.values ?? EMPTY_NEWS_FORM} companyChoices={companyChoices} failure={failure} cancelHref={listHref} />
      ) : (
        <Text data-testid="news-needs-company">{t("newsAdmin.needsCompany")}</Text>
      )}
    </Stack>
  );
}
