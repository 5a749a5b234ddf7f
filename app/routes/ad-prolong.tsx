import { Alert, Button, Paper, Stack, Text, Title } from "@mantine/core";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormError } from "~/components/FormError";
import { useFormat, useT } from "~/i18n/i18n-context";
import { pageMeta } from "~/routing/current-page";
import { getDb } from "~/server/db/client.server";
import { isAppError } from "~/server/errors";
import { handleAction, readForm } from "~/server/http/actions.server";
import { prolongByLink, prolongPreview } from "~/server/reminders/prolong-by-link.server";
import type { Route } from "./+types/ad-prolong";

/**
 * The one-click prolong of an ad-expiry reminder (issue 25, decision 062). GET only shows the
 * ad and one button (mail scanners prefetch links); the POST prolongs. Not indexed (routing/seo.ts).
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adProlong.title");
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    return { token, preview: await prolongPreview(await getDb(), token), error: null };
  } catch (error) {
    // Opened without a token (a typed address): the explanation, not an error status.
    if (isAppError(error) && error.code === "PROLONG_LINK_INVALID") return data({ token, preview: null, error: error.code }, { status: token ? 400 : 200 });
    throw error;
  }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return handleAction(async () => ({ ok: true as const, preview: await prolongByLink(await getDb(), token) }));
}

export default function AdProlong() {
  const t = useT();
  const format = useFormat();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const preview = result && "preview" in result ? result.preview : loaded.preview;
  const error = result && !("preview" in result) ? (result as { error?: string }).error : loaded.error;
  const prolonged = !!result && "preview" in result;

  return (
    <Stack maw={560} mx="auto">
      <Title order={1}>{t("page.adProlong.title")}</Title>
      <FormError code={error ?? undefined} />
      {preview && (
        <Paper withBorder p="lg">
          <Stack>
            <Text fw={700} data-testid="ad-prolong-title">
              {preview.title}
            </Text>
            <Text>{t("adProlong.company", { company: preview.company })}</Text>
            <Text data-testid="ad-prolong-valid-until">{t("adProlong.validUntil", { date: format.dateTime(preview.validUntil) })}</Text>
            {preview.state === "done" && (
              <Alert color="green" variant="light" role="status" data-testid="ad-prolong-done">
                {prolonged ? t("adProlong.prolonged", { date: format.dateTime(preview.validUntil) }) : t("adProlong.already")}
              </Alert>
            )}
            {preview.state === "closed" && <FormError code="PROLONG_NOT_ALLOWED" />}
            {preview.state === "ready" && (
              <Form method="post">
                <input type="hidden" name="prolong" value="1" />
                <Button type="submit" loading={busy} data-testid="ad-prolong-submit">
                  {t("adProlong.submit")}
                </Button>
              </Form>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
