import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { schemaValidator, useLiveValidation } from "~/components/forms/use-live-validation";
import { EvaluationChart } from "~/components/participants/EvaluationChart";
import { EvaluationTable } from "~/components/participants/EvaluationTable";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { ATTENDANCE_MAX, EVALUATION_NOTES_MAX, evaluationSchema } from "~/schemas/evaluation";
import { getDb } from "~/server/db/client.server";
import { parseForm } from "~/server/http/actions.server";
import { throwPageError } from "~/server/http/page-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { requireParticipantAccess } from "~/server/participants/access.server";
import { getEvaluation, saveEvaluation } from "~/server/participants/evaluation.server";
import type { Route } from "./+types/admin-event-evaluation";
import { toolkitAction } from "~/server/participants/toolkit-action.server";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminEventEvaluation.title");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  const event = await requireParticipantAccess(db, user, params.id).catch(throwPageError);
  const evaluation = await getEvaluation(db, user, params.id);
  return {
    event: { id: event.id, title: locale === "cs" ? event.titleCs : event.titleDe, startsAt: event.startsAt.toISOString(), endsAt: event.endsAt.toISOString() },
    ...evaluation,
    record: { ...evaluation.record, updatedAt: evaluation.record.updatedAt?.toISOString() ?? null },
  };
}

const validate = schemaValidator(evaluationSchema);

export async function action({ request, params, context }: Route.ActionArgs) {
  return toolkitAction(request, context, params.id, async ({ db, user, form }) => {
    await saveEvaluation(db, user, params.id, parseForm(evaluationSchema, form));
    return { ok: true as const };
  });
}

export default function AdminEventEvaluation() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const failure = result && !result.ok ? result : undefined;
  const { formProps, error, showBanner } = useLiveValidation({ validate, serverErrors: failure?.fieldErrors });
  const { event, totals } = loaded;
  const hasRegistrations = totals.registered + totals.waiting + totals.cancelled > 0;
  const csvHref = href("adminEventEvaluationCsv", locale, { id: event.id });

  return (
    <Stack>
      <AdminMobileNotice />
      <div>
        <Title order={1}>{t("page.adminEventEvaluation.title")}</Title>
        <Text size="lg" fw={600}>
          {event.title}
        </Text>
        <Text c="dimmed">{format.dateTimeRange(event.startsAt, event.endsAt)}</Text>
        <Anchor component={Link} to={href("adminParticipants", locale, { id: event.id })}>
          {t("page.adminParticipants.title")}
        </Anchor>
      </div>

      {!hasRegistrations ? (
        <Alert color="blue" role="status" data-testid="evaluation-empty">
          {t("evaluation.none")}
        </Alert>
      ) : (
        <>
          <Text data-testid="evaluation-totals">
            {t("evaluation.totals", { registered: totals.registered, attended: totals.attended, waiting: totals.waiting, cancelled: totals.cancelled })}
          </Text>
          <Group>
            <Button component="a" href={csvHref} download variant="default" data-testid="evaluation-csv">
              {t("evaluation.csv")}
            </Button>
          </Group>
          <Paper withBorder p="md">
            <Title order={2} size="h3" mb="sm">
              {t("evaluation.byCountry")}
            </Title>
            <EvaluationChart label={t("evaluation.chartLabel", { title: t("evaluation.byCountry") })} rows={loaded.byCountry.map((c) => ({ label: c.country ? t(`country.${c.country}`) : t("evaluation.unknown"), ...c }))} />
            <EvaluationTable kind="country" rows={loaded.byCountry} />
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h3" mb="sm">
              {t("evaluation.byRegion")}
            </Title>
            <EvaluationChart label={t("evaluation.chartLabel", { title: t("evaluation.byRegion") })} rows={loaded.byRegion.map((r) => ({ label: r.region ?? t("evaluation.unknown"), ...r }))} />
            <EvaluationTable kind="region" rows={loaded.byRegion} />
          </Paper>
        </>
      )}

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {t("evaluation.record")}
        </Title>
        <Form {...formProps} method="post">
          <Stack>
            <TextInput
              name="actualAttendance"
              label={t("evaluation.actualAttendance")}
              description={t("evaluation.actualAttendanceHint", { attended: totals.attended })}
              inputMode="numeric"
              defaultValue={loaded.record.actualAttendance ?? ""}
              error={error("actualAttendance")}
              maw={320}
              max={ATTENDANCE_MAX}
              data-testid="evaluation-attendance"
            />
            <Textarea name="notes" label={t("evaluation.notes")} defaultValue={loaded.record.notes} autosize minRows={4} maxLength={EVALUATION_NOTES_MAX} error={error("notes")} data-testid="evaluation-notes" />
            {/* Invalid input is the spec's "error saving the evaluation" (§8); the field says why. */}
            <FormError code={showBanner || failureCode(failure) === "INVALID_INPUT" ? "EVALUATION_SAVE_FAILED" : failureCode(failure)} />
            {result?.ok && (
              <Alert color="green" role="status" data-testid="evaluation-saved">
                {t("evaluation.saved")}
              </Alert>
            )}
            {loaded.record.updatedAt && (
              <Text size="sm" c="dimmed">
                {t("evaluation.lastSaved", { time: format.dateTime(loaded.record.updatedAt) })}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={saving} data-testid="evaluation-save">
                {t("action.save")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}
