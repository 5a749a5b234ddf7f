import { Alert, Anchor, Button, Group, Image, Stack, Text, Title, Typography } from "@mantine/core";
import { data, Link, useLoaderData } from "react-router";
import { ErrorScreen } from "~/components/ErrorScreen";
import { JsonLd } from "~/components/seo/JsonLd";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { isBuilt } from "~/routing/catalogue";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { getDb } from "~/server/db/client.server";
import { isAppError } from "~/server/errors";
import { userContext } from "~/server/http/context";
import { newsJsonLd } from "~/server/news/json-ld.server";
import { getPublicNews } from "~/server/news/public.server";
import { publicBaseUrl } from "~/server/request-origin.server";
import type { Route } from "./+types/news-detail";

export function meta(args: Route.MetaArgs) {
  if (args.error || !args.loaderData) return pageMeta(args, "error.title");
  const { item, imageUrl } = args.loaderData;
  return pageMeta(args, "page.newsDetail.title", item.title, {
    description: item.excerpt,
    image: imageUrl,
    type: "article",
    // A preview (scheduled, inactive, deleted) is for the people who manage it, never for search engines.
    noindex: item.state !== "PUBLISHED",
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  try {
    const item = await getPublicNews(await getDb(), context.get(userContext), params.id, locale);
    const origin = publicBaseUrl();
    return { item, imageUrl: `${origin}/files/${item.imageKey}`, jsonLd: item.state === "PUBLISHED" ? newsJsonLd(item, locale, origin) : null };
  } catch (error) {
    // Unknown, malformed, scheduled, inactive and deleted items look the same to the public: 404.
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  }
}

export default function NewsDetailPage() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const { item, jsonLd } = useLoaderData<typeof loader>();
  const publishAt = new Date(item.publishAt);
  return (
    <Stack component="article" gap="lg" maw={860} aria-labelledby="news-detail-title">
      {jsonLd && <JsonLd json={jsonLd} />}
      <Anchor component={Link} to={href("newsList", locale)} size="sm" data-testid="news-detail-back">
        <span aria-hidden="true">← </span>
        {t("newsDetail.back")}
      </Anchor>
      {item.state !== "PUBLISHED" && (
        <Alert color="orange" variant="light" role="status" data-testid="news-detail-preview">
          {t(`newsDetail.preview.${item.state}`, { date: format.dateTime(publishAt) })}
        </Alert>
      )}
      <Stack gap="xs">
        <Title order={1} className="hyphenate" id="news-detail-title" data-testid="news-detail-title">
          {item.title}
        </Title>
        {/* One line of prose that wraps naturally on a phone. */}
        <Text size="sm" data-testid="news-detail-meta">
          {t("newsDetail.published")}{" "}
          <time dateTime={publishAt.toISOString()} data-testid="news-detail-date">
            {format.date(publishAt)}
          </time>
          {item.authorName.trim() && (
            <>
              {" · "}
              <span data-testid="news-detail-author">{t("newsDetail.author", { name: item.authorName })}</span>
            </>
          )}
          {" · "}
          <span data-testid="news-detail-company">
            {t("newsDetail.company")}:{" "}
            {item.companyPublic ? (
              <Anchor component={Link} to={href("companyDetail", locale, { id: item.companyId })} inherit underline="always">
                {item.companyName}
              </Anchor>
            ) : (
              item.companyName
            )}
          </span>
        </Text>
        {item.canManage && isBuilt("adminNewsEdit") && item.state !== "DELETED" && (
          <Group>
            <Button component={Link} to={href("adminNewsEdit", locale, { id: item.id })} variant="default" size="sm" data-testid="news-detail-edit">
              {t("newsDetail.edit")}
            </Button>
          </Group>
        )}
      </Stack>
      <Image src={`/files/${item.imageKey}`} alt={item.title} radius="sm" mah={480} fit="cover" data-testid="news-detail-image" />
      {/* Sanitised on the server before it is stored (links open in a new tab); rendered as HTML. */}
      <Typography>
        <div lang={locale} dangerouslySetInnerHTML={{ __html: item.descriptionHtml }} data-rich-text="" data-testid="news-detail-text" />
      </Typography>
    </Stack>
  );
}
