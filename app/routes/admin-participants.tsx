import { Alert, Anchor, Button, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { ParticipantFilters } from "~/components/participants/ParticipantFilters";
import { ParticipantTable, type PendingDelete } from "~/components/participants/ParticipantTable";
import { ParticipantTools } from "~/components/participants/ParticipantTools";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { isBuilt } from "~/routing/catalogue";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { parseParticipantSelection, selectionQuery } from "~/schemas/participant-selection";
import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { companies } from "~/server/db/schema";
import { parseForm, unexpectedAs } from "~/server/http/actions.server";
import { throwPageError } from "~/server/http/page-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { listParticipants } from "~/server/participants/list.server";
import { checkIn, deleteRegistration, undoCheckIn } from "~/server/participants/registration-admin.server";
import type { Route } from "./+types/admin-participants";
import { toolkitAction } from "~/server/participants/toolkit-action.server";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminParticipants.title");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  // The page lists the filter's rows; ticked ids live in the browser and travel with the tools.
  const { filter } = parseParticipantSelection(url.searchParams);
  const list = await listParticipants(db, user, params.id, { filter, ids: [] }).catch(throwPageError);
  const { event } = list;
  return {
    event: {
      id: event.id,
      title: locale === "cs" ? event.titleCs : event.titleDe,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      capacity: event.maxParticipants,
      b2b: event.b2b,
      deleted: event.deletedAt !== null,
    },
    filter,
    counts: list.counts,
    total: Object.values(list.counts).reduce((a, b) => a + b, 0),
    columns: list.columns,
    rows: list.rows.map((r) => ({ ...r, registeredAt: r.registeredAt.toISOString(), attendedAt: r.attendedAt?.toISOString() ?? null })),
    tools: {
      mail: isBuilt("adminParticipantMail"),
      nameTags: isBuilt("adminNameTags"),
      invoices: isBuilt("adminInvoices"),
      invoiceCreate: isBuilt("adminInvoiceCreate"),
      pdf: isBuilt("adminParticipantsPdf"),
      evaluation: isBuilt("adminEventEvaluation"),
    },
  };
}

const RowAction = z.object({ intent: z.enum(["checkIn", "undoCheckIn", "delete"], "INVALID_INPUT"), registrationId: z.uuid("NOT_FOUND") });

export async function action({ request, params, context }: Route.ActionArgs) {
  return toolkitAction(request, context, params.id, async ({ db, user, form }) => {
    const { intent, registrationId } = parseForm(RowAction, form);
    if (intent === "checkIn") {
      // A B2B company treated as a no-show before this check-in has lost its meetings: said (decision 059).
      const checked = await checkIn(db, user, params.id, registrationId);
      if (!checked.lostMeetingsAsNoShow) return { ok: true as const, intent, promoted: 0 };
      const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, checked.companyId));
      return { ok: true as const, intent, promoted: 0, lostMeetings: company?.name ?? "" };
    }
    if (intent === "undoCheckIn") await undoCheckIn(db, user, params.id, registrationId);
    if (intent === "delete") {
      const { promoted } = await deleteRegistration(db, user, params.id, registrationId).catch(unexpectedAs("PARTICIPANT_DELETE_FAILED"));
      return { ok: true as const, intent, promoted: promoted.length };
    }
    return { ok: true as const, intent, promoted: 0 };
  });
}

export default function AdminParticipants() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const tick = (ids: string[], on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  // Only rows still shown count (a filter or a deletion may have removed ticked ones).
  const tickedShown = loaded.rows.filter((r) => ticked.has(r.id)).length;
  const failure = result && !result.ok ? result : undefined;
  const { event } = loaded;
  const { counts } = loaded;
  const listHref = href("adminParticipants", locale, { id: event.id });

  return (
    <Stack>
      <div>
        <Title order={1}>{t("page.adminParticipants.title")}</Title>
        <Text size="lg" fw={600} data-testid="participants-event-title">
          {event.title}
        </Text>
        <Text c="dimmed">{format.dateTimeRange(event.startsAt, event.endsAt)}</Text>
        <Group gap="md" mt="xs">
          {!event.deleted && (
            <Anchor component={Link} to={href("adminEventEdit", locale, { id: event.id })}>
              {t("participants.editEvent")}
            </Anchor>
          )}
          {loaded.tools.evaluation && (
            <Anchor component={Link} to={href("adminEventEvaluation", locale, { id: event.id })} data-testid="participants-evaluation-link">
              {t("page.adminEventEvaluation.title")}
            </Anchor>
          )}
          {loaded.tools.invoices && (
            <Anchor component={Link} to={href("adminInvoices", locale, { id: event.id })} data-testid="participants-invoices-link">
              {t("page.adminInvoices.title")}
            </Anchor>
          )}
        </Group>
      </div>

      <Text data-testid="participants-summary">
        {t("participants.summary", {
          total: loaded.total,
          registered: counts.REGISTERED + counts.ATTENDED,
          attended: counts.ATTENDED,
          waiting: counts.WAITING,
          cancelled: counts.CANCELLED,
        })}
        {event.capacity !== null && ` ${t("participants.capacity", { max: format.number(event.capacity) })}`}
      </Text>
      {loaded.rows.length !== loaded.total && (
        <Text role="status" data-testid="participants-shown">
          {t("participants.shown", { shown: loaded.rows.length, total: loaded.total })}
        </Text>
      )}

      <ParticipantFilters filter={loaded.filter} action={listHref} />

      {result?.ok && (
        <Alert color="green" role="status" data-testid="participants-done">
          {t(`participants.done.${result.intent}`, { promoted: result.promoted })}
        </Alert>
      )}
      {result?.ok && "lostMeetings" in result && typeof result.lostMeetings === "string" && (
        <Alert color="orange" role="alert" data-testid="checkin-lost-meetings">
          <Text mb="xs">{t("checkin.lostMeetings", { company: result.lostMeetings })}</Text>
          <Anchor component={Link} to={href("adminB2b", locale, { id: event.id })}>
            {t("checkin.toB2b")}
          </Anchor>
        </Alert>
      )}
      <FormError code={failureCode(failure)} values={failure?.details} />

      {loaded.total === 0 ? (
        <Text data-testid="participants-empty">{t("participants.none")}</Text>
      ) : (
        <>
          <ParticipantTools eventId={event.id} filter={loaded.filter} tools={loaded.tools} ticked={tickedShown} shown={loaded.rows.length} />
          <ParticipantTable
            eventId={event.id}
            rows={loaded.rows}
            columns={loaded.columns}
            filter={loaded.filter}
            listHref={listHref}
            busy={busy}
            invoiceCreate={loaded.tools.invoiceCreate}
            ticked={ticked}
            onTick={tick}
            onDelete={setPendingDelete}
          />
        </>
      )}

      <Modal opened={pendingDelete !== null} onClose={() => setPendingDelete(null)} title={t("participants.deleteTitle")}>
        <Form method="post" action={`${listHref}${selectionQuery({ filter: loaded.filter, ids: [] })}`} onSubmit={() => setPendingDelete(null)}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="registrationId" value={pendingDelete?.id ?? ""} />
          <Text mb="md">{t("participants.deleteText", { name: pendingDelete?.name ?? "", company: pendingDelete?.company ?? "" })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPendingDelete(null)}>
              {t("action.cancel")}
            </Button>
            <Button type="submit" color="red.9" data-autofocus data-testid="participant-delete-confirm">
              {t("participants.deleteConfirm")}
            </Button>
          </Group>
        </Form>
      </Modal>
    </Stack>
  );
}
