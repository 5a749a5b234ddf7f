import { Accordion, Alert, List, Stack, Text, Title } from "@mantine/core";
import { useLoaderData } from "react-router";
import { AnalyticsOptOut } from "~/components/analytics/AnalyticsOptOut";
import { CONTENT_PAGES, type ContentPageId } from "~/content";
import { useT } from "~/i18n/i18n-context";
import { matchPage } from "~/routing/paths";
import { pageMeta } from "~/routing/current-page";
import { config } from "~/server/config.server";
import type { Route } from "./+types/content-page";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "site.name", args.loaderData?.page.title);
}

/**
 * The page's text in its language comes with the loader's data, so the browser gets only this
 * page's text, not every page's in both languages (decision 044). Operator details come from
 * configuration (OPERATOR_*); unset values are marked as examples.
 */
export function loader({ request }: Route.LoaderArgs) {
  const match = matchPage(new URL(request.url).pathname);
  if (!match?.page.content) throw new Response(null, { status: 404 });
  const page = CONTENT_PAGES[match.page.id as ContentPageId][match.locale];
  const { configured, ...values } = config.operator;
  const analytics = { mode: config.analytics.mode, host: config.analytics.plausible ? new URL(config.analytics.plausible.scriptUrl).host : "" };
  return { page, operator: values, operatorConfigured: configured, analytics };
}

type Operator = ReturnType<typeof loader>["operator"] & { analyticsHost?: string };

function fill(text: string, operator: Operator): string {
  return text
    .replaceAll("{analyticsHost}", operator.analyticsHost ?? "")
    .replaceAll("{operatorName}", operator.name)
    .replaceAll("{operatorAddress}", operator.address)
    .replaceAll("{operatorEmail}", operator.email)
    .replaceAll("{operatorPhone}", operator.phone)
    .replaceAll("{operatorRepresentative}", operator.representative);
}

const USES_OPERATOR = /\{operator/;

/** The static pages (about, FAQ, for companies, for multipliers, imprint, privacy, terms). */
export default function ContentPageView() {
  const t = useT();
  const { page, operator: operatorValues, operatorConfigured, analytics } = useLoaderData<typeof loader>();
  const operator = { ...operatorValues, analyticsHost: analytics.host };
  const mentionsOperator = JSON.stringify(page).match(USES_OPERATOR);

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{page.title}</Title>
      {mentionsOperator && !operatorConfigured && (
        <Alert color="yellow" variant="light" data-testid="operator-placeholder">
          {t("content.operatorPlaceholder")}
        </Alert>
      )}
      {page.lead && (
        <Text size="lg">{fill(page.lead, operator)}</Text>
      )}
      {page.sections.map((section, i) => (
        <Stack key={i} gap="xs" component="section">
          {section.heading && (
            <Title order={2} size="h3">
              {fill(section.heading, operator)}
            </Title>
          )}
          {[...(section.paragraphs ?? []), ...(section.analytics?.[analytics.mode] ?? [])].map((p, j) => (
            <Text key={j} style={{ whiteSpace: "pre-line" }}>
              {fill(p, operator)}
            </Text>
          ))}
          {section.analytics && analytics.mode !== "off" && <AnalyticsOptOut />}
          {section.items && (
            <List spacing="xs">
              {section.items.map((item, j) => (
                <List.Item key={j}>{fill(item, operator)}</List.Item>
              ))}
            </List>
          )}
          {section.faq && (
            <Accordion variant="separated" multiple defaultValue={[]}>
              {section.faq.map((entry, j) => (
                <Accordion.Item key={j} value={String(j)}>
                  <Accordion.Control>{fill(entry.question, operator)}</Accordion.Control>
                  <Accordion.Panel>{fill(entry.answer, operator)}</Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
