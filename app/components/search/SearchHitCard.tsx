import { Anchor, Badge, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import type { Locale } from "~/i18n/locales";
import { href } from "~/routing/paths";
import type { SearchHit } from "~/server/search/types";
import { useDistanceFormat } from "./format";

/** Where a hit leads: the company page; for an ad, its entry there. */
export function hitHref(hit: Pick<SearchHit, "kind" | "id" | "companyId">, locale: Locale): string {
  const page = href("companyDetail", locale, { id: hit.companyId });
  return hit.kind === "COMPANY" ? page : `${page}#service-${hit.id}`;
}

/**
 * One company, offer or inquiry in a result list: name or title linking to the company page,
 * a short description, place, distance, tags, and for ads the end of validity. Never contact data.
 */
export function SearchHitCard({ hit, headingOrder = 3 }: { hit: SearchHit; headingOrder?: 2 | 3 | 4 }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const distance = useDistanceFormat();
  const place = [hit.city, hit.country ? t(`country.${hit.country}`) : null].filter(Boolean).join(", ");

  return (
    <Paper withBorder p="md" h="100%" data-testid="search-hit">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {hit.logoKey && (
          // Lazy: hidden on phones (below xs), where a lazy image is not fetched at all (decision 068).
          <Image src={`/files/${hit.logoKey}`} alt="" w={48} h={48} fit="contain" radius="sm" style={{ flexShrink: 0 }} visibleFrom="xs" loading="lazy" />
        )}
        <Stack gap={6} flex={1} miw={0}>
          {hit.kind !== "COMPANY" && (
            <Badge variant="filled" color={hit.kind === "OFFER" ? "teal.9" : "grape.9"} tt="none" w="fit-content">
              {t(`search.kind.${hit.kind}`)}
            </Badge>
          )}
          <Title order={headingOrder} size="h4" className="hyphenate">
            <Anchor component={Link} to={hitHref(hit, locale)} inherit data-testid="search-hit-link">
              {hit.title}
            </Anchor>
          </Title>
          {hit.kind !== "COMPANY" && (
            <Text size="sm" fw={500}>
              {hit.companyName}
            </Text>
          )}
          {hit.excerpt && (
            <Text size="sm" className="hyphenate">
              {hit.excerpt}
            </Text>
          )}
          <Group gap="md" wrap="wrap">
            {place && (
              <Text size="sm" c="dimmed" data-testid="search-hit-place">
                {place}
              </Text>
            )}
            {hit.distanceKm !== null && (
              <Text size="sm" c="dimmed" data-testid="search-hit-distance">
                {t("search.hit.distance", { distance: distance(hit.distanceKm) })}
              </Text>
            )}
            {hit.validUntil && (
              <Text size="sm" c="dimmed">
                {t("service.validUntil", { date: format.date(hit.validUntil) })}
              </Text>
            )}
          </Group>
          {hit.tags.length > 0 && (
            <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={t("search.tags")}>
              {hit.tags.map((tag) => (
                <Badge component="li" key={tag.id} variant="default" tt="none" maw="100%">
                  {tag.label}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
