import { Badge } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";
import type { EventState } from "~/schemas/event-admin-filters";

// Filled dark shades keep white text above 4.5:1 in both themes (axe color-contrast), as StatusBadge.
const COLOR: Record<EventState, string> = { published: "#1b5e20", scheduled: "brand.7", inactive: "gray.7", deleted: "#a61e1e" };

/** The publication state of an event (admin list and edit page). */
export function EventStateBadge({ state }: { state: EventState }) {
  const t = useT();
  return (
    // The label is short and must be read whole: no ellipsis in a narrow table column.
    <Badge color={COLOR[state]} variant="filled" tt="none" style={{ flexShrink: 0, overflow: "visible" }} styles={{ label: { overflow: "visible" } }} data-testid="event-state">
      {t(`eventAdmin.state.${state}`)}
    </Badge>
  );
}
