import { Button, Stack, Text, Title } from "@mantine/core";
import { Form, useActionData } from "react-router";
import { useT } from "~/i18n/i18n-context";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { requireDevSurface } from "~/server/http/dev-surface.server";
import { runAdExpiryReminders, runStaleProfileReminders } from "~/server/reminders/reminders.server";
import type { Route } from "./+types/dev.reminders";

export function meta() {
  return [{ title: "Reminders – PartnerNet" }, { name: "robots", content: "noindex" }];
}

/**
 * Development only (like the outbox; decision 062): runs the two reminder jobs now instead of at
 * their next cron time, at the request's clock (the e2e clock cookie, decision 009), so the mails
 * can be seen in the outbox. Sending is still once per period: a second run sends nothing new.
 */
export function loader({ context }: Route.LoaderArgs) {
  requireDevSurface(context);
  return null;
}

export async function action({ context }: Route.ActionArgs) {
  requireDevSurface(context);
  const db = await getDb();
  const now = clock.now();
  return { ads: await runAdExpiryReminders(db, now), profiles: await runStaleProfileReminders(db, now) };
}

export default function DevReminders() {
  const t = useT();
  const result = useActionData<typeof action>();
  return (
    <Stack maw={560}>
      <Title order={1}>{t("dev.reminders.title")}</Title>
      <Text>{t("dev.reminders.intro")}</Text>
      <Form method="post">
        <Button type="submit" data-testid="dev-reminders-run">
          {t("dev.reminders.run")}
        </Button>
      </Form>
      {result && (
        <Text role="status" data-testid="dev-reminders-result">
          {t("dev.reminders.result", { ads: result.ads, profiles: result.profiles })}
        </Text>
      )}
    </Stack>
  );
}
