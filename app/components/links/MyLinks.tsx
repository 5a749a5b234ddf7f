import { Anchor, Group, List, Text } from "@mantine/core";
import { Link } from "react-router";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { CompanyStatus, LinkStatus } from "~/schemas/enums";
import { StatusBadge } from "./StatusBadge";

export interface MyLink {
  id: string;
  companyId: string;
  companyName: string;
  companyStatus: CompanyStatus;
  status: LinkStatus;
  createdAt: Date | string;
}

/** The user's own links in every state; hidden profiles are shown without a link. */
export function MyLinks({ links }: { links: MyLink[] }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  if (links.length === 0) return <Text data-testid="my-links-empty">{t("links.mineEmpty")}</Text>;
  return (
    <List listStyleType="none" spacing="sm" data-testid="my-links">
      {links.map((link) => (
        <List.Item key={link.id}>
          <Group gap="sm">
            {link.companyStatus === "VERIFIED" || link.status === "CONFIRMED" ? (
              <Anchor component={Link} to={href("companyDetail", locale, { id: link.companyId })}>
                {link.companyName}
              </Anchor>
            ) : (
              <Text span>{link.companyName}</Text>
            )}
            <StatusBadge status={link.status} />
            {link.status === "CONFIRMED" && link.companyStatus !== "VERIFIED" && (
              <Text span size="sm" c="dimmed">
                {t(link.companyStatus === "PENDING" ? "links.companyPending" : "links.companyDeactivated")}
              </Text>
            )}
            <Text span size="sm" c="dimmed">
              {t("links.requestedOn", { date: format.date(link.createdAt) })}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
