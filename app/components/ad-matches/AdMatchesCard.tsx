import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { Country, ServiceType } from "~/schemas/enums";
import { AdMatchSummaryText } from "./AdMatchSummaryText";

export interface AdMatchSummaryView {
  companyId: string;
  companyName: string;
  ads: Array<{ serviceId: string; type: ServiceType; title: string; companiesByCountry: Array<{ country: Country; count: number }> }>;
}

/** The account's "network effects" card: per own current ad, who looks for or offers the same, by country. */
export function AdMatchesCard({ summaries }: { summaries: AdMatchSummaryView[] }) {
  const t = useT();
  const locale = useLocale();
  const withAds = summaries.filter((s) => s.ads.length > 0);
  if (withAds.length === 0) return null;
  return (
    <Paper withBorder p="lg" data-testid="account-ad-matches">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("adMatches.account.title")}
        </Title>
        {withAds.map((company) => (
          <Stack key={company.companyId} gap="xs">
            {withAds.length > 1 && (
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {company.companyName}
              </Text>
            )}
            {company.ads.map((ad) => (
              <Stack key={ad.serviceId} gap={2} data-testid="account-ad-match">
                <Anchor component={Link} to={href("adMatches", locale, { companyId: company.companyId, id: ad.serviceId })} style={{ overflowWrap: "anywhere" }}>
                  {ad.companiesByCountry.map((c, i) => (
                    <span key={c.country}>
                      {i > 0 ? "; " : ""}
                      <AdMatchSummaryText type={ad.type} country={c.country} count={c.count} owner />
                    </span>
                  ))}
                </Anchor>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {t(ad.type === "OFFER" ? "adMatches.account.forOffer" : "adMatches.account.forInquiry", { title: ad.title })}
                </Text>
              </Stack>
            ))}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
