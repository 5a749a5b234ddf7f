import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useActionData, useFetcher } from "react-router";
import { FormError } from "~/components/FormError";
import { useFormat, useT } from "~/i18n/i18n-context";

interface FeedActionData {
  ok?: boolean;
  intent?: string;
  feedUrl?: string;
  revoked?: boolean;
  error?: string;
}

/**
 * The personal calendar feed on "my events" (issue 25, decision 062): create a secret URL (shown
 * once, with copy), regenerate it (the old one stops working) or revoke it (answers 404 then).
 */
export function PersonalCalendarFeed({ feed }: { feed: { createdAt: string } | null }) {
  const t = useT();
  const format = useFormat();
  const fetcher = useFetcher<FeedActionData>();
  // A click before the page is hydrated (or without JavaScript) posts the form as a document: the
  // answer is then the page's action data, not the fetcher's — the new URL must show all the same.
  const actionData = useActionData<FeedActionData>();
  const data = fetcher.data ?? (actionData?.intent === "calendarFeed" ? actionData : undefined);
  const busy = fetcher.state !== "idle";
  const url = data?.feedUrl;
  const exists = !!feed;

  return (
    <section aria-labelledby="my-calendar-feed">
      <Title order={2} size="h3" id="my-calendar-feed" mb="sm">
        {t("calendarFeed.personal.title")}
      </Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text size="sm">{t("calendarFeed.personal.intro")}</Text>
          <FormError code={data?.error} />
          {url && (
            <Stack gap="xs" data-testid="calendar-feed-new">
              <TextInput label={t("calendarFeed.personal.url")} value={url} readOnly data-testid="calendar-feed-url" onFocus={(e) => e.currentTarget.select()} />
              <Text size="sm" c="dimmed">
                {t("calendarFeed.personal.onlyOnce")}
              </Text>
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy} w="fit-content" data-testid="calendar-feed-copy">
                    {copied ? t("calendarFeed.personal.copied") : t("calendarFeed.personal.copy")}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          )}
          {!url && exists && (
            <Text size="sm" data-testid="calendar-feed-state">
              {t("calendarFeed.personal.active", { date: format.dateTime(feed.createdAt) })}
            </Text>
          )}
          {data?.revoked && (
            <Alert color="green" variant="light" role="status" data-testid="calendar-feed-revoked">
              {t("calendarFeed.personal.revoked")}
            </Alert>
          )}
          <Group gap="sm">
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="calendarFeedCreate" />
              <Button type="submit" size="xs" loading={busy} data-testid="calendar-feed-create">
                {exists || url ? t("calendarFeed.personal.regenerate") : t("calendarFeed.personal.create")}
              </Button>
            </fetcher.Form>
            {(exists || url) && (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="calendarFeedRevoke" />
                <Button type="submit" size="xs" variant="default" color="red" loading={busy} data-testid="calendar-feed-revoke">
                  {t("calendarFeed.personal.revoke")}
                </Button>
              </fetcher.Form>
            )}
          </Group>
        </Stack>
      </Paper>
    </section>
  );
}
