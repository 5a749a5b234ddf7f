import { Alert, Anchor, Button, Checkbox, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMemo } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { FormError } from "~/components/FormError";
import { schemaValidator, useLiveValidation } from "~/components/forms/use-live-validation";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { SignupSchema } from "~/schemas/account";
import { signUp } from "~/server/accounts/signup.server";
import { getDb } from "~/server/db/client.server";
import { handleAction, parseForm, readForm, unexpectedAs } from "~/server/http/actions.server";
import { requestInfoContext } from "~/server/http/context";
import { hitRateLimit } from "~/server/rate-limit.server";
import { config } from "~/server/config.server";
import type { Route } from "./+types/signup";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.signup.title");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  return handleAction(async () => {
    const input = parseForm(SignupSchema, form);
    const db = await getDb();
    await hitRateLimit(db, `signup-ip:${context.get(requestInfoContext).ip}`, config.login.perIpPerHour, new Date());
    await signUp(db, input, locale).catch(unexpectedAs("REGISTRATION_FAILED"));
    return { ok: true as const, email: input.email };
  });
}

export default function Signup() {
  const t = useT();
  const locale = useLocale();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const failure = actionData && !actionData.ok ? actionData : undefined;
  // The action's schema, checked in the browser as the user types (decision 014).
  const validate = useMemo(() => schemaValidator(SignupSchema), []);
  const { formProps, error, showBanner } = useLiveValidation({ validate, serverErrors: failure?.fieldErrors });

  if (actionData?.ok) {
    return (
      <Stack maw={560} mx="auto">
        <Title order={1}>{t("page.signup.title")}</Title>
        <Alert color="green" role="status" data-testid="signup-success">
          {t("signup.checkMailbox", { email: actionData.email })}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack maw={560} mx="auto">
      <Title order={1}>{t("page.signup.title")}</Title>
      <Text>{t("signup.intro")}</Text>
      <Paper withBorder p="lg">
        <Form {...formProps} method="post">
          <Stack>
            <TextInput name="name" label={t("field.fullName")} autoComplete="name" required maxLength={120} error={error("name")} />
            <TextInput name="email" type="email" label={t("field.email")} autoComplete="email" required error={error("email")} />
            <Checkbox
              name="acceptTerms"
              required
              label={
                <>
                  {t("signup.acceptTerms")}{" "}
                  <Anchor component={Link} to={href("terms", locale)} target="_blank" inherit underline="always">
                    {t("footer.terms")}
                  </Anchor>
                </>
              }
              error={error("acceptTerms")}
            />
            <Checkbox
              name="acceptPrivacy"
              required
              label={
                <>
                  {t("signup.acceptPrivacy")}{" "}
                  <Anchor component={Link} to={href("privacy", locale)} target="_blank" inherit underline="always">
                    {t("footer.privacy")}
                  </Anchor>
                </>
              }
              error={error("acceptPrivacy")}
            />
            <FormError code={showBanner ? "INVALID_INPUT" : failure?.fieldErrors ? undefined : failure?.error} />
            <Button type="submit" loading={busy}>
              {t("signup.submit")}
            </Button>
          </Stack>
        </Form>
      </Paper>
      <Anchor component={Link} to={href("login", locale)}>
        {t("signup.haveAccount")}
      </Anchor>
    </Stack>
  );
}
