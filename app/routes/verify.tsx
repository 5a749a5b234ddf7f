import { Alert, Anchor, Button, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormError } from "~/components/FormError";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { VerifyTokenSchema } from "~/schemas/account";
import { verifyRegistration } from "~/server/accounts/verification.server";
import { createSession } from "~/server/auth/sessions.server";
import { getDb } from "~/server/db/client.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { sessionCookie } from "~/server/http/cookies.server";
import type { Route } from "./+types/verify";

// noindex: the catalogue's rule for the one-time confirmation link (routing/seo.ts).
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.verify.title");
}

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  return handleAction(async () => {
    const { token } = parseForm(VerifyTokenSchema, form);
    // The link in the mail proves the address: sign in at once, no second mail with a code (decision 014).
    const db = await getDb();
    const { userId } = await verifyRegistration(db, token);
    const session = await createSession(db, userId);
    return redirect(`${encodeURI(href("account", locale))}?verified=1`, { headers: { "Set-Cookie": sessionCookie(session.token) } });
  });
}

export default function Verify() {
  const t = useT();
  const locale = useLocale();
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const error = actionData?.fieldErrors?.token ?? actionData?.error;

  return (
    <Stack maw={560} mx="auto">
      <Title order={1}>{t("page.verify.title")}</Title>
      {!token ? (
        <FormError code="VERIFICATION_TOKEN_NOT_FOUND" />
      ) : (
        <Paper withBorder p="lg">
          <Form method="post">
            <Stack>
              <Text>{t("verify.intro")}</Text>
              <input type="hidden" name="token" value={token} />
              <FormError code={error} />
              <Button type="submit" loading={busy} data-testid="verify-submit">
                {t("verify.confirm")}
              </Button>
            </Stack>
          </Form>
        </Paper>
      )}
      {error && (
        <Alert color="gray" variant="light">
          <Anchor component={Link} to={href("login", locale)}>
            {t("verify.requestNew")}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
