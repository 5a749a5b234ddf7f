import { Stack, Text, Title } from "@mantine/core";
import { redirect, useActionData, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { EventForm } from "~/components/events/EventForm";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { EVENT_ARRAY_FIELDS, eventFormSchema, uploadedFiles } from "~/schemas/event";
import { EMPTY_EVENT_FORM, type EventFormValues, submittedEventValues } from "~/schemas/event-values";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { eventFormOptions } from "~/server/events/form-options.server";
import { createEvent } from "~/server/events/manage.server";
import { loadActorCompanies } from "~/server/events/relation.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { eventPolicy } from "~/server/policy/event-policy";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/admin-event-create";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminEventCreate.title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = await getDb();
  const canCreate = eventPolicy.canCreate(user, await loadActorCompanies(db, user));
  return { canCreate, ...(canCreate ? await eventFormOptions(db, user) : { organizerChoices: [], companies: [] }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const noValues: { values?: EventFormValues } = {};
  const form = await readForm(request, noValues);
  if (!(form instanceof FormData)) return form;
  return handleAction(
    async () => {
      const user = requireUser(context);
      const input = parseForm(eventFormSchema(clock.now().getUTCFullYear()), form, EVENT_ARRAY_FIELDS);
      const uploads = { images: uploadedFiles(form, "images"), attachments: uploadedFiles(form, "attachments") };
      const id = await createEvent(await getDb(), user, input, uploads, getStorage());
      if (!id) throw new AppError("GENERIC");
      return redirect(`${href("adminEventEdit", locale, { id })}?created=1`);
    },
    { values: submittedEventValues(form) },
  );
}

export default function AdminEventCreate() {
  const t = useT();
  const locale = useLocale();
  const { canCreate, organizerChoices, companies } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <Stack maw={1200}>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminEventCreate.title")}</Title>
      {canCreate ? (
        <EventForm
          mode="create"
          defaults={failure?.values ?? EMPTY_EVENT_FORM}
          organizerChoices={organizerChoices}
          companies={companies}
          files={{ images: [], attachments: [] }}
          failure={failure}
          cancelHref={href("adminEvents", locale)}
        />
      ) : (
        <Text data-testid="event-create-needs-company">{t("eventAdmin.needsCompany")}</Text>
      )}
    </Stack>
  );
}
