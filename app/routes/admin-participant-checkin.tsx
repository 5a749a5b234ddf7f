import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { data, Form, Link, redirect, useActionData, useLoaderData, useParams } from "react-router";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { RegistrationStatusBadge } from "~/components/participants/RegistrationStatusBadge";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { getDb } from "~/server/db/client.server";
import { isAppError } from "~/server/errors";
import { handleAction, readForm } from "~/server/http/actions.server";
import { throwPageError } from "~/server/http/page-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { listParticipants } from "~/server/participants/list.server";
import { checkIn, undoCheckIn } from "~/server/participants/registration-admin.server";
import type { Route } from "./+types/admin-participant-checkin";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminParticipantCheckin.title");
}

/**
 * The page a name tag's QR code opens (decision 019): for the event's organisers, opening it checks
 * the participant in — the scan is the action, at the door, with a phone. Checking in is idempotent
 * (a second scan says "already checked in" with the first time), and everyone else gets the
 * participant list's "not authorised" message. Never cached.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = await getDb();
  const selection = { filter: { q: "", state: null, country: null, sort: "registeredAt" as const, dir: "asc" as const }, ids: [params.registrationId.toLowerCase()] };
  const before = await listParticipants(db, user, params.id, selection).catch(throwPageError);
  const row = before.rows[0];
  if (!row) throw data(null, { status: 404 });
  const person = { name: row.personName ?? "", company: row.companyName, status: row.status };
  try {
    const result = await checkIn(db, user, params.id, row.id);
    return data(
      { ...person, outcome: result.changed ? ("done" as const) : ("already" as const), status: "ATTENDED" as const, time: result.attendedAt.toISOString(), lostMeetings: result.lostMeetingsAsNoShow },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    if (isAppError(error) && error.code === "CHECKIN_NOT_POSSIBLE") return data({ ...person, outcome: "notPossible" as const, time: null }, { headers: { "Cache-Control": "no-store" } });
    return throwPageError(error);
  }
}

/** Undo leads to the list (filtered to the person): reloading this page would check in again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const db = await getDb();
    const user = requireUser(context);
    await undoCheckIn(db, user, params.id, params.registrationId);
    const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
    const name = form.get("name");
    const query = typeof name === "string" && name ? `?${new URLSearchParams({ q: name.slice(0, 200) }).toString()}` : "";
    return redirect(`${href("adminParticipants", locale, { id: params.id })}${query}`);
  });
}

export default function AdminParticipantCheckin() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const params = useParams();
  const listHref = href("adminParticipants", locale, { id: params.id ?? "" });
  const time = loaded.time ? format.dateTime(loaded.time) : "";
  return (
    <Stack maw={560}>
      <Title order={1}>{t("checkin.title")}</Title>
      {loaded.outcome === "notPossible" ? (
        <Alert color="red" role="alert" data-testid="checkin-result" data-outcome="notPossible">
          {t("checkin.notPossible", { name: loaded.name, status: t(`participants.status.${loaded.status}`) })}
        </Alert>
      ) : (
        <Alert color={loaded.outcome === "done" ? "green" : "blue"} role="status" data-testid="checkin-result" data-outcome={loaded.outcome}>
          <Text size="lg" fw={700}>
            {t(loaded.outcome === "done" ? "checkin.done" : "checkin.already", { name: loaded.name, time })}
          </Text>
        </Alert>
      )}
      {"lostMeetings" in loaded && loaded.lostMeetings && (
        <Alert color="orange" role="alert" data-testid="checkin-lost-meetings">
          <Text mb="xs">{t("checkin.lostMeetings", { company: loaded.company })}</Text>
          <Button component={Link} to={href("adminB2b", locale, { id: params.id ?? "" })} variant="default" size="xs">
            {t("checkin.toB2b")}
          </Button>
        </Alert>
      )}
      <Group gap="sm">
        <Text fw={600}>{loaded.name}</Text>
        <Text>{loaded.company}</Text>
        <RegistrationStatusBadge status={loaded.status} />
      </Group>
      <FormError code={failureCode(result && !result.ok ? result : undefined)} />
      <Group>
        {loaded.outcome !== "notPossible" && (
          <Form method="post">
            <input type="hidden" name="name" value={loaded.name} />
            <Button type="submit" variant="default" data-testid="checkin-undo">
              {t("checkin.undo")}
            </Button>
          </Form>
        )}
        {/* A button-sized link: this page is opened on a phone at the door. */}
        <Button component={Link} to={listHref} variant="light" data-testid="checkin-back">
          {t("checkin.back")}
        </Button>
      </Group>
    </Stack>
  );
}

