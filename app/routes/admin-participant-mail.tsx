import { Alert, Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { Link, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { MailComposeForm } from "~/components/participant-mail/MailComposeForm";
import { MailHistory } from "~/components/participant-mail/MailHistory";
import { MailProgress } from "~/components/participant-mail/MailProgress";
import { RecipientsSummary } from "~/components/participant-mail/RecipientsSummary";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { participantMailSchema } from "~/schemas/participant-mail";
import { parseParticipantSelection, selectionQuery } from "~/schemas/participant-selection";
import { getDb } from "~/server/db/client.server";
import { isAppError } from "~/server/errors";
import { handleAction, parseForm, readForm, unexpectedAs } from "~/server/http/actions.server";
import { throwPageError } from "~/server/http/page-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { createMailing, getMailing, listMailings, previewRecipients } from "~/server/participants/mailing.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/admin-participant-mail";
import { requireParticipantAccess } from "~/server/participants/access.server";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminParticipantMail.title");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  const eventId = params.id;
  const selection = parseParticipantSelection(url.searchParams);
  const mailingId = url.searchParams.get("mailing");
  try {
    const [preview, history, mailing] = await Promise.all([
      previewRecipients(db, user, eventId, selection),
      listMailings(db, user, eventId, locale),
      mailingId ? getMailing(db, user, eventId, mailingId, locale) : null,
    ]);
    const { event } = preview;
    return {
      eventId,
      title: locale === "cs" ? event.titleCs : event.titleDe,
      audience: preview.audience,
      recipients: preview.recipients.map((r) => ({ registrationId: r.registrationId, name: r.name, email: r.email, locale: r.locale })),
      selectionQuery: selectionQuery(selection),
      history,
      mailing,
    };
  } catch (error) {
    throwPageError(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const user = requireUser(context);
    const db = await getDb();
    // Who may act is decided before what was sent is read.
    await requireParticipantAccess(db, user, params.id).catch(throwPageError);
    const selection = parseParticipantSelection(form);
    const texts = parseForm(participantMailSchema(locale), form);
    const file = form.get("attachment");
    const attachment = file instanceof File && file.size > 0 ? file : null;
    const created = await createMailing(db, user, params.id, { selection, texts, attachment }, getStorage(), locale).catch((error: unknown) => {
      // The gate's refusals are the error page (as for the loader); everything else is the form's.
      if (isAppError(error) && (error.code === "NOT_FOUND" || error.code === "PARTICIPANT_LIST_FORBIDDEN")) throwPageError(error);
      // The mailing could not be stored (so not queued either): the spec's "send e-mail error".
      return unexpectedAs("MAIL_SEND_ERROR")(error);
    });
    const query = new URLSearchParams(selectionQuery(selection).slice(1));
    query.set("mailing", created.id);
    query.set("sent", "1");
    return redirect(`${href("adminParticipantMail", locale, { id: params.id })}?${query.toString()}`);
  });
}

export default function AdminParticipantMail() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const [search] = useSearchParams();
  const listHref = `${href("adminParticipants", locale, { id: loaded.eventId })}${loaded.selectionQuery}`;
  const composeHref = `${href("adminParticipantMail", locale, { id: loaded.eventId })}${loaded.selectionQuery}`;
  return (
    <Stack maw={1200}>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminParticipantMail.title")}</Title>
      <Text fw={600}>{loaded.title}</Text>
      <Group>
        <Anchor component={Link} to={listHref} data-testid="back-to-participants">
          {t("participantMail.backToList")}
        </Anchor>
      </Group>
      {loaded.mailing ? (
        <>
          {search.get("sent") === "1" && (
            <Alert color="green" role="status" data-testid="mail-sent">
              {t("participantMail.sent")}
            </Alert>
          )}
          <MailProgress mailing={loaded.mailing} />
          <Anchor component={Link} to={composeHref} data-testid="new-mail">
            {t("participantMail.newMail")}
          </Anchor>
        </>
      ) : (
        <>
          <RecipientsSummary audience={loaded.audience} recipients={loaded.recipients} />
          {loaded.recipients.length > 0 && <MailComposeForm recipientCount={loaded.recipients.length} selectionQuery={loaded.selectionQuery} failure={failure} />}
        </>
      )}
      <MailHistory mailings={loaded.history} currentId={loaded.mailing?.id ?? null} baseHref={composeHref} />
    </Stack>
  );
}
