import { Alert, Anchor, Autocomplete, Button, Grid, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { data, Form, Link, redirect, useLoaderData, useLocation } from "react-router";
import { EventCard } from "~/components/events/EventCard";
import { useFieldError } from "~/components/FormError";
import { usePlaceSuggestions } from "~/components/search/LocationFields";
import { LocaleDateInput } from "~/components/forms/LocaleDateInput";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { formatDateInput, parseDateInput } from "~/schemas/date-input";
import { parseEventListParams } from "~/schemas/event-list";
import { EVENT_RADII_KM, eventListParamsOf, type EventListQuery } from "~/schemas/event-list-params";
import { hasForbiddenControl } from "~/schemas/text";
import { getDb } from "~/server/db/client.server";
import { listPublicEvents } from "~/server/events/list.server";
import { searchPlaces } from "~/server/reference/geocode.server";
import type { Route } from "./+types/event-list";

export function meta(args: Route.MetaArgs) {
  const locale = localeOfPath(args.location.pathname) ?? "de";
  return [
    ...pageMeta(args, "page.eventList.title"),
    // RSS autodiscovery: the upcoming events as a feed in this language.
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: translate(locale, "feed.events.title"), href: href("eventFeed", locale) },
    // iCal autodiscovery (issue 25, decision 062): every public event as a calendar to subscribe to.
    { tagName: "link", rel: "alternate", type: "text/calendar", title: translate(locale, "calendarFeed.publicName"), href: href("eventsCalendarFeed", locale) },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const malformed = [...url.searchParams.values()].some(hasForbiddenControl);
  const parsed = malformed ? null : parseEventListParams(url.searchParams);
  // A place typed without picking a suggestion (or without JavaScript): a town of the gazetteer
  // becomes a point with a radius; anything else stays a text filter (venue, street).
  if (parsed?.ok && parsed.query.place && !parsed.query.point) {
    const [hit] = await searchPlaces(await getDb(), parsed.query.place, 1);
    if (hit) throw redirect(`${url.pathname}?${eventListParamsOf(parsed.query, { place: hit.label, point: { lat: hit.lat, lon: hit.lon }, page: 1 })}`);
  }
  if (!parsed || !parsed.ok) {
    return data(
      { query: parsed?.query ?? null, errors: parsed && !parsed.ok ? parsed.errors : { q: "INVALID_INPUT" }, result: null },
      { status: 400 },
    );
  }
  const result = await listPublicEvents(await getDb(), parsed.query, locale);
  return { query: parsed.query, errors: {}, result };
}

function PlaceField({ query, error }: { query: EventListQuery | null; error?: string | undefined }) {
  const t = useT();
  const fieldError = useFieldError();
  const [text, setText] = useState(query?.place ?? "");
  const [point, setPoint] = useState(query?.point ?? null);
  const suggestions = usePlaceSuggestions(text, point ? (query?.place ?? null) : null);
  return (
    <Stack gap="xs">
      <Autocomplete
        name="place"
        label={t("events.list.place")}
        description={t("events.list.placeDescription")}
        placeholder={t("events.list.placePlaceholder")}
        value={text}
        onChange={(value) => {
          setText(value);
          if (point && value !== query?.place) setPoint(null);
        }}
        onOptionSubmit={(value) => {
          const place = suggestions.find((s) => s.label === value);
          if (place) setPoint({ lat: place.lat, lon: place.lon });
        }}
        data={[...new Set(suggestions.map((s) => s.label))]}
        filter={({ options }) => options}
        maxLength={200}
        autoComplete="off"
        error={fieldError(error)}
        data-testid="events-place"
      />
      {point && (
        <>
          <input type="hidden" name="lat" value={point.lat.toFixed(5)} />
          <input type="hidden" name="lon" value={point.lon.toFixed(5)} />
        </>
      )}
      <NativeSelect
        name="r"
        label={t("events.list.radius")}
        defaultValue={String(query?.radiusKm ?? 50)}
        data={EVENT_RADII_KM.map((km) => ({ value: String(km), label: t("search.radiusKm", { km }) }))}
        data-testid="events-radius"
      />
    </Stack>
  );
}

function Filters({ query, errors }: { query: EventListQuery | null; errors: Partial<Record<string, string>> }) {
  const t = useT();
  const locale = useLocale();
  // An ISO day from the URL, shown in the locale's spelling.
  const shown = (iso: string | null | undefined) => {
    const parts = iso ? parseDateInput(iso, new Date().getUTCFullYear()) : null;
    return parts ? formatDateInput(parts, locale) : "";
  };
  const fieldError = useFieldError();
  return (
    <Form method="get" role="search" aria-label={t("events.list.filters")} data-testid="events-filters">
      <Stack gap="sm">
        <NativeSelect
          name="when"
          label={t("events.list.when")}
          defaultValue={query?.when ?? "upcoming"}
          data={[
            { value: "upcoming", label: t("events.list.upcoming") },
            { value: "past", label: t("events.list.past") },
          ]}
          data-testid="events-when"
        />
        <TextInput name="q" label={t("events.list.title")} placeholder={t("events.list.titlePlaceholder")} defaultValue={query?.title ?? ""} maxLength={200} error={fieldError(errors.q)} data-testid="events-title" />
        <PlaceField query={query} error={errors.place} />
        <SimpleGrid cols={2} spacing="sm">
          <LocaleDateInput name="from" label={t("events.list.from")} defaultValue={shown(query?.from)} error={fieldError(errors.from)} data-testid="events-from" />
          <LocaleDateInput name="to" label={t("events.list.to")} defaultValue={shown(query?.to)} error={fieldError(errors.to)} data-testid="events-to" />
        </SimpleGrid>
        <Group>
          <Button type="submit" data-testid="events-submit">
            {t("events.list.submit")}
          </Button>
          <Anchor component={Link} to="?" size="sm">
            {t("events.list.reset")}
          </Anchor>
        </Group>
      </Stack>
    </Form>
  );
}

export default function EventListPage() {
  const t = useT();
  const locale = useLocale();
  const { query, errors, result } = useLoaderData<typeof loader>();
  const location = useLocation();
  const pageLink = (page: number) => (query ? `?${eventListParamsOf(query, { page })}` : "?");
  return (
    <Stack gap="lg">
      <Title order={1}>{t("page.eventList.title")}</Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          {/* A new URL remounts the filters with that URL's values. */}
          <Filters key={location.search} query={query} errors={errors} />
          <Anchor href={href("eventFeed", locale)} size="sm" mt="md" display="inline-block" data-testid="events-feed-link">
            {t("feed.events.link")}
          </Anchor>
          <Anchor href={href("eventsCalendarFeed", locale)} size="sm" mt="xs" display="block" data-testid="events-calendar-feed-link">
            {t("calendarFeed.publicLink")}
          </Anchor>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }} miw={0}>
          <Stack gap="md" aria-live="polite">
            {result && (
              <Text fw={600} data-testid="events-count">
                {t("events.list.count", { count: result.total })}
                {query?.place && (query.point ? ` · ${t("events.list.placeAround", { km: query.radiusKm, place: query.place })}` : ` · ${t("events.list.placeText", { place: query.place })}`)}
              </Text>
            )}
            {result && result.items.length === 0 && (
              <Alert color="blue" variant="light" data-testid="events-empty">
                {t("events.list.empty")}
              </Alert>
            )}
            {result && result.items.length > 0 && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="events-results">
                {result.items.map((event, i) => (
                  <EventCard key={event.id} event={event} first={i === 0} />
                ))}
              </SimpleGrid>
            )}
            {result && result.pageCount > 1 && (
              <Group component="nav" aria-label={t("events.list.pagination")} justify="space-between">
                {result.page > 1 ? (
                  <Anchor component={Link} to={pageLink(result.page - 1)} rel="prev">
                    {t("events.list.previous")}
                  </Anchor>
                ) : (
                  <span />
                )}
                <Text size="sm">{t("events.list.page", { page: result.page, pages: result.pageCount })}</Text>
                {result.page < result.pageCount ? (
                  <Anchor component={Link} to={pageLink(result.page + 1)} rel="next">
                    {t("events.list.next")}
                  </Anchor>
                ) : (
                  <span />
                )}
              </Group>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
