import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { B2bFigures } from "~/components/b2b/B2bFigures";
import { B2bPlanForm } from "~/components/b2b/B2bPlanForm";
import { B2bRunHistory } from "~/components/b2b/B2bRunHistory";
import { B2bSchedule } from "~/components/b2b/B2bSchedule";
import { NoShowPanel } from "~/components/b2b/NoShowPanel";
import { ConfirmSubmit } from "~/components/b2b/ConfirmSubmit";
import { PreferenceStatusPanel } from "~/components/b2b/PreferenceStatusPanel";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { toBerlin } from "~/schemas/berlin-time";
import { B2B_PLAN_ARRAY_FIELDS, b2bPlanFormSchema } from "~/schemas/b2b-plan";
import { B2bLockSchema, B2bMoveSchema, B2bRunRefSchema } from "~/schemas/b2b-schedule";
import { formatDateInput, formatTimeInput } from "~/schemas/date-input";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { parseForm } from "~/server/http/actions.server";
import { throwPageError } from "~/server/http/page-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { b2bAction } from "~/server/matching/b2b-action.server";
import { loadB2bOverview } from "~/server/matching/overview.server";
import { noShowOverview, rematchNoShows, setCompanyAbsent, setNoShowCutoff } from "~/server/matching/no-shows.server";
import { saveB2bPlan } from "~/server/matching/plan-save.server";
import { preferenceStatus } from "~/server/matching/preferences.server";
import { remindMissingPreferences } from "~/server/matching/preference-reminders.server";
import { serializePreferenceStatus } from "~/server/matching/preference-routes.server";
import { moveMeeting, publishRun, restoreRun, runMatching, setMeetingLock } from "~/server/matching/runs.server";
import type { Route } from "./+types/admin-b2b";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminB2b.title");
}

const dateText = (d: Date, locale: "de" | "cs") => formatDateInput(toBerlin(d), locale);
const timeText = (d: Date) => formatTimeInput(toBerlin(d));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  const overview = await loadB2bOverview(db, user, params.id).catch(throwPageError);
  const status = await preferenceStatus(db, user, params.id);
  const noShows = await noShowOverview(db, user, params.id);
  const { plan, event } = overview;
  const firstRound = plan.roundStarts[0] ? new Date(plan.roundStarts[0]) : event.startsAt;
  return {
    ...overview,
    status: serializePreferenceStatus(status),
    noShows,
    title: locale === "cs" ? event.titleCs : event.titleDe,
    eventTimes: { startsAt: event.startsAt.toISOString(), endsAt: event.endsAt.toISOString(), registrationClosesAt: event.registrationClosesAt.toISOString() },
    planDefaults: {
      day: dateText(firstRound, locale),
      roundTimes: plan.roundStarts.map((s) => timeText(new Date(s))),
      meetingMinutes: String(plan.meetingMinutes),
      tableCount: String(plan.tableCount),
      tableLabels: plan.tableLabels.join(", "),
      disabledTables: plan.disabledTables,
      maxPreferences: String(plan.maxPreferences),
      deadlineDate: plan.preferenceDeadline ? dateText(plan.preferenceDeadline, locale) : "",
      deadlineTime: plan.preferenceDeadline ? timeText(plan.preferenceDeadline) : "",
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return b2bAction(request, context, params.id, async ({ db, user, form, event }) => {
    const intent = form.get("intent");
    const now = clock.now();
    switch (intent) {
      case "savePlan": {
        const schema = b2bPlanFormSchema(toBerlin(now).year, { startsAt: event.startsAt, endsAt: event.endsAt, registrationClosesAt: event.registrationDeadline ?? event.startsAt });
        await saveB2bPlan(db, user, params.id, parseForm(schema, form, B2B_PLAN_ARRAY_FIELDS), now);
        return { ok: true as const, intent };
      }
      case "run": {
        const run = await runMatching(db, user, params.id, now);
        return { ok: true as const, intent, runNumber: run.number };
      }
      case "lock": {
        const input = parseForm(B2bLockSchema, form);
        await setMeetingLock(db, user, params.id, input.runId, input.meetingId, input.locked, now);
        return { ok: true as const, intent };
      }
      case "move": {
        const input = parseForm(B2bMoveSchema, form);
        await moveMeeting(db, user, params.id, input.runId, input.meetingId, { round: input.round, table: input.table }, now);
        return { ok: true as const, intent };
      }
      case "restore": {
        const run = await restoreRun(db, user, params.id, parseForm(B2bRunRefSchema, form).runId, now);
        return { ok: true as const, intent, runNumber: run.number };
      }
      case "publish": {
        const result = await publishRun(db, user, params.id, parseForm(B2bRunRefSchema, form).runId, now);
        return { ok: true as const, intent, notified: result.notified };
      }
      case "absent": {
        const companyId = form.get("companyId");
        if (typeof companyId !== "string") throw new AppError("INVALID_INPUT");
        await setCompanyAbsent(db, user, params.id, companyId, form.get("absent") === "1", now);
        return { ok: true as const, intent };
      }
      case "cutoff": {
        const raw = form.get("minutes");
        const minutes = typeof raw === "string" && /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
        // Absent: keep the stored choice; anything but the three offered values is refused.
        const auto = form.get("auto");
        if (auto !== null && auto !== "OFF" && auto !== "PAGES" && auto !== "MAIL") throw new AppError("INVALID_INPUT");
        await setNoShowCutoff(db, user, params.id, minutes, now, auto === null ? undefined : auto === "OFF" ? null : auto);
        return { ok: true as const, intent };
      }
      case "rematchNoShows": {
        const result = await rematchNoShows(db, user, params.id, { mail: form.get("mail") === "1" }, now);
        return { ok: true as const, intent, rematch: { changed: result.runId !== null, dropped: result.dropped, filled: result.filled, count: result.notification.companyIds.length } };
      }
      case "remind": {
        const reminded = await remindMissingPreferences(db, user, params.id, now);
        return { ok: true as const, intent, reminded };
      }
      default:
        throw new AppError("INVALID_INPUT");
    }
  });
}

export default function AdminB2b() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  // Which form the last answer belongs to (a failure carries no intent): remembered on submit.
  const lastIntent = useLastIntent();
  const done = result && result.ok ? result : undefined;
  const failure = result && !result.ok ? result : undefined;
  const planFailure = navigation.state === "idle" && failure && "fieldErrors" in failure ? failure : undefined;
  const { current, plan } = data;
  const roundsPlanned = data.rounds.length;
  const usableTables = data.tables.filter((x) => x.usable).length;

  return (
    <Stack>
      <div>
        <Title order={1}>{t("page.adminB2b.title")}</Title>
        <Text size="lg" fw={600}>
          {data.title}
        </Text>
        <Text c="dimmed">{format.dateTimeRange(data.event.startsAt, data.event.endsAt)}</Text>
        <Group gap="md">
          <Anchor component={Link} to={href("eventDetail", locale, { id: data.event.id })}>
            {t("b2b.eventPage")}
          </Anchor>
          <Anchor component={Link} to={href("adminParticipants", locale, { id: data.event.id })}>
            {t("page.adminParticipants.title")}
          </Anchor>
        </Group>
      </div>

      {done && done.intent !== "remind" && (
        <Alert color="green" role="status" data-testid="b2b-done">
          {done.intent === "run" || done.intent === "restore"
            ? t(`b2b.done.${done.intent}`, { number: "runNumber" in done ? (done.runNumber ?? 0) : 0 })
            : done.intent === "publish"
              ? t("b2b.done.publish", { count: "notified" in done ? (done.notified ?? 0) : 0 })
              : done.intent === "rematchNoShows"
                ? "rematch" in done && done.rematch && done.rematch.changed
                  ? t("b2b.noShow.done", { dropped: done.rematch.dropped, filled: done.rematch.filled, count: done.rematch.count })
                  : t("b2b.noShow.nothing")
                : t(`b2b.done.${done.intent}`)}
        </Alert>
      )}
      {failure && !planFailure && lastIntent !== "remind" && <FormError code={failureCode(failure)} values={failure.details} />}

      <B2bPlanForm key={plan.saved ? "saved" : "new"} defaults={data.planDefaults} event={data.eventTimes} serverErrors={planFailure?.fieldErrors} failure={planFailure ? failureCode(planFailure) : undefined} saved={done?.intent === "savePlan"} saving={busyIntent === "savePlan"} />

      <NoShowPanel data={data.noShows} busy={typeof busyIntent === "string" ? busyIntent : null} />

      <PreferenceStatusPanel rows={data.status.rows} eventId={data.event.id} locale={locale} maxPreferences={plan.maxPreferences} remindResult={result && "intent" in result && result.intent === "remind" ? result : failure && busyIntent === null && lastIntent === "remind" ? failure : undefined} />

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {t("b2b.run.title")}
        </Title>
        <List spacing={4} mb="sm" data-testid="b2b-before-run">
          <List.Item>{t("b2b.run.companies", { count: data.companies })}</List.Item>
          <List.Item>{t("b2b.run.roundsAndTables", { rounds: roundsPlanned, tables: usableTables })}</List.Item>
          <List.Item data-testid="b2b-max-rounds">{t("b2b.run.maxRounds", { count: data.maxRoundsWithoutRepeat })}</List.Item>
          {current && <List.Item>{t("b2b.run.locked", { count: current.meetings.filter((m) => m.locked).length })}</List.Item>}
        </List>
        {roundsPlanned > data.maxRoundsWithoutRepeat && data.companies >= 2 && (
          <Alert color="yellow" role="status" mb="sm" data-testid="b2b-too-many-rounds">
            {t("b2b.run.tooManyRounds", { rounds: roundsPlanned, max: data.maxRoundsWithoutRepeat })}
          </Alert>
        )}
        {data.missingPreferences > 0 && (
          <Alert color="yellow" role="status" mb="sm" data-testid="b2b-incomplete">
            {t("b2b.run.incomplete", { count: data.missingPreferences })}
          </Alert>
        )}
        {!plan.saved ? (
          <Text c="dimmed">{t("b2b.run.planFirst")}</Text>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="run" />
            <Button type="submit" loading={busyIntent === "run"} disabled={data.companies < 2} data-testid="b2b-run">
              {current ? t("b2b.run.rerun") : t("b2b.run.run")}
            </Button>
          </Form>
        )}
      </Paper>

      {current && (
        <Paper withBorder p="md" data-testid="b2b-result">
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Title order={2} size="h3">
              {t("b2b.result.title", { number: current.run.number })}
            </Title>
            {current.published ? (
              <Text fw={600} data-testid="b2b-published">
                {t("b2b.result.published", { time: plan.publishedAt ? format.dateTime(plan.publishedAt) : "" })}
              </Text>
            ) : (
              <ConfirmSubmit
                fields={{ intent: "publish", runId: current.run.id }}
                label={t("b2b.result.publish")}
                confirmTitle={t("b2b.result.publishTitle")}
                confirmText={data.publishedRunNumber ? t("b2b.result.republishText", { number: data.publishedRunNumber }) : t("b2b.result.publishText")}
                confirmLabel={t("b2b.result.publish")}
                testId="b2b-publish"
                disabled={current.outdated}
              />
            )}
          </Group>
          {current.outdated && (
            <Alert color="orange" role="status" mb="sm" data-testid="b2b-outdated">
              {t("error.B2B_RERUN_REQUIRED")}
            </Alert>
          )}
          <B2bFigures figures={current.figures} maxPreferences={plan.maxPreferences} final={current.run.final} />
          <B2bSchedule eventId={data.event.id} runId={current.run.id} rounds={data.rounds} tables={data.tables} meetings={current.meetings} companies={data.companyNames} />
        </Paper>
      )}

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {t("b2b.history.title")}
        </Title>
        <B2bRunHistory runs={data.runs} currentRunId={plan.currentRunId} publishedRunId={plan.publishedRunId} />
      </Paper>
    </Stack>
  );
}

/** The intent of the form submitted last (kept after the answer arrives). */
function useLastIntent(): string | null {
  const navigation = useNavigation();
  const [last, setLast] = useState<string | null>(null);
  const intent = navigation.formData?.get("intent");
  useEffect(() => {
    if (typeof intent === "string") setLast(intent);
  }, [intent]);
  return last;
}
