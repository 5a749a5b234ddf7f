import { Badge } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";
import type { NewsState } from "~/schemas/news";

// Filled dark shades keep white text above 4.5:1 in both themes (axe color-contrast), as EventStateBadge.
const COLOR: Record<NewsState, string> = { PUBLISHED: "#1b5e20", SCHEDULED: "brand.7", INACTIVE: "gray.7", DELETED: "#a61e1e" };

/** Where a news item stands (admin list and edit page). */
export function NewsStateBadge({ state }: { state: NewsState }) {
  const t = useT();
  return (
    <Badge color={COLOR[state]} variant="filled" tt="none" style={{ flexShrink: 0, overflow: "visible" }} styles={{ label: { overflow: "visible" } }} data-testid="news-state" data-state={state}>
      {t(`newsAdmin.state.${state}`)}
    </Badge>
  );
}
