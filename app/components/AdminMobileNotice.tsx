import { Alert } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";

/** Spec §1: admin pages are flagged as not optimised for mobile (shown below the lg breakpoint). */
export function AdminMobileNotice() {
  const t = useT();
  return (
    <Alert color="orange" variant="light" hiddenFrom="lg" data-testid="admin-mobile-notice">
      {t("admin.notOptimisedForMobile")}
    </Alert>
  );
}
