import { VisuallyHidden } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";

/** Tells screen-reader users that a link opens in a new tab. */
export function NewTabHint() {
  const t = useT();
  return <VisuallyHidden>{t("companyDetail.opensInNewTab")}</VisuallyHidden>;
}
