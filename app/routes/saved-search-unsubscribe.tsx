import { Alert, Anchor, Button, Paper, Stack, Text, Title } from "@mantine/core";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormError } from "~/components/FormError";
import { useLocale, useT } from "~/i18n/i18n-context";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { handleAction, readForm } from "~/server/http/actions.server";
import { isUnsubscribeTokenValid, unsubscribeByToken } from "~/server/saved-searches/saved-searches.server";
import type { Route } from "./+types/saved-search-unsubscribe";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.savedSearchUnsubscribe.title", undefined, { noindex: true });
}

/**
 * The digest mails' unsubscribe link (issue 25, decision 061; RFC 8058). A GET only shows one
 * button and changes nothing (mail scanners fetch links); the POST — the button, or a mail
 * client's one-click "List-Unsubscribe=One-Click" — pauses the user's saved searches, without a
 * session. A forged or expired token changes nothing.
 */
export function loader({ params }: Route.LoaderArgs) {
  const valid = isUnsubscribeTokenValid(params.id, clock.now());
  return data({ valid }, { status: valid ? 200 : 404 });
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    await unsubscribeByToken(await getDb(), params.id, clock.now());
    return { ok: true as const };
  });
}

export default function SavedSearchUnsubscribe() {
  const t = useT();
  const locale = useLocale();
  const { valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Stack maw={640}>
      <Title order={1}>{t("page.savedSearchUnsubscribe.title")}</Title>
      {result?.ok ? (
        <Alert color="green" variant="light" role="status" data-testid="unsubscribe-done">
          {t("savedSearchUnsubscribe.done")}
        </Alert>
      ) : !valid || (result && !result.ok) ? (
        <FormError code={result && !result.ok ? (result.error ?? "UNSUBSCRIBE_LINK_INVALID") : "UNSUBSCRIBE_LINK_INVALID"} />
      ) : (
        <Paper withBorder p="lg">
          <Form method="post">
            <Stack>
              <Text>{t("savedSearchUnsubscribe.text")}</Text>
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <div>
                <Button type="submit" loading={busy} data-testid="unsubscribe-button">
                  {t("savedSearchUnsubscribe.button")}
                </Button>
              </div>
            </Stack>
          </Form>
        </Paper>
      )}
      <Anchor component={Link} to={href("savedSearches", locale)}>
        {t("account.savedSearches.link")}
      </Anchor>
    </Stack>
  );
}
