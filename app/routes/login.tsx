import { Alert, Anchor, Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormError, useFieldError } from "~/components/FormError";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { RequestCodeSchema, VerifyCodeSchema } from "~/schemas/account";
import { requestLoginCode, verifyLoginCode } from "~/server/accounts/login-code.server";
import { config } from "~/server/config.server";
import { getDb } from "~/server/db/client.server";
import { handleAction, parseForm, readForm, safeRedirectTarget } from "~/server/http/actions.server";
import { requestInfoContext, userContext } from "~/server/http/context";
import { sessionCookie } from "~/server/http/cookies.server";
import type { Route } from "./+types/login";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.login.title");
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const redirectTo = safeRedirectTarget(url.searchParams.get("redirectTo"), href("account", locale));
  if (context.get(userContext) && url.searchParams.get("action") !== "expired") throw redirect(redirectTo);
  return {
    expired: url.searchParams.get("action") === "expired",
    verified: url.searchParams.get("verified") === "1",
    email: url.searchParams.get("email") ?? "",
    redirectTo,
    oidcLabel: config.oidc?.label ?? null,
    oidcError: url.searchParams.get("oidcError"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const intent = form.get("intent");
  const db = await getDb();
  const ip = context.get(requestInfoContext).ip;
  const email = String(form.get("email") ?? "");

  if (intent === "verify") {
    return handleAction(
      async () => {
        const { email, code, redirectTo } = parseForm(VerifyCodeSchema, form);
        const target = safeRedirectTarget(redirectTo, href("account", locale));
        const session = await verifyLoginCode(db, { email, code, ip });
        return redirect(target, { headers: { "Set-Cookie": sessionCookie(session.token) } });
      },
      { step: "code" as const, email },
    );
  }
  return handleAction(
    async () => {
      const input = parseForm(RequestCodeSchema, form);
      const result = await requestLoginCode(db, { email: input.email, ip, locale });
      return { ok: true as const, step: "code" as const, email: input.email, resendAfterSeconds: result.resendAfterSeconds };
    },
    { step: intent === "resend" ? ("code" as const) : ("email" as const), email },
  );
}

/** The server's answers about the typed code: shown at the code field, not in a banner (issue 22). */
const CODE_ERRORS = new Set(["CODE_INVALID", "CODE_EXPIRED", "CODE_ATTEMPTS_EXCEEDED"]);

function useCountdown(seconds: number | undefined, key: unknown): number {
  const [left, setLeft] = useState(seconds ?? 0);
  useEffect(() => {
    setLeft(seconds ?? 0);
    if (!seconds) return undefined;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, key]);
  return left;
}

export default function Login() {
  const t = useT();
  const locale = useLocale();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const fieldError = useFieldError();
  const busy = navigation.state !== "idle";

  const step = actionData && "step" in actionData ? actionData.step : "email";
  const email = (actionData && "email" in actionData ? actionData.email : undefined) || loaderData.email;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const resendWait =
    actionData?.ok === true ? actionData.resendAfterSeconds : failure?.error === "CODE_RESEND_TOO_EARLY" ? Number(failure.details?.seconds ?? 0) : undefined;
  const left = useCountdown(resendWait, actionData);
  // A refused code is the code field's error: Mantine marks the field aria-invalid and describes it
  // by the message under it; the field takes the focus, so the message is read out with it.
  const codeError = failure?.fieldErrors?.code ?? (failure?.error && CODE_ERRORS.has(failure.error) ? failure.error : undefined);
  const formError = failure?.fieldErrors || codeError ? undefined : failure?.error;
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (codeError) codeInput.current?.focus();
  }, [codeError, actionData]);

  return (
    <Stack maw={480} mx="auto">
      <Title order={1}>{t("page.login.title")}</Title>
      {loaderData.expired && (
        <Alert color="orange" role="status" data-testid="session-expired">
          {t("login.sessionExpired")}
        </Alert>
      )}
      {loaderData.oidcError && <FormError code={loaderData.oidcError} />}
      <Paper withBorder p="lg">
        {step === "email" ? (
          <Form method="post" noValidate>
            <Stack>
              <input type="hidden" name="intent" value="request" />
              <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
              <Text>{t("login.emailIntro")}</Text>
              <TextInput
                name="email"
                type="email"
                label={t("field.email")}
                autoComplete="email"
                required
                defaultValue={email}
                error={fieldError(failure?.fieldErrors?.email)}
              />
              <FormError code={failure?.fieldErrors ? undefined : failure?.error} values={failure?.details} />
              <Button type="submit" loading={busy}>
                {t("login.requestCode")}
              </Button>
            </Stack>
          </Form>
        ) : (
          <Stack>
            <Alert color="blue" role="status" data-testid="code-sent">
              {t("login.codeSent", { email })}
            </Alert>
            <Form method="post" noValidate>
              <Stack>
                <input type="hidden" name="intent" value="verify" />
                <input type="hidden" name="email" value={email} />
                <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
                <TextInput
                  name="code"
                  label={t("field.code")}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  required
                  ref={codeInput}
                  error={fieldError(codeError)}
                  errorProps={{ "data-testid": "form-error", "data-error-code": codeError }}
                />
                <FormError code={formError} values={failure?.details} />
                <Button type="submit" loading={busy}>
                  {t("login.submitCode")}
                </Button>
              </Stack>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value={email} />
              <Group gap="xs">
                <Button type="submit" variant="subtle" disabled={left > 0} data-testid="resend-code">
                  {t("login.resendCode")}
                </Button>
                {left > 0 && <Text size="sm">{t("login.resendIn", { seconds: left })}</Text>}
              </Group>
            </Form>
          </Stack>
        )}
      </Paper>
      {loaderData.oidcLabel && (
        <>
          <Divider label={t("login.or")} labelPosition="center" />
          <Button component="a" href={`/auth/oidc/start?locale=${locale}&redirectTo=${encodeURIComponent(loaderData.redirectTo)}`} variant="default" data-testid="oidc-login">
            {t("login.withProvider", { provider: loaderData.oidcLabel })}
          </Button>
        </>
      )}
      <Group justify="space-between">
        <Anchor component={Link} to={href("faq", locale)}>
          {t("login.trouble")}
        </Anchor>
        <Anchor component={Link} to={href("signup", locale)}>
          {t("login.noAccount")}
        </Anchor>
      </Group>
    </Stack>
  );
}
