import { Badge } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";

/** An invoice's state in a list: open, cancelled by number N, or the cancellation of number N. */
// Filled dark shades keep white text above 4.5:1 in both themes (axe color-contrast), as EventStateBadge.
export function InvoiceStateBadge({ cancelledBy, cancels }: { cancelledBy: string | null; cancels: string | null }) {
  const t = useT();
  const [color, label] = cancelledBy
    ? ["gray.7", t("invoices.state.cancelledBy", { number: cancelledBy })]
    : cancels
      ? ["brand.7", t("invoices.state.cancels", { number: cancels })]
      : ["#1b5e20", t("invoices.state.open")];
  return (
    // The label names a number and must be read whole: no ellipsis in a narrow column.
    <Badge color={color} variant="filled" tt="none" style={{ flexShrink: 0, overflow: "visible" }} styles={{ label: { overflow: "visible" } }} data-testid="invoice-state">
      {label}
    </Badge>
  );
}

