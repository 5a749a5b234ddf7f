import { Anchor, Group, Stack } from "@mantine/core";
import { NavLink as RouterNavLink } from "react-router";
import { useLocale, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";

const ITEMS: ReadonlyArray<{ page: string; label: MessageKey }> = [
  { page: "search", label: "nav.search" },
  { page: "eventList", label: "nav.events" },
  { page: "newsList", label: "nav.news" },
  { page: "forCompanies", label: "nav.forCompanies" },
  { page: "forMultipliers", label: "nav.forMultipliers" },
];

export function MainNav({ direction, label }: { direction: "row" | "column"; label: string }) {
  const t = useT();
  const locale = useLocale();
  const links = ITEMS.filter((item) => isBuilt(item.page)).map((item) => (
    <Anchor
      key={item.page}
      component={RouterNavLink}
      to={href(item.page, locale)}
      c="var(--mantine-color-text)"
      fw={500}
      py={direction === "column" ? 6 : 0}
    >
      {t(item.label)}
    </Anchor>
  ));
  const Wrapper = direction === "row" ? Group : Stack;
  return (
    <nav aria-label={label}>
      <Wrapper gap={direction === "row" ? "lg" : "xs"}>{links}</Wrapper>
    </nav>
  );
}
