import { Alert, Anchor, Button, Card, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { ErrorScreen } from "~/components/ErrorScreen";
import { FormRenderer } from "~/components/event-form/FormRenderer";
import { FormError, useFieldError } from "~/components/FormError";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { errorMeta, pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import type { FormAnswers } from "~/schemas/event-form";
import { type AnswerErrors, readAnswers, validateAnswers } from "~/schemas/event-form-logic";
import { getDb } from "~/server/db/client.server";
import { AppError, isAppError } from "~/server/errors";
import { getPublicEvent } from "~/server/events/detail.server";
import { getPublicEventForm } from "~/server/events/forms.server";
import { registerForEvent, RegistrationAnswersFailure } from "~/server/events/registrations.server";
import { handleAction, readForm, unexpectedAs } from "~/server/http/actions.server";
import { userContext } from "~/server/http/context";
import { EventTimeRange } from "~/components/events/EventTimeRange";
import type { Route } from "./+types/event-register";

export function meta(args: Route.MetaArgs) {
  if (args.error || !args.loaderData) return errorMeta(args.location.pathname);
  return pageMeta(args, "page.eventRegister.title");
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const db = await getDb();
  try {
    const detail = await getPublicEvent(db, context.get(userContext), params.id);
    // Only events the public may see take registrations (getPublicEventForm refuses the others).
    const form = detail.event.registrationKind === "INTERNAL" ? await getPublicEventForm(db, detail.event.id).catch(() => null) : null;
    return {
      id: detail.event.id,
      title: locale === "cs" ? detail.event.titleCs : detail.event.titleDe,
      startsAt: detail.event.startsAt,
      endsAt: detail.event.endsAt,
      state: detail.state,
      external: detail.event.registrationKind === "EXTERNAL",
      companies: detail.registrableCompanies,
      own: detail.ownRegistration,
      form,
    };
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const db = await getDb();
    const versionText = String(form.get("formVersion") ?? "");
    if (!/^\d{1,9}$/.test(versionText)) throw new AppError("INVALID_INPUT");
    const version = Number(versionText);
    // Answers are read with the version the page showed; registerForEvent refuses an outdated one.
    const shown = await getPublicEventForm(db, params.id, version).catch(() => {
      throw new AppError("FORM_CHANGED");
    });
    try {
      const result = await registerForEvent(
        db,
        context.get(userContext),
        { eventId: params.id, companyId: String(form.get("companyId") ?? ""), answers: readAnswers(shown.definition, form), locale, formVersion: version },
      );
      return redirect(`${href("eventDetail", locale, { id: params.id })}?registered=${result.status === "WAITING" ? "waiting" : "registered"}`);
    } catch (error) {
      if (error instanceof RegistrationAnswersFailure) {
        return data({ ok: false as const, error: "INVALID_INPUT" as const, answerErrors: error.errors }, { status: 400 });
      }
      return unexpectedAs("REGISTRATION_FAILED")(error);
    }
  });
}

type ActionResult = { ok: false; error?: string; answerErrors?: Record<string, string>; details?: Record<string, string | number> } | undefined;

export default function EventRegisterPage() {
  const t = useT();
  const locale = useLocale();
  const d = useLoaderData<typeof loader>();
  const result = useActionData() as ActionResult;
  const busy = useNavigation().state !== "idle";
  const fieldError = useFieldError();
  const formRef = useRef<HTMLFormElement>(null);
  const detailHref = href("eventDetail", locale, { id: d.id });
  // The browser checks the answers with the server's own function before sending (ranges of
  // number fields, required fields, one-line texts); the server's answer replaces that check.
  const [answers, setAnswers] = useState<FormAnswers>({});
  const [clientErrors, setClientErrors] = useState<AnswerErrors | null>(null);
  useEffect(() => setClientErrors(null), [result]);
  const answerErrors = clientErrors ?? result?.answerErrors;
  const checkAnswers = (event: React.FormEvent<HTMLFormElement>) => {
    if (!d.form) return;
    const checked = validateAnswers(d.form.definition, answers);
    if (checked.ok) return;
    event.preventDefault();
    setClientErrors({ ...checked.errors });
  };

  // The first invalid field (in form order) gets the focus after a refused submit.
  useEffect(() => {
    if (!answerErrors || !d.form) return;
    const first = d.form.definition.fields.find((f) => answerErrors[f.id]);
    const el = first && formRef.current?.querySelector<HTMLElement>(`[data-field-id="${first.id}"]`);
    if (!el) return;
    const target = el.matches("input, select, textarea") ? el : el.querySelector<HTMLElement>("input, select, textarea");
    target?.focus();
  }, [answerErrors, d.form]);

  const open = d.state === "OPEN" || d.state === "FULL";
  let body;
  if (d.own) {
    body = (
      <Alert color="green" data-testid="register-already">
        {t("eventRegister.already", { company: d.own.companyName })}{" "}
        <Anchor component={Link} to={detailHref}>
          {t("eventRegister.back")}
        </Anchor>
      </Alert>
    );
  } else if (!open || d.external || !d.form) {
    body = (
      <Alert color="gray" data-testid="register-closed">
        {t(d.external ? "error.REGISTRATION_EXTERNAL" : "error.REGISTRATION_CLOSED")}{" "}
        <Anchor component={Link} to={detailHref}>
          {t("eventRegister.back")}
        </Anchor>
      </Alert>
    );
  } else if (d.companies.length === 0) {
    body = (
      <Alert color="orange" data-testid="register-needs-company">
        <Stack gap="xs">
          <Text size="sm">{t("eventRegister.needsCompany")}</Text>
          <Group gap="md">
            <Anchor component={Link} to={href("companyCreate", locale)}>
              {t("eventDetail.createCompany")}
            </Anchor>
            <Anchor component={Link} to={href("companyLink", locale)}>
              {t("eventDetail.linkCompany")}
            </Anchor>
          </Group>
        </Stack>
      </Alert>
    );
  } else {
    const only = d.companies.length === 1 ? d.companies[0] : undefined;
    body = (
      <Form method="post" ref={formRef} noValidate onSubmit={checkAnswers} data-testid="register-form">
        <Stack gap="lg">
          <input type="hidden" name="formVersion" value={d.form.version} />
          {d.state === "FULL" && (
            <Alert color="orange" data-testid="register-full">
              {t("eventRegister.full")}
            </Alert>
          )}
          {d.companies.some((c) => c.pending) && (
            <Alert color="blue" data-testid="register-pending-note">
              {t("eventRegister.pendingNote")}
            </Alert>
          )}
          {only ? (
            <>
              <input type="hidden" name="companyId" value={only.id} />
              <Text>{t("eventRegister.forCompany", { company: only.pending ? `${only.name} (${t("companyStatus.pendingMark")})` : only.name })}</Text>
            </>
          ) : (
            <NativeSelect
              name="companyId"
              label={t("eventRegister.company")}
              description={t("eventRegister.companyHint")}
              data={d.companies.map((c) => ({ value: c.id, label: c.pending ? `${c.name} (${t("companyStatus.pendingMark")})` : c.name }))}
              error={result?.error === "REGISTRATION_COMPANY_INVALID" ? fieldError(result.error) : undefined}
              data-testid="register-company"
            />
          )}
          {d.form.definition.fields.length > 0 && (
            <Card withBorder padding="md">
              <FormRenderer definition={d.form.definition} locale={locale} errors={answerErrors} onAnswersChange={setAnswers} />
            </Card>
          )}
          <FormError code={result?.error && result.error !== "REGISTRATION_COMPANY_INVALID" ? (answerErrors ? undefined : result.error) : undefined} values={result?.details} />
          {answerErrors && (
            <Alert color="red" variant="light" role="alert" data-testid="register-answer-errors">
              {t("eventRegister.fixErrors")}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={busy} data-testid="register-submit">
              {t(d.state === "FULL" ? "eventDetail.registerWaiting" : "eventRegister.submit")}
            </Button>
            <Anchor component={Link} to={detailHref}>
              {t("eventRegister.back")}
            </Anchor>
          </Group>
        </Stack>
      </Form>
    );
  }

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} className="hyphenate">
          {t("eventRegister.title", { title: d.title })}
        </Title>
        <Text fw={700}>
          <EventTimeRange start={d.startsAt} end={d.endsAt} />
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}
