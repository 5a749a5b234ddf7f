import { Alert, Stack, Text, Title } from "@mantine/core";
import { data, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { FormBuilder } from "~/components/event-form/builder/FormBuilder";
import { useLocale, useT } from "~/i18n/i18n-context";
import { pageMeta } from "~/routing/current-page";
import type { FormRuleErrors } from "~/schemas/event-form-rules";
import { getDb } from "~/server/db/client.server";
import { AppError, isAppError } from "~/server/errors";
import { FormRulesFailure, getEventForm, saveEventForm } from "~/server/events/forms.server";
import { handleAction, readForm } from "~/server/http/actions.server";
import { userContext } from "~/server/http/context";
import type { Route } from "./+types/admin-event-form";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminEventForm.title");
}

const isUuid = (value: string | undefined): value is string => z.uuid().safeParse(value).success;

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const form = await getEventForm(await getDb(), context.get(userContext), params.id).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
    // Visible but not managed by this user: the error screen says "no permission".
    if (isAppError(error) && error.code === "FORBIDDEN") throw data({ code: "FORBIDDEN" }, { status: 403 });
    throw error;
  });
  return form;
}

const BaseVersionSchema = z.coerce.number().int().min(0).max(1_000_000);

/** Saves a new version: the definition travels as JSON in one field, with the version it is based on. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const run = handleAction(async () => {
    if (!isUuid(params.id)) throw new AppError("NOT_FOUND");
    const base = BaseVersionSchema.safeParse(form.get("baseVersion"));
    const raw = form.get("definition");
    if (!base.success || typeof raw !== "string") throw new AppError("INVALID_INPUT");
    let definition: unknown;
    try {
      definition = JSON.parse(raw);
    } catch {
      throw new AppError("INVALID_INPUT");
    }
    try {
      const saved = await saveEventForm(await getDb(), context.get(userContext), params.id, definition, base.data);
      return { ok: true as const, ...saved };
    } catch (error) {
      if (error instanceof FormRulesFailure) return data({ ok: false as const, error: "INVALID_INPUT" as const, formErrors: error.errors }, { status: 400 });
      throw error;
    }
  });
  return run;
}

type Failure = { ok: false; error?: string; formErrors?: FormRuleErrors };

export default function AdminEventForm() {
  const t = useT();
  const locale = useLocale();
  const { version, definition, olderRegistrations, event } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && !result.ok ? (result as Failure) : undefined;
  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminEventForm.title")}</Title>
      <Text data-testid="form-event-title">{t("eventForm.builder.forEvent", { title: locale === "cs" ? event.titleCs : event.titleDe })}</Text>
      <Text size="sm" c="dimmed" data-testid="form-version">
        {t("eventForm.builder.versionInfo", { version, older: olderRegistrations })}
      </Text>
      {result?.ok && (
        <Alert color="green" role="status" data-testid="form-saved">
          {t("eventForm.builder.saved", { version: result.version, older: result.olderRegistrations })}
        </Alert>
      )}
      {/* A new version remounts the builder on the saved definition. */}
      <FormBuilder key={version} saved={definition} version={version} failure={failure} />
    </Stack>
  );
}
