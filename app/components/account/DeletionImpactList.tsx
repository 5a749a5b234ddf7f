import { List, Text } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";
import type { DeletionImpact } from "~/schemas/company-deletion";

/** The counts of what disappears with a company profile, and what happens to the rest. */
export function DeletionImpactList({ impact, restoreDays }: { impact: DeletionImpact; restoreDays: number }) {
  const t = useT();
  return (
    <>
      <List data-testid="delete-company-impact">
        <List.Item data-testid="impact-upcoming">{t("account.companies.impact.upcomingEvents", { count: impact.upcomingEvents })}</List.Item>
        <List.Item data-testid="impact-past">{t("account.companies.impact.pastEvents", { count: impact.pastEvents })}</List.Item>
        <List.Item data-testid="impact-registrations">{t("account.companies.impact.otherRegistrations", { count: impact.otherRegistrations })}</List.Item>
        <List.Item data-testid="impact-b2b">{t("account.companies.impact.b2bPlans", { count: impact.b2bPlans })}</List.Item>
        <List.Item data-testid="impact-news">{t("account.companies.impact.news", { count: impact.news })}</List.Item>
      </List>
      <Text data-testid="impact-invoices">{t("account.companies.impact.invoices", { count: impact.invoices })}</Text>
      {impact.upcomingEvents > 0 && <Text>{t("account.companies.impact.mails")}</Text>}
      <Text>{t("account.companies.impact.restore", { days: restoreDays })}</Text>
    </>
  );
}
