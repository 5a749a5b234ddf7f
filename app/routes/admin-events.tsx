import { Alert, Anchor, Button, Group, Modal, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { EventStateBadge } from "~/components/events/EventStateBadge";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { LocaleDateInput } from "~/components/forms/LocaleDateInput";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { isBuilt } from "~/routing/catalogue";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { EVENT_TIME_ZONE } from "~/schemas/berlin-time";
import { formatDateInput } from "~/schemas/date-input";
import { EVENT_STATES, EVENT_TIMES, parseEventAdminFilters } from "~/schemas/event-admin-filters";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { listManagedEvents, listVerifiedCompanies } from "~/server/events/list-managed.server";
import { deleteEvent, restoreEvent, setEventActive } from "~/server/events/manage.server";
import { loadActorCompanies } from "~/server/events/relation.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { eventPolicy } from "~/server/policy/event-policy";
import type { Route } from "./+types/admin-events";
import { dateTimeFormat } from "~/i18n/intl-cache";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminEvents.title");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  const now = clock.now();
  const filters = parseEventAdminFilters(url.searchParams, now.getUTCFullYear());
  const list = await listManagedEvents(db, user, filters, now);
  const isAdmin = user.role === "Admin";
  const when = dateTimeFormat(locale === "cs" ? "cs-CZ" : "de-DE", { timeZone: EVENT_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });
  return {
    isAdmin,
    canCreate: eventPolicy.canCreate(user, await loadActorCompanies(db, user)),
    companies: isAdmin ? await listVerifiedCompanies(db, user) : [],
    filters: {
      q: filters.q,
      state: filters.state ?? "",
      company: filters.company ?? "",
      from: filters.from ? formatDateInput(filters.from, locale) : "",
      to: filters.to ? formatDateInput(filters.to, locale) : "",
      time: filters.time,
    },
    query: url.searchParams.toString(),
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    items: list.items.map((e) => ({
      id: e.id,
      title: locale === "cs" ? e.titleCs : e.titleDe,
      organizer: e.organizer,
      state: e.state,
      starts: when.format(e.startsAt),
      ends: when.format(e.endsAt),
      registered: e.registered,
      waiting: e.waiting,
      capacity: e.maxParticipants,
      b2b: e.b2b,
    })),
  };
}

const ListAction = z.object({ intent: z.enum(["activate", "deactivate", "delete", "restore"], "INVALID_INPUT"), id: z.uuid("NOT_FOUND") });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const { intent, id } = parseForm(ListAction, form);
    const db = await getDb();
    const user = requireUser(context);
    if (intent === "activate" || intent === "deactivate") await setEventActive(db, user, id, intent === "activate");
    if (intent === "delete") await deleteEvent(db, user, id);
    if (intent === "restore") await restoreEvent(db, user, id);
    return { ok: true as const, intent };
  });
}

export default function AdminEvents() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [confirmDelete, setConfirmDelete] = useState<{ id: string; title: string } | null>(null);
  const failure = result && !result.ok ? result : undefined;
  const listHref = href("adminEvents", locale);
  const pageHref = (page: number) => {
    const params = new URLSearchParams(loaded.query);
    params.set("page", String(page));
    return `${listHref}?${params.toString()}`;
  };
  const stateOptions = [{ value: "", label: t("eventAdmin.filter.anyState") }, ...EVENT_STATES.filter((s) => loaded.isAdmin || s !== "deleted").map((s) => ({ value: s, label: t(`eventAdmin.state.${s}`) }))];
  const timeOptions = EVENT_TIMES.map((v) => ({ value: v, label: t(`eventAdmin.filter.time.${v}`) }));

  return (
    <Stack>
      <AdminMobileNotice />
      <Group justify="space-between">
        <Title order={1}>{t("page.adminEvents.title")}</Title>
        {loaded.canCreate && (
          <Button component={Link} to={href("adminEventCreate", locale)} data-testid="event-create-link">
            {t("page.adminEventCreate.title")}
          </Button>
        )}
      </Group>

      <Paper withBorder p="md">
        <Form method="get" action={listHref} role="search" aria-label={t("eventAdmin.filter.title")}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: loaded.isAdmin ? 6 : 5 }}>
            <TextInput name="q" label={t("eventAdmin.filter.q")} defaultValue={loaded.filters.q} />
            <NativeSelect name="state" label={t("eventAdmin.filter.state")} data={stateOptions} defaultValue={loaded.filters.state} />
            {loaded.isAdmin && (
              <NativeSelect
                name="company"
                label={t("eventAdmin.filter.company")}
                data={[{ value: "", label: t("eventAdmin.filter.anyCompany") }, ...loaded.companies.map((c) => ({ value: c.id, label: c.name }))]}
                defaultValue={loaded.filters.company}
              />
            )}
            <LocaleDateInput name="from" label={t("eventAdmin.filter.from")} defaultValue={loaded.filters.from} />
            <LocaleDateInput name="to" label={t("eventAdmin.filter.to")} defaultValue={loaded.filters.to} />
            <NativeSelect name="time" label={t("eventAdmin.filter.when")} data={timeOptions} defaultValue={loaded.filters.time} />
          </SimpleGrid>
          <Group mt="sm">
            <Button type="submit" variant="light" data-testid="event-filter-submit">
              {t("eventAdmin.filter.apply")}
            </Button>
            <Anchor component={Link} to={listHref}>
              {t("eventAdmin.filter.reset")}
            </Anchor>
          </Group>
        </Form>
      </Paper>

      {result?.ok && (
        <Alert color="green" role="status" data-testid="event-action-done">
          {t(`eventAdmin.done.${result.intent}`)}
        </Alert>
      )}
      <FormError code={failureCode(failure)} values={failure?.details} />

      <Text role="status" data-testid="event-count">
        {t("eventAdmin.count", { count: loaded.total })}
      </Text>
      {loaded.items.length === 0 ? (
        <Text c="dimmed">{t("eventAdmin.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped data-testid="event-table">
            <Table.Caption>{t("page.adminEvents.title")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("eventAdmin.col.title")}</Table.Th>
                <Table.Th scope="col">{t("eventAdmin.col.organizer")}</Table.Th>
                <Table.Th scope="col">{t("eventAdmin.col.state")}</Table.Th>
                <Table.Th scope="col">{t("eventAdmin.col.dates")}</Table.Th>
                <Table.Th scope="col">{t("eventAdmin.col.registrations")}</Table.Th>
                <Table.Th scope="col">{t("eventAdmin.col.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaded.items.map((e) => (
                <Table.Tr key={e.id} data-testid="event-row" data-event-id={e.id}>
                  <Table.Td>
                    {e.state === "deleted" ? (
                      e.title
                    ) : (
                      <Anchor component={Link} to={href("adminEventEdit", locale, { id: e.id })}>
                        {e.title}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>{e.organizer}</Table.Td>
                  <Table.Td>
                    <EventStateBadge state={e.state} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{e.starts}</Text>
                    <Text size="sm" c="dimmed">
                      {t("eventAdmin.until", { date: e.ends })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {e.capacity === null
                        ? t("eventAdmin.registeredUnlimited", { count: format.number(e.registered) })
                        : t("eventAdmin.registeredOf", { count: format.number(e.registered), max: format.number(e.capacity) })}
                    </Text>
                    {e.waiting > 0 && (
                      <Text size="sm" c="dimmed">
                        {t("eventAdmin.waiting", { count: e.waiting })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      {e.state === "deleted" ? (
                        loaded.isAdmin && <IntentButton id={e.id} intent="restore" label={t("eventAdmin.restore")} busy={busy} />
                      ) : (
                        <>
                          <Button component={Link} to={href("adminEventEdit", locale, { id: e.id })} size="compact-sm" variant="default" aria-label={t("eventAdmin.editNamed", { title: e.title })}>
                            {t("action.edit")}
                          </Button>
                          {isBuilt("adminParticipants") && (
                            <Button component={Link} to={href("adminParticipants", locale, { id: e.id })} size="compact-sm" variant="default" aria-label={t("eventAdmin.participantsNamed", { title: e.title })} data-testid="event-participants-link">
                              {t("page.adminParticipants.title")}
                            </Button>
                          )}
                          {e.b2b && (
                            <Button component={Link} to={href("adminB2b", locale, { id: e.id })} size="compact-sm" variant="default" aria-label={t("eventAdmin.b2bNamed", { title: e.title })} data-testid="event-b2b-link">
                              {t("page.adminB2b.title")}
                            </Button>
                          )}
                          {isBuilt("adminEventForm") && (
                            <Button component={Link} to={href("adminEventForm", locale, { id: e.id })} size="compact-sm" variant="default" aria-label={t("eventAdmin.formNamed", { title: e.title })}>
                              {t("eventAdmin.openFormBuilder")}
                            </Button>
                          )}
                          <IntentButton
                            id={e.id}
                            intent={e.state === "inactive" ? "activate" : "deactivate"}
                            label={t(e.state === "inactive" ? "eventAdmin.activate" : "eventAdmin.deactivate")}
                            busy={busy}
                          />
                          <Button size="compact-sm" color="red" variant="light" onClick={() => setConfirmDelete({ id: e.id, title: e.title })} data-testid="event-delete">
                            {t("action.delete")}
                          </Button>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {loaded.pageCount > 1 && (
        <Group component="nav" aria-label={t("eventAdmin.pages")}>
          {loaded.page > 1 && (
            <Anchor component={Link} to={pageHref(loaded.page - 1)}>
              {t("eventAdmin.previous")}
            </Anchor>
          )}
          <Text>{t("eventAdmin.pageOf", { page: loaded.page, pages: loaded.pageCount })}</Text>
          {loaded.page < loaded.pageCount && (
            <Anchor component={Link} to={pageHref(loaded.page + 1)}>
              {t("eventAdmin.next")}
            </Anchor>
          )}
        </Group>
      )}

      <Modal opened={confirmDelete !== null} onClose={() => setConfirmDelete(null)} title={t("eventAdmin.deleteTitle")}>
        <Form method="post" onSubmit={() => setConfirmDelete(null)}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={confirmDelete?.id ?? ""} />
          <Text mb="md">{t("eventAdmin.deleteText", { title: confirmDelete?.title ?? "" })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(null)}>
              {t("action.cancel")}
            </Button>
            <Button type="submit" color="red" data-testid="event-delete-confirm">
              {t("action.delete")}
            </Button>
          </Group>
        </Form>
      </Modal>
    </Stack>
  );
}

function IntentButton({ id, intent, label, busy }: { id: string; intent: string; label: string; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="compact-sm" variant="default" disabled={busy} data-testid={`event-${intent}`}>
        {label}
      </Button>
    </Form>
  );
}
