import { Anchor, Badge, Card, Group, Image, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { EventListItem } from "~/schemas/event-list";
import { EventTimeRange } from "./EventTimeRange";

// Filled dark shades keep white text above 4.5:1 in both themes (see StatusBadge).
const GREEN = "#1b5e20";
const ORANGE = "#8a3c00";
const VIOLET = "#5f3dc4";

/**
 * One event in the public list and on the home page: image, title, when, where, organiser, badges.
 * The image loads lazily (below the fold on a phone), except the `first` card's: it is often the
 * largest thing on a phone's first screen (LCP), so it loads at once and with high priority (decision 068).
 */
export function EventCard({ event, headingLevel = 2, first = false }: { event: EventListItem; headingLevel?: 2 | 3; first?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const full = event.maxParticipants !== null && event.registered >= event.maxParticipants && !event.external;
  const Heading = `h${headingLevel}` as const;
  const where = event.online ? t("events.card.online") : [event.venue, event.city, event.country && t(`country.${event.country}`)].filter(Boolean).join(", ");
  return (
    <Card withBorder padding="md" component="article" data-testid="event-card" h="100%">
      {event.imageKey && (
        <Card.Section mb="sm">
          <Image
            src={`/files/${event.imageKey}`}
            alt={t("events.card.imageAlt", { title: event.title })}
            h={140}
            fit="cover"
            loading={first ? "eager" : "lazy"}
            fetchPriority={first ? "high" : "auto"}
          />
        </Card.Section>
      )}
      <Stack gap={6}>
        <Text size="sm" fw={700}>
          <EventTimeRange start={event.startsAt} end={event.endsAt} />
        </Text>
        <Heading style={{ margin: 0, fontSize: "1.125rem", lineHeight: 1.3 }} className="hyphenate">
          <Anchor component={Link} to={href("eventDetail", locale, { id: event.id })} data-testid="event-card-link">
            {event.title}
          </Anchor>
        </Heading>
        <Text size="sm">
          {where}
          {event.distanceKm !== null && ` · ${t("events.list.distance", { km: event.distanceKm })}`}
        </Text>
        <Text size="sm" c="dimmed">
          {t("events.card.organiser", { name: event.organiser })}
        </Text>
        <Group gap={6}>
          <Badge color={event.feeMinor === null ? GREEN : "gray.7"}>
            {event.feeMinor === null || !event.currency ? t("events.card.free") : format.currency(event.feeMinor / 100, event.currency)}
          </Badge>
          {event.b2b && (
            <Badge color={VIOLET}>
              {t("events.card.b2b")}
            </Badge>
          )}
          {event.external && (
            <Badge color="gray.7">
              {t("events.card.external")}
            </Badge>
          )}
          {full && (
            <Badge color={ORANGE} data-testid="event-card-full">
              {t("events.card.full")}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
