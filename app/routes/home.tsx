import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useSearchParams } from "react-router";
import { useLocale, useT } from "~/i18n/i18n-context";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import type { Route } from "./+types/home";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname, "site.title");
}

export default function Home() {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
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
        <Form method="get" action={href("search", locale)} role="search" aria-label={t("home.search.label")}>
          <Group align="flex-end" maw={640} wrap="nowrap">
            <TextInput name="q" label={t("home.search.label")} placeholder={t("home.search.placeholder")} flex={1} />
            <Button type="submit">{t("home.search.submit")}</Button>
          </Group>
        </Form>
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

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {(
          [
            ["home.events.title", "home.events.text", "eventList"],
            ["home.news.title", "home.news.text", "newsList"],
            ["home.ads.title", "home.ads.text", "search"],
          ] as const
        ).map(([title, text, page]) => (
          <Stack key={page} component="section" gap="xs">
            <Title order={2} size="h4">
              {t(title)}
            </Title>
            <Text>{t(text)}</Text>
            <Anchor component={Link} to={href(page, locale)}>
              {t("home.showAll")}
            </Anchor>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
