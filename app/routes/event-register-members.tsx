import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { data, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { Dialog } from "~/components/company-detail/Dialog";
import { ErrorScreen } from "~/components/ErrorScreen";
import { FormRenderer } from "~/components/event-form/FormRenderer";
import { FormError } from "~/components/FormError";
import { EventTimeRange } from "~/components/events/EventTimeRange";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/translate";
import { errorMeta, pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import type { FormAnswers } from "~/schemas/event-form";
import { type AnswerErrors, validateAnswers } from "~/schemas/event-form-logic";
import { getDb } from "~/server/db/client.server";
import { AppError, isAppError } from "~/server/errors";
import { getPublicEvent } from "~/server/events/detail.server";
import { getPublicEventForm } from "~/server/events/forms.server";
import { handleAction, readForm, unexpectedAs } from "~/server/http/actions.server";
import { userContext } from "~/server/http/context";
import { MAX_MEMBER_ENTRIES, MemberAnswersFailure, memberTargets, registerMemberCompanies } from "~/server/members/members.server";
import { memberPolicy } from "~/server/policy/member-policy";
import type { Route } from "./+types/event-register-members";

export function meta(args: Route.MetaArgs) {
  if (args.error || !args.loaderData) return errorMeta(args.location.pathname);
  return pageMeta(args, "page.eventRegisterMembers.title");
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const actor = context.get(userContext);
  // Only Multiplikators act for members (decision 063); for everyone else the page does not exist.
  if (!memberPolicy.canActForMembers(actor)) throw data(null, { status: 404 });
  const db = await getDb();
  try {
    const detail = await getPublicEvent(db, actor, params.id);
    const form = detail.event.registrationKind === "INTERNAL" ? await getPublicEventForm(db, detail.event.id).catch(() => null) : null;
    return {
      id: detail.event.id,
      title: locale === "cs" ? detail.event.titleCs : detail.event.titleDe,
      startsAt: detail.event.startsAt,
      endsAt: detail.event.endsAt,
      open: (detail.state === "OPEN" || detail.state === "FULL") && !!form,
      full: detail.state === "FULL",
      form,
      members: await memberTargets(db, actor, detail.event.id),
    };
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  }
}

const answerValue = z.union([z.string().max(5000), z.boolean(), z.array(z.string().max(500)).max(100)]);
const entriesSchema = z
  .array(
    z.object({
      companyId: z.uuid(),
      contactId: z.uuid(),
      locale: z.enum(["de", "cs"]),
      answers: z.record(z.string().max(100), answerValue),
    }),
  )
  .min(1)
  .max(MAX_MEMBER_ENTRIES);

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const versionText = String(form.get("formVersion") ?? "");
    if (!/^\d{1,9}$/.test(versionText)) throw new AppError("INVALID_INPUT");
    let entries;
    try {
      entries = entriesSchema.parse(JSON.parse(String(form.get("entries") ?? "")));
    } catch {
      throw new AppError("INVALID_INPUT");
    }
    try {
      const outcomes = await registerMemberCompanies(await getDb(), context.get(userContext), { eventId: params.id, formVersion: Number(versionText), entries });
      return { ok: true as const, outcomes };
    } catch (error) {
      if (error instanceof MemberAnswersFailure) return data({ ok: false as const, error: "INVALID_INPUT" as const, companyErrors: error.errors }, { status: 400 });
      return unexpectedAs("REGISTRATION_FAILED")(error);
    }
  });
}

type ActionResult =
  | { ok: true; outcomes: Array<{ companyId: string; outcome: "REGISTERED" | "WAITING" | "REFUSED"; reason?: string }> }
  | { ok: false; error?: string; companyErrors?: Record<string, AnswerErrors>; details?: Record<string, string | number> }
  | undefined;

interface Choice {
  contactId: string;
  locale: "de" | "cs";
  answers: FormAnswers;
}

export default function EventRegisterMembersPage() {
  const t = useT();
  const locale = useLocale();
  const d = useLoaderData<typeof loader>();
  const result = useActionData() as ActionResult;
  const busy = useNavigation().state !== "idle";
  const submit = useSubmit();
  const rootRef = useRef<HTMLDivElement>(null);
  const detailHref = href("eventDetail", locale, { id: d.id });
  const [picked, setPicked] = useState<Record<string, Choice>>({});
  const [clientErrors, setClientErrors] = useState<Record<string, AnswerErrors> | null>(null);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setClientErrors(null), [result]);
  const serverErrors = result && !result.ok ? result.companyErrors : undefined;
  const errors = clientErrors ?? serverErrors;
  const selected = d.members.filter((m) => picked[m.id]);
  const names = new Map(d.members.map((m) => [m.id, m.name]));

  // The first invalid field (companies in page order, fields in form order) gets the focus.
  useEffect(() => {
    if (!errors || !d.form) return;
    const company = d.members.find((m) => errors[m.id]);
    const field = company && d.form.definition.fields.find((f) => errors[company.id]![f.id]);
    if (!company || !field) return;
    const el = rootRef.current?.querySelector<HTMLElement>(`[data-company-id="${company.id}"] [data-field-id="${field.id}"]`);
    const target = el?.matches("input, select, textarea") ? el : el?.querySelector<HTMLElement>("input, select, textarea");
    target?.focus();
  }, [errors, d.form, d.members]);

  const toggle = (m: (typeof d.members)[number], on: boolean) =>
    setPicked((prev) => {
      const next = { ...prev };
      if (on) next[m.id] = { contactId: m.contacts[0]!.id, locale: m.defaultLocale, answers: {} };
      else delete next[m.id];
      return next;
    });
  const update = (id: string, patch: Partial<Choice>) => setPicked((prev) => (prev[id] ? { ...prev, [id]: { ...prev[id], ...patch } } : prev));

  const check = () => {
    if (!d.form || selected.length === 0) return;
    const found: Record<string, AnswerErrors> = {};
    for (const m of selected) {
      const checked = validateAnswers(d.form.definition, picked[m.id]!.answers);
      if (!checked.ok) found[m.id] = { ...checked.errors };
    }
    if (Object.keys(found).length > 0) setClientErrors(found);
    else setConfirming(true);
  };
  const send = () => {
    setConfirming(false);
    const fd = new FormData();
    fd.set("formVersion", String(d.form!.version));
    fd.set("entries", JSON.stringify(selected.map((m) => ({ companyId: m.id, ...picked[m.id]! }))));
    submit(fd, { method: "post" });
  };

  let body;
  if (result?.ok) {
    body = (
      <Stack gap="md" data-testid="members-result">
        <Title order={2} size="h3">
          {t("memberRegister.resultTitle")}
        </Title>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
          {result.outcomes.map((o) => (
            <li key={o.companyId} data-testid="members-outcome" data-outcome={o.outcome}>
              <Group gap="sm" wrap="wrap">
                <Text fw={600}>{names.get(o.companyId)}</Text>
                <Badge color={o.outcome === "REGISTERED" ? "#1b5e20" : o.outcome === "WAITING" ? "#8a3c00" : "red.9"}>{t(`memberRegister.outcome.${o.outcome}` as MessageKey)}</Badge>
                {o.reason && <Text size="sm">{t(`error.${o.reason}` as MessageKey)}</Text>}
              </Group>
            </li>
          ))}
        </Stack>
        <Group>
          <Anchor component={Link} to={href("adminMemberRegistrations", locale)}>
            {t("page.adminMemberRegistrations.title")}
          </Anchor>
          <Anchor component={Link} to={detailHref}>
            {t("eventRegister.back")}
          </Anchor>
        </Group>
      </Stack>
    );
  } else if (!d.open) {
    body = (
      <Alert color="gray" data-testid="members-closed">
        {t("error.REGISTRATION_CLOSED")}{" "}
        <Anchor component={Link} to={detailHref}>
          {t("eventRegister.back")}
        </Anchor>
      </Alert>
    );
  } else if (d.members.length === 0) {
    body = (
      <Alert color="gray" data-testid="members-none">
        {t("memberRegister.none")}
      </Alert>
    );
  } else {
    const form = d.form!;
    body = (
      <Stack gap="lg">
        <Text>{t("memberRegister.intro")}</Text>
        {d.full && (
          <Alert color="orange" data-testid="register-full">
            {t("eventRegister.full")}
          </Alert>
        )}
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
          {d.members.map((m) => {
            const choice = picked[m.id];
            const noContact = m.contacts.length === 0;
            return (
              <Card component="li" key={m.id} withBorder padding="md" data-company-id={m.id} data-testid="members-company">
                <Stack gap="sm">
                  <Group gap="sm" wrap="wrap">
                    <Checkbox
                      label={m.pending ? `${m.name} (${t("companyStatus.pendingMark")})` : m.name}
                      checked={!!choice}
                      disabled={!!m.registered || noContact}
                      onChange={(e) => toggle(m, e.currentTarget.checked)}
                      data-testid="members-pick"
                    />
                    {m.registered && <Badge color="#1b5e20">{t(`myEvents.status.${m.registered}` as MessageKey)}</Badge>}
                    {!m.registered && noContact && <Text size="sm">{t("memberRegister.noContact")}</Text>}
                  </Group>
                  {choice && (
                    <>
                      <Group grow align="flex-start" wrap="wrap">
                        <NativeSelect
                          label={t("memberRegister.contact")}
                          value={choice.contactId}
                          onChange={(e) => update(m.id, { contactId: e.currentTarget.value })}
                          data={m.contacts.map((c) => ({ value: c.id, label: `${c.name ?? t(`contactFunction.${c.function}` as MessageKey)} – ${c.email}` }))}
                          data-testid="members-contact"
                        />
                        <NativeSelect
                          label={t("memberRegister.mailLanguage")}
                          value={choice.locale}
                          onChange={(e) => update(m.id, { locale: e.currentTarget.value === "cs" ? "cs" : "de" })}
                          data={[
                            { value: "de", label: t("memberRegister.lang.de") },
                            { value: "cs", label: t("memberRegister.lang.cs") },
                          ]}
                          data-testid="members-language"
                        />
                      </Group>
                      {form.definition.fields.length > 0 && (
                        <FormRenderer definition={form.definition} locale={locale} errors={errors?.[m.id]} onAnswersChange={(answers) => update(m.id, { answers })} />
                      )}
                    </>
                  )}
                </Stack>
              </Card>
            );
          })}
        </Stack>
        <FormError code={result && !result.ok && !serverErrors ? result.error : undefined} values={result && !result.ok ? result.details : undefined} />
        {errors && (
          <Alert color="red" variant="light" role="alert" data-testid="register-answer-errors">
            {t("eventRegister.fixErrors")}
          </Alert>
        )}
        <Group>
          <Button onClick={check} loading={busy} disabled={selected.length === 0} data-testid="members-submit">
            {t("memberRegister.submit", { count: selected.length })}
          </Button>
          <Anchor component={Link} to={detailHref}>
            {t("eventRegister.back")}
          </Anchor>
        </Group>
        <Dialog opened={confirming} onClose={() => setConfirming(false)} title={t("memberRegister.confirmTitle")}>
          <Stack>
            <Text>{t("memberRegister.confirmText", { count: selected.length, title: d.title })}</Text>
            <Stack component="ul" gap={2} m={0}>
              {selected.map((m) => (
                <li key={m.id}>{m.name}</li>
              ))}
            </Stack>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t("action.cancel")}
              </Button>
              <Button onClick={send} data-testid="members-confirm" data-autofocus>
                {t("memberRegister.confirm")}
              </Button>
            </Group>
          </Stack>
        </Dialog>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={860} ref={rootRef}>
      <Stack gap={4}>
        <Title order={1} className="hyphenate">
          {t("memberRegister.title", { title: d.title })}
        </Title>
        <Text fw={700}>
          <EventTimeRange start={d.startsAt} end={d.endsAt} />
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}
