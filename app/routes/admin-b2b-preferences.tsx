import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link, useActionData, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { PreferenceEditor } from "~/components/b2b/PreferenceEditor";
import { SubmittedNote, WindowNote } from "~/components/b2b/PreferenceNotes";
import { ErrorScreen } from "~/components/ErrorScreen";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { getDb } from "~/server/db/client.server";
import { requireUser } from "~/server/http/require-user.server";
import { preferenceAction, saveFromPage, serializePreferencePage, throwPreferencePageError } from "~/server/matching/preference-routes.server";
import { loadPreferencePage } from "~/server/matching/preferences.server";
import type { Route } from "./+types/admin-b2b-preferences";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminB2bPreferences.title");
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const user = requireUser(context);
  if (!UUID.test(params.companyId)) throw new Response(null, { status: 404 });
  const page = await loadPreferencePage(await getDb(), user, params.id, { companyId: params.companyId.toLowerCase(), locale, asOrganiser: true }).catch(throwPreferencePageError);
  return serializePreferencePage(page);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const companyId = UUID.test(params.companyId) ? params.companyId.toLowerCase() : "00000000-0000-4000-8000-000000000000";
  return preferenceAction(request, saveFromPage(user, params.id, companyId, true), getDb);
}

/** The ranking editor for an organiser acting on a company's behalf, at any time (issue 12). */
export default function AdminB2bPreferencesPage() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Stack gap="lg" maw={1200}>
      <AdminMobileNotice />
      <Stack gap={4}>
        <Anchor component={Link} to={href("adminB2b", locale, { id: d.event.id })} data-testid="prefs-back">
          {t("b2bPrefs.back")}
        </Anchor>
        <Title order={1}>{t("page.adminB2bPreferences.title")}</Title>
        <Text size="lg" fw={600} data-testid="prefs-company-name">
          {d.company.name}
        </Text>
        <Text>
          {d.event.title} · {format.dateTimeRange(d.event.startsAt, d.event.endsAt)}
        </Text>
      </Stack>
      <Text>{t("b2bPrefs.organiserNote", { company: d.company.name })}</Text>
      <WindowNote window={d.window} asOrganiser />
      <PreferenceEditor
        key={d.company.id}
        candidates={d.candidates}
        ranking={d.ranking}
        excluded={d.excluded}
        maxPreferences={d.maxPreferences}
        editable
        onBehalfOf={d.company.name}
        result={result}
        footer={<SubmittedNote submitted={d.submitted} />}
      />
    </Stack>
  );
}
