import { Anchor, List, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";

interface Item {
  eventId: string;
  titleDe: string;
  titleCs: string;
  startsAt: string;
}

/** The account page's compact view of the user's upcoming and past events, linking to my events. */
export function MyEventsCard({ upcoming, past }: { upcoming: Item[]; past: Item[] }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const list = (items: Item[], testId: string) => (
    <List size="sm" data-testid={testId}>
      {items.map((i) => (
        <List.Item key={i.eventId}>
          <time dateTime={i.startsAt}>{format.date(i.startsAt)}</time>{" "}
          <Anchor component={Link} to={href("eventDetail", locale, { id: i.eventId })}>
            {locale === "cs" ? i.titleCs : i.titleDe}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
  return (
    <Paper withBorder p="lg" data-testid="account-events">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("myEvents.title")}
        </Title>
        <Text fw={600} size="sm">
          {t("myEvents.upcoming")}
        </Text>
        {upcoming.length === 0 ? <Text size="sm">{t("myEvents.noneUpcoming")}</Text> : list(upcoming, "account-events-upcoming")}
        {past.length > 0 && (
          <>
            <Text fw={600} size="sm">
              {t("myEvents.past")}
            </Text>
            {list(past, "account-events-past")}
          </>
        )}
        <Anchor component={Link} to={href("myEvents", locale)}>
          {t("myEvents.all")}
        </Anchor>
      </Stack>
    </Paper>
  );
}
