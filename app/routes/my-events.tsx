import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useLoaderData } from "react-router";
import { ConfirmDialog } from "~/components/company-detail/lazy-dialogs";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { pageMeta } from "~/routing/current-page";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { getDb } from "~/server/db/client.server";
import { getMyEvents } from "~/server/events/my-events.server";
import { runRegistrationIntent } from "~/server/events/registration-actions.server";
import { handleAction, readForm } from "~/server/http/actions.server";
import { userContext } from "~/server/http/context";
import { EventTimeRange } from "~/components/events/EventTimeRange";
import { PersonalCalendarFeed } from "~/components/events/PersonalCalendarFeed";
import { localeOfPath } from "~/i18n/locales";
import { absoluteUrl } from "~/server/accounts/links.server";
import { createFeedToken, feedTokenState, revokeFeedToken } from "~/server/calendar/feeds.server";
import type { Route } from "./+types/my-events";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.myEvents.title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = await getDb();
  const actor = context.get(userContext);
  return { ...(await getMyEvents(db, actor)), calendarFeed: await feedTokenState(db, actor) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const intent = String(form.get("intent") ?? "");
  const actor = context.get(userContext);
  // The personal calendar feed (issue 25, decision 062): the new secret URL is shown once.
  if (intent === "calendarFeedCreate" || intent === "calendarFeedRevoke") {
    const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
    return handleAction(async () => {
      const db = await getDb();
      if (intent === "calendarFeedRevoke") {
        await revokeFeedToken(db, actor);
        return { ok: true as const, intent: "calendarFeed" as const, revoked: true };
      }
      const token = await createFeedToken(db, actor);
      return { ok: true as const, intent: "calendarFeed" as const, feedUrl: absoluteUrl("personalCalendarFeed", locale, { token }) };
    }, { intent: "calendarFeed" as const });
  }
  return handleAction(async () => runRegistrationIntent(await getDb(), actor, form), { intent: "cancel" });
}

type Registration = Awaited<ReturnType<typeof loader>>["upcoming"][number];

const STATUS_COLOR: Record<string, string> = { REGISTERED: "#1b5e20", ATTENDED: "#1b5e20", WAITING: "#8a3c00", CANCELLED: "gray.7" };

function RegistrationCard({ r, onCancel }: { r: Registration; onCancel: (r: Registration) => void }) {
  const t = useT();
  const locale = useLocale();
  const title = locale === "cs" ? r.titleCs : r.titleDe;
  return (
    <Card withBorder padding="md" component="li" data-testid="my-event" data-status={r.status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={700}>
            <EventTimeRange start={r.startsAt} end={r.endsAt} />
          </Text>
          <Badge color={STATUS_COLOR[r.status] ?? "gray.7"}>{t(`myEvents.status.${r.status}` as MessageKey)}</Badge>
        </Group>
        <Title order={3} size="h4" className="hyphenate">
          <Anchor component={Link} to={href("eventDetail", locale, { id: r.eventId })}>
            {title}
          </Anchor>
        </Title>
        <Text size="sm">
          {r.online ? t("events.card.online") : r.city} · {t("myEvents.forCompany", { company: r.companyName })}
        </Text>
        {r.agenda && <AgendaLinks r={r} title={title} />}
        <Group gap="sm">
          {r.status !== "CANCELLED" && (
            <Button component="a" href={href("eventCalendar", locale, { id: r.eventId })} download size="xs" variant="default">
              {t("myEvents.ics")}
            </Button>
          )}
          {r.b2bPreferences && (
            <Button component={Link} to={href("eventB2bPreferences", locale, { id: r.eventId })} size="xs" aria-label={t("myEvents.b2bPreferencesLabel", { title })} data-testid="my-event-b2b-preferences">
              {t("myEvents.b2bPreferences")}
            </Button>
          )}
          {r.canCancel && (
            <Button size="xs" variant="default" color="red" onClick={() => onCancel(r)} data-testid="my-event-cancel" aria-label={t("myEvents.cancelLabel", { title })}>
              {t("eventDetail.own.cancel")}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** A published B2B schedule: the company's agenda on the event page and its downloads, in one compact line. */
function AgendaLinks({ r, title }: { r: Registration; title: string }) {
  const t = useT();
  const locale = useLocale();
  const query = `?${new URLSearchParams({ company: r.companyId })}`;
  return (
    <Group gap="xs" wrap="wrap" data-testid="my-event-agenda">
      <Anchor component={Link} to={`${href("eventDetail", locale, { id: r.eventId })}${query}#b2b-agenda`} size="sm" fw={600}>
        {t("myEvents.agenda")}
      </Anchor>
      {r.agendaChanged && (
        <Badge color="#8a4b00" variant="filled" size="sm" data-testid="my-event-agenda-changed">
          {t("b2bAgenda.changed")}
        </Badge>
      )}
      <Text span size="sm" aria-hidden>
        ·
      </Text>
      <Anchor href={`${href("eventB2bAgendaPdf", locale, { id: r.eventId })}${query}`} download size="sm" aria-label={t("myEvents.agendaPdfLabel", { title })} data-testid="my-event-agenda-pdf">
        {t("myEvents.agendaPdf")}
      </Anchor>
      <Text span size="sm" aria-hidden>
        ·
      </Text>
      <Anchor href={`${href("eventB2bAgendaIcs", locale, { id: r.eventId })}${query}`} download size="sm" aria-label={t("myEvents.agendaIcsLabel", { title })} data-testid="my-event-agenda-ics">
        {t("myEvents.agendaIcs")}
      </Anchor>
    </Group>
  );
}

export default function MyEventsPage() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const { upcoming, past, organised, calendarFeed } = useLoaderData<typeof loader>();
  const [target, setTarget] = useState<Registration | null>(null);
  const list = (items: Registration[], testId: string) => (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} data-testid={testId}>
      {items.map((r) => (
        <RegistrationCard key={r.id} r={r} onCancel={setTarget} />
      ))}
    </Stack>
  );

  return (
    <Stack gap="xl" maw={900}>
      <Title order={1}>{t("myEvents.title")}</Title>
      <section aria-labelledby="my-upcoming">
        <Title order={2} size="h3" id="my-upcoming" mb="sm">
          {t("myEvents.upcoming")}
        </Title>
        {upcoming.length === 0 ? (
          <Text>
            {t("myEvents.noneUpcoming")}{" "}
            <Anchor component={Link} to={href("eventList", locale)} underline="always">
              {t("myEvents.findEvents")}
            </Anchor>
          </Text>
        ) : (
          list(upcoming, "my-events-upcoming")
        )}
      </section>
      <section aria-labelledby="my-past">
        <Title order={2} size="h3" id="my-past" mb="sm">
          {t("myEvents.past")}
        </Title>
        {past.length === 0 ? <Text>{t("myEvents.nonePast")}</Text> : list(past, "my-events-past")}
      </section>
      <PersonalCalendarFeed feed={calendarFeed} />
      {organised.length > 0 && (
        <section aria-labelledby="my-organised">
          <Title order={2} size="h3" id="my-organised" mb="sm">
            {t("myEvents.organised")}
          </Title>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} data-testid="my-events-organised">
            {organised.map((e) => (
              <li key={e.id}>
                <Group gap="sm" wrap="wrap">
                  <time dateTime={e.startsAt}>{format.date(e.startsAt)}</time>
                  <Anchor component={Link} to={href("eventDetail", locale, { id: e.id })}>
                    {locale === "cs" ? e.titleCs : e.titleDe}
                  </Anchor>
                  <Anchor component={Link} to={href("adminEventEdit", locale, { id: e.id })} size="sm">
                    {t("eventDetail.edit")}
                  </Anchor>
                  {isBuilt("adminParticipants") && (
                    <Anchor component={Link} to={href("adminParticipants", locale, { id: e.id })} size="sm">
                      {t("page.adminParticipants.title")}
                    </Anchor>
                  )}
                  {!e.active && <Badge color="gray.7">{t("myEvents.inactive")}</Badge>}
                </Group>
              </li>
            ))}
          </Stack>
        </section>
      )}
      {target && (
        <ConfirmDialog
          opened
          onClose={() => setTarget(null)}
          title={t("eventDetail.own.cancelTitle")}
          text={t("eventDetail.own.cancelText")}
          confirmLabel={t("eventDetail.own.cancelConfirm")}
          fields={{ intent: "cancel", registrationId: target.id }}
          successMessage="eventDetail.own.cancelled"
        />
      )}
    </Stack>
  );
}
