import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";

/** Light theme, or the high-contrast dark theme; Mantine keeps the choice in localStorage. */
export function ThemeToggle() {
  const t = useT();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });
  const next = computed === "dark" ? "light" : "dark";
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(next)}
      aria-label={t(next === "dark" ? "layout.themeDark" : "layout.themeLight")}
      data-testid="theme-toggle"
    >
      <span aria-hidden="true">{computed === "dark" ? "☀" : "☾"}</span>
    </ActionIcon>
  );
}
