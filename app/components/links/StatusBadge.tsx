import { Badge } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";

export type RequestStatus = "REQUESTED" | "CONFIRMED" | "REJECTED" | "PENDING" | "COMPANY_UPDATED" | "NO_UPDATES";

// Filled dark shades: white text stays above 4.5:1 in both themes (axe color-contrast; Mantine's
// darkest green, green.9, is only 4.4:1, hence the darker hex).
const GREEN = "#1b5e20";
const COLOR: Record<RequestStatus, string> = {
  REQUESTED: "brand.7",
  PENDING: "brand.7",
  CONFIRMED: GREEN,
  COMPANY_UPDATED: GREEN,
  REJECTED: "gray.7",
  NO_UPDATES: "gray.7",
};

const LABEL: Record<RequestStatus, MessageKey> = {
  REQUESTED: "linkStatus.REQUESTED",
  CONFIRMED: "linkStatus.CONFIRMED",
  REJECTED: "linkStatus.REJECTED",
  PENDING: "challengeStatus.PENDING",
  COMPANY_UPDATED: "challengeStatus.COMPANY_UPDATED",
  NO_UPDATES: "challengeStatus.NO_UPDATES",
};

/** The state of a link request or a challenge, as a translated badge. */
export function StatusBadge({ status }: { status: RequestStatus }) {
  const t = useT();
  return (
    <Badge color={COLOR[status]} variant="filled" tt="none" data-testid="status-badge">
      {t(LABEL[status])}
    </Badge>
  );
}
