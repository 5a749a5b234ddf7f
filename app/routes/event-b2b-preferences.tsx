import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { Link, useActionData, useLoaderData } from "react-router";
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
import type { Route } from "./+types/event-b2b-preferences";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.eventB2bPreferences.title");
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function companyParam(value: FormDataEntryValue | string | null): string | null {
  return typeof value === "string" && UUID.test(value) ? value.toLowerCase() : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const raw = url.searchParams.get("company");
  // A malformed ?company= is someone else's company as far as this user is concerned.
  const companyId = raw === null || raw === "" ? null : (companyParam(raw) ?? "00000000-0000-4000-8000-000000000000");
  const page = await loadPreferencePage(await getDb(), user, params.id, { companyId, locale }).catch(throwPreferencePageError);
  return serializePreferencePage(page);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  // An unknown or malformed company is refused by the gate (not a company of this user).
  const companyOf = (form: FormData) => companyParam(form.get("company")) ?? "00000000-0000-4000-8000-000000000000";
  return preferenceAction(request, saveFromPage(user, params.id, companyOf, false), getDb);
}

export default function EventB2bPreferencesPage() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1}>{t("page.eventB2bPreferences.title")}</Title>
        <Text size="lg" fw={600}>
          <Anchor component={Link} to={href("eventDetail", locale, { id: d.event.id })}>
            {d.event.title}
          </Anchor>
        </Text>
        <Text c="dimmed">{format.dateTimeRange(d.event.startsAt, d.event.endsAt)}</Text>
      </Stack>
      {d.ownCompanies.length > 1 ? (
        <form method="get">
          <Group align="flex-end" gap="sm">
            <NativeSelect name="company" label={t("b2bPrefs.chooseCompany")} defaultValue={d.company.id} data={d.ownCompanies.map((c) => ({ value: c.id, label: c.name }))} data-testid="prefs-company" />
            <Button type="submit" variant="default">
              {t("b2bPrefs.chooseCompanySubmit")}
            </Button>
          </Group>
        </form>
      ) : (
        <Text fw={600} data-testid="prefs-company-name">
          {t("b2bPrefs.forCompany", { company: d.company.name })}
        </Text>
      )}
      <Text>{t("b2bPrefs.intro", { max: d.maxPreferences })}</Text>
      <WindowNote window={d.window} />
      {!d.window.open && !d.submitted && d.ranking.length === 0 && (
        <Alert color="gray" data-testid="prefs-none-submitted">
          {t("b2bPrefs.notSubmitted")}
        </Alert>
      )}
      <PreferenceEditor
        key={d.company.id}
        candidates={d.candidates}
        ranking={d.ranking}
        excluded={d.excluded}
        maxPreferences={d.maxPreferences}
        editable={d.window.open}
        result={result}
        hiddenFields={{ company: d.company.id }}
        footer={<SubmittedNote submitted={d.submitted} />}
      />
    </Stack>
  );
}
