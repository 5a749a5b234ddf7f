import { Alert } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";
import { useRootData } from "~/root-data";

/** Spec §1: outside production a banner says that no real data is processed. */
export function EnvBanner() {
  const t = useT();
  const root = useRootData();
  if (!root || root.appEnv === "production") return null;
  return (
    <Alert color="yellow" radius={0} variant="filled" role="note" data-testid="env-banner" styles={{ message: { color: "#1a1a1a" } }}>
      {t("layout.envBanner")}
    </Alert>
  );
}
