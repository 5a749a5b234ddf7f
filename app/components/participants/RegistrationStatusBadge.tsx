import { Badge } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";
import type { RegistrationStatus } from "~/schemas/enums";

// Filled dark shades keep white text above 4.5:1 in both themes (axe color-contrast), as EventStateBadge.
const COLOR: Record<RegistrationStatus, string> = { REGISTERED: "brand.7", ATTENDED: "#1b5e20", WAITING: "#8a4b00", CANCELLED: "gray.7" };

/** A registration's state in the organisers' participant list. */
export function RegistrationStatusBadge({ status }: { status: RegistrationStatus }) {
  const t = useT();
  return (
    <Badge color={COLOR[status]} variant="filled" tt="none" style={{ flexShrink: 0, overflow: "visible" }} styles={{ label: { overflow: "visible" } }} data-testid="registration-status" data-status={status}>
      {t(`participants.status.${status}`)}
    </Badge>
  );
}
