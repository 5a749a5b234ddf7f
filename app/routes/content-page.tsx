import { Accordion, Alert, List, Stack, Text, Title } from "@mantine/core";
import { useLoaderData } from "react-router";
import { AnalyticsOptOut } from "~/components/analytics/AnalyticsOptOut";
import { CONTENT_PAGES, type ContentPageId } from "~/content";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageIdOfRouteId, pageMeta, useCurrentPageId } from "~/routing/current-page";
import { config } from "~/server/config.server";
import type { Route } from "./+types/content-page";

export function meta(args: Route.MetaArgs) {
  const id = pageIdOfRouteId(args.matches[args.matches.length - 1]?.id ?? "about") as ContentPageId;
  const locale = localeOfPath(args.location.pathname) ?? "de";
  return pageMeta(args, "site.name", CONTENT_PAGES[id]?.[locale].title);
}

/** Operator details come from configuration (OPERATOR_*); unset values are marked as examples. */
export function loader() {
  const { configured, ...values } = config.operator;
  const analytics = { mode: config.analytics.mode, host: config.analytics.plausible ? new URL(config.analytics.plausible.scriptUrl).host : "" };
  return { operator: values, operatorConfigured: configured, analytics };
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
  const locale = useLocale();
  const id = useCurrentPageId() as ContentPageId;
  const { operator: operatorValues, operatorConfigured, analytics } = useLoaderData<typeof loader>();
  const operator = { ...operatorValues, analyticsHost: analytics.host };
  const page = CONTENT_PAGES[id][locale];
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
