import { Alert, Anchor, Button, Card, Grid, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useLoaderData, useSearchParams } from "react-router";
import { EventCard } from "~/components/events/EventCard";
import { HomeSectionHeader } from "~/components/home/HomeSectionHeader";
import { NewsCard } from "~/components/news/NewsCard";
import { SearchHitCard } from "~/components/search/SearchHitCard";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { isBuilt } from "~/routing/catalogue";
import { siteMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { COUNTRIES } from "~/schemas/enums";
import { getDb } from "~/server/db/client.server";
import { upcomingEvents } from "~/server/events/list.server";
import { latestNews } from "~/server/news/public.server";
import { latestAds } from "~/server/search/search.server";
import type { Route } from "./+types/home";

const LATEST_ADS = 6;

const UPCOMING_EVENTS = 3;

const LATEST_NEWS = 3;

export function meta(args: Route.MetaArgs) {
  return siteMeta(args);
}

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const db = await getDb();
  const [latest, events, news] = await Promise.all([
    latestAds(db, locale, LATEST_ADS),
    upcomingEvents(db, locale, UPCOMING_EVENTS),
    // News only once its pages exist (decision 014).
    isBuilt("newsList") ? latestNews(db, locale, LATEST_NEWS) : Promise.resolve(null),
  ]);
  return { latest, events, news };
}

export default function Home() {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const { latest, events, news } = useLoaderData<typeof loader>();
  return (
    <Stack gap={48}>
      {params.get("deleted") === "1" && (
        <Alert color="green" role="status" data-testid="account-deleted">
          {t("home.accountDeleted")}
        </Alert>
      )}
      <Stack component="section" gap="md" aria-labelledby="hero-title" py="lg">
        <Title id="hero-title" order={1} maw={760}>
          {t("home.hero.title")}
        </Title>
        <Text size="lg" maw={760}>
          {t("home.hero.subtitle")}
        </Text>
        <Form method="get" action={href("search", locale)} role="search" aria-label={t("home.search.label")} data-testid="home-search">
          {/* Both countries; no kind, so the results open on the first tab with matches (all three are counted). */}
          {COUNTRIES.map((country) => (
            <input key={country} type="hidden" name="country" value={country} />
          ))}
          <Group align="flex-end" maw={640} wrap="nowrap">
            <TextInput name="q" label={t("home.search.label")} placeholder={t("home.search.placeholder")} flex={1} />
            <Button type="submit">{t("home.search.submit")}</Button>
          </Group>
        </Form>
      </Stack>

      {/* Upcoming events and the latest news side by side on wide screens, one below the other on phones. */}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: news ? 8 : 12 }} miw={0}>
          <Stack component="section" gap="md" aria-labelledby="home-events" data-testid="home-events">
            <HomeSectionHeader id="home-events" title={t("home.events.title")} text={t("home.events.text")} link={{ to: href("eventList", locale), label: t("home.events.showAll") }} />
            {events.length === 0 ? (
              <Text c="dimmed">{t("home.events.none")}</Text>
            ) : (
              <SimpleGrid component="ul" cols={{ base: 1, md: 2, lg: 3 }} spacing="md" m={0} p={0} style={{ listStyle: "none" }}>
                {events.map((event, i) => (
                  <li key={event.id}>
                    <EventCard event={event} headingLevel={3} first={i === 0} />
                  </li>
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Grid.Col>
        {news && (
          <Grid.Col span={{ base: 12, lg: 4 }} miw={0}>
            <Stack component="section" gap="md" aria-labelledby="home-news" data-testid="home-latest-news">
              <HomeSectionHeader
                id="home-news"
                title={t("home.news.title")}
                text={t("home.news.text")}
                link={{ to: href("newsList", locale), label: t("home.news.showAll"), testId: "home-news-all" }}
              />
              {news.length === 0 ? (
                <Text c="dimmed">{t("home.news.none")}</Text>
              ) : (
                <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }}>
                  {news.map((item) => (
                    <li key={item.id}>
                      <NewsCard item={item} headingLevel={3} compact />
                    </li>
                  ))}
                </Stack>
              )}
            </Stack>
          </Grid.Col>
        )}
      </Grid>

      <Stack component="section" gap="md" aria-labelledby="home-latest-ads" data-testid="home-latest-ads">
        <HomeSectionHeader id="home-latest-ads" title={t("home.ads.title")} text={t("home.ads.text")} link={{ to: href("search", locale), label: t("home.ads.searchAll") }} />
        {latest.length === 0 ? (
          <Text c="dimmed">{t("home.ads.empty")}</Text>
        ) : (
          <SimpleGrid component="ul" cols={{ base: 1, md: 2, lg: 3 }} spacing="md" m={0} p={0} style={{ listStyle: "none" }}>
            {latest.map((hit) => (
              <li key={hit.id}>
                <SearchHitCard hit={hit} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg" component="section" aria-labelledby="home-companies">
          <Stack gap="sm">
            <Title id="home-companies" order={2} size="h3">
              {t("home.companies.title")}
            </Title>
            <Text>{t("home.companies.text")}</Text>
            <Group>
              <Button component={Link} to={href("signup", locale)}>
                {t("home.companies.cta")}
              </Button>
              <Anchor component={Link} to={href("forCompanies", locale)}>
                {t("home.learnMore")}
              </Anchor>
            </Group>
          </Stack>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="home-multipliers">
          <Stack gap="sm">
            <Title id="home-multipliers" order={2} size="h3">
              {t("home.multipliers.title")}
            </Title>
            <Text>{t("home.multipliers.text")}</Text>
            <Group>
              <Anchor component={Link} to={href("forMultipliers", locale)}>
                {t("home.learnMore")}
              </Anchor>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>

    </Stack>
  );
}
