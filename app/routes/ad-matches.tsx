import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { data, Link, useLoaderData } from "react-router";
import { AdMatchSummaryText } from "~/components/ad-matches/AdMatchSummaryText";
import { ErrorScreen } from "~/components/ErrorScreen";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { errorMeta, pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { getAdMatches } from "~/server/ad-matches/ad-matches.server";
import { getDb } from "~/server/db/client.server";
import { isAppError } from "~/server/errors";
import { userContext } from "~/server/http/context";
import type { Route } from "./+types/ad-matches";
import { idOrNotFound } from "./company-detail.actions.server";

export function meta(args: Route.MetaArgs) {
  if (args.error || !args.loaderData) return errorMeta(args.location.pathname);
  const { ad } = args.loaderData;
  // A list computed from other companies' ads changes daily: not for search engines.
  const key = ad.type === "OFFER" ? "adMatches.title.OFFER" : "adMatches.title.INQUIRY";
  return pageMeta(args, key, translate(localeOfPath(args.location.pathname) ?? "de", key, { title: ad.title }), { noindex: true });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return await getAdMatches(await getDb(), context.get(userContext), idOrNotFound(params.companyId), idOrNotFound(params.id));
  } catch (error) {
    // Hidden companies, unknown or foreign ads, expired ads of others: 404 like the company page.
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  }
}

export default function AdMatchesPage() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const { company, ad, matches, companiesByCountry, isOwner } = useLoaderData<typeof loader>();
  const heading = t(ad.type === "OFFER" ? "adMatches.title.OFFER" : "adMatches.title.INQUIRY", { title: ad.title });

  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={`${href("companyDetail", locale, { id: company.id })}#service-${ad.id}`} size="sm" data-testid="ad-matches-back">
        <span aria-hidden="true">← </span>
        {t("adMatches.back", { name: company.name })}
      </Anchor>
      <Stack gap={4}>
        <Title order={1} className="hyphenate" data-testid="ad-matches-title">
          {heading}
        </Title>
        <Text c="dimmed">{t(ad.type === "OFFER" ? "adMatches.intro.OFFER" : "adMatches.intro.INQUIRY")}</Text>
      </Stack>
      {ad.state === "expired" ? (
        <Alert color="orange" variant="light" role="status" data-testid="ad-matches-expired">
          {t("adMatches.expired")}
        </Alert>
      ) : (
        <>
          {companiesByCountry.length > 0 && (
            <Stack gap={2} data-testid="ad-matches-summary">
              {companiesByCountry.map((c) => (
                <Text key={c.country} fw={600}>
                  <AdMatchSummaryText type={ad.type} country={c.country} count={c.count} owner={isOwner} />
                </Text>
              ))}
            </Stack>
          )}
          {matches.length === 0 ? (
            <Text data-testid="ad-matches-empty">{t(ad.type === "OFFER" ? "adMatches.empty.OFFER" : "adMatches.empty.INQUIRY")}</Text>
          ) : (
            <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: "none" }} aria-label={heading}>
              {matches.map((m) => (
                <Paper component="li" key={m.serviceId} withBorder p="md" data-testid="ad-match">
                  <Stack gap={4}>
                    <Group gap="xs" wrap="wrap">
                      <Anchor component={Link} to={`${href("companyDetail", locale, { id: m.companyId })}#service-${m.serviceId}`} fw={600} className="hyphenate">
                        {m.title}
                      </Anchor>
                      {m.country && (
                        <Badge variant="light" tt="none">
                          {t(`country.${m.country}`)}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="ad-match-company">
                      {m.companyName}
                      {m.city ? ` · ${m.city}` : ""}
                      {m.distanceKm !== null ? ` · ${t("adMatches.distance", { km: m.distanceKm })}` : ""}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t("adMatches.published", { date: format.date(m.createdAt) })} · {t("service.validUntil", { date: format.date(m.validUntil) })}
                    </Text>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
