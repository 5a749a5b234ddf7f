import { Alert, Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { data, Link, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { EventForm } from "~/components/events/EventForm";
import { EventStateBadge } from "~/components/events/EventStateBadge";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { isBuilt } from "~/routing/catalogue";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { EVENT_ARRAY_FIELDS, eventFormSchema, uploadedFiles } from "~/schemas/event";
import { eventState } from "~/schemas/event-admin-filters";
import { eventToValues, type EventFormValues, submittedEventValues } from "~/schemas/event-values";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { AppError, isAppError } from "~/server/errors";
import { eventFormOptions } from "~/server/events/form-options.server";
import { getEventForEdit, updateEvent } from "~/server/events/manage.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/admin-event-edit";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminEventEdit.title");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  const found = await getEventForEdit(db, user, params.id).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
    if (isAppError(error) && error.code === "FORBIDDEN") throw data({ code: "FORBIDDEN" }, { status: 403 });
    throw error;
  });
  const now = clock.now();
  const { event, files, organizers, organizer } = found;
  const pick = (kind: string) => files.filter((f) => f.kind === kind).map(({ id, storageKey, fileName, sizeBytes }) => ({ id, storageKey, fileName, sizeBytes }));
  return {
    id: event.id,
    /** Changes with every save: the form starts afresh from the stored values and files. */
    version: event.updatedAt.toISOString(),
    title: locale === "cs" ? event.titleCs : event.titleDe,
    organizer: organizer.name,
    state: eventState(event, now),
    values: eventToValues(event, locale, files, organizers.map((o) => o.id), now),
    files: { images: pick("IMAGE"), attachments: pick("ATTACHMENT") },
    ...(await eventFormOptions(db, user)),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const noValues: { values?: EventFormValues } = {};
  const form = await readForm(request, noValues);
  if (!(form instanceof FormData)) return form;
  return handleAction(
    async () => {
      if (!params.id) throw new AppError("NOT_FOUND");
      const input = parseForm(eventFormSchema(clock.now().getUTCFullYear()), form, EVENT_ARRAY_FIELDS);
      const uploads = { images: uploadedFiles(form, "images"), attachments: uploadedFiles(form, "attachments") };
      await updateEvent(await getDb(), requireUser(context), params.id, input, uploads, getStorage());
      return redirect(`${href("adminEventEdit", locale, { id: params.id })}?saved=1`);
    },
    { values: submittedEventValues(form) },
  );
}

export default function AdminEventEdit() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const [search] = useSearchParams();
  const notice = search.get("created") === "1" ? "eventAdmin.created" : search.get("saved") === "1" ? "eventAdmin.saved" : null;
  return (
    <Stack maw={1200}>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminEventEdit.title")}</Title>
      <Group gap="xs">
        <Text fw={600}>{loaded.title}</Text>
        <EventStateBadge state={loaded.state} />
        <Text c="dimmed">{t("eventAdmin.organizerIs", { name: loaded.organizer })}</Text>
      </Group>
      {notice && !failure && (
        <Alert color="green" role="status" data-testid="event-saved">
          {t(notice)}
        </Alert>
      )}
      <Group>
        <Anchor component={Link} to={href("adminEvents", locale)}>
          {t("eventAdmin.backToList")}
        </Anchor>
        {isBuilt("adminEventForm") && (
          <Anchor component={Link} to={href("adminEventForm", locale, { id: loaded.id })} data-testid="event-form-builder-link">
            {t("eventAdmin.openFormBuilder")}
          </Anchor>
        )}
        {/* The spec's "preference ranking for B2B matching" in event editing lives on the B2B page. */}
        {loaded.values.b2b && (
          <Anchor component={Link} to={href("adminB2b", locale, { id: loaded.id })} data-testid="event-b2b-link">
            {t("eventAdmin.openB2b")}
          </Anchor>
        )}
      </Group>
      <EventForm
        // A fresh form after each save (the stored values and files are the new defaults).
        key={loaded.version}
        mode="edit"
        defaults={failure?.values ?? loaded.values}
        organizerChoices={loaded.organizerChoices}
        companies={loaded.companies}
        files={loaded.files}
        failure={failure}
        cancelHref={href("adminEvents", locale)}
        eventId={loaded.id}
      />
    </Stack>
  );
}
