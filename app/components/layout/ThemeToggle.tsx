import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { useEffect, useState } from "react";
import { useT } from "~/i18n/i18n-context";

/** Light theme, or the high-contrast dark theme; Mantine keeps the choice in localStorage. */
export function ThemeToggle() {
  const t = useT();
  const { setColorScheme } = useMantineColorScheme();
  const stored = useComputedColorScheme("light", { getInitialValueInEffect: true });
  // The server renders the light theme's button; Mantine reads a stored "dark" already in the first
  // client render, which made the glyph a hydration mismatch (React then re-creates the whole page,
  // detaching what a visitor or a test was about to use). Hydrate as the server did, then show the
  // stored choice.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const computed = hydrated ? stored : "light";
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
