import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, Form, Link, useLoaderData } from "react-router";
import { useFieldError } from "~/components/FormError";
import { NewsCard } from "~/components/news/NewsCard";
import { NewsPagination } from "~/components/news/NewsPagination";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { NEWS_LIMITS, newsListQuerySchema } from "~/schemas/news";
import { hasForbiddenControl } from "~/schemas/text";
import { getDb } from "~/server/db/client.server";
import { listPublicNews } from "~/server/news/public.server";
import type { Route } from "./+types/news-list";

export function meta(args: Route.MetaArgs) {
  const locale = localeOfPath(args.location.pathname) ?? "de";
  return [
    ...pageMeta(args, "page.newsList.title"),
    // Feed readers and browsers find the feed from the page (RSS autodiscovery).
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: translate(locale, "feed.news.title"), href: href("newsFeed", locale) },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const query = newsListQuerySchema.parse(Object.fromEntries(url.searchParams));
  if (hasForbiddenControl(query.q)) return data({ q: "", error: "INVALID_INPUT", result: null }, { status: 400 });
  const result = await listPublicNews(await getDb(), query, locale);
  return { q: query.q.trim(), error: null, result };
}

export default function NewsListPage() {
  const t = useT();
  const locale = useLocale();
  const fieldError = useFieldError();
  const { q, error, result } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t("page.newsList.title")}</Title>
        <Text>{t("home.news.text")}</Text>
      </Stack>
      {/* A GET form: the term travels in the URL (shareable, works without JavaScript); a new URL remounts it. */}
      <Form key={q} method="get" role="search" aria-label={t("newsList.search.label")} data-testid="news-search">
        <Group align="flex-end" wrap="wrap" maw={720}>
          <TextInput
            name="q"
            type="search"
            label={t("newsList.search.label")}
            placeholder={t("newsList.search.placeholder")}
            defaultValue={q}
            maxLength={NEWS_LIMITS.query}
            error={fieldError(error ?? undefined)}
            flex="1 1 240px"
            data-testid="news-search-input"
          />
          <Button type="submit" data-testid="news-search-submit">
            {t("newsList.search.submit")}
          </Button>
        </Group>
      </Form>
      <Stack gap="md" aria-live="polite">
        {result && (
          <Group justify="space-between" align="baseline">
            <Text fw={600} data-testid="news-count">
              {q ? t("newsList.countFor", { count: result.total, q }) : t("newsList.count", { count: result.total })}
            </Text>
            <Anchor href={href("newsFeed", locale)} size="sm" data-testid="news-feed-link">
              {t("newsList.feed")}
            </Anchor>
          </Group>
        )}
        {result && result.total === 0 && !q && (
          <Alert color="blue" variant="light" data-testid="news-empty">
            {t("newsList.empty")}
          </Alert>
        )}
        {result && result.total === 0 && q && (
          <Alert color="gray" variant="light" data-testid="news-no-results">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("newsList.noResults", { q })}</Text>
              <Anchor component={Link} to="?" size="sm">
                {t("newsList.search.reset")}
              </Anchor>
            </Stack>
          </Alert>
        )}
        {result && result.items.length > 0 && (
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" m={0} p={0} style={{ listStyle: "none" }} data-testid="news-results">
            {result.items.map((item, i) => (
              <li key={item.id}>
                <NewsCard item={item} first={i === 0} />
              </li>
            ))}
          </SimpleGrid>
        )}
        {result && result.pageCount > 1 && <NewsPagination q={q} page={result.page} pageCount={result.pageCount} />}
      </Stack>
    </Stack>
  );
}
