import { Alert, Text } from "@mantine/core";
import { useFormat, useT } from "~/i18n/i18n-context";

/** Whether companies may rank now, and until or since when (the reason of the read-only view). */
export function WindowNote({ window, asOrganiser = false }: { window: { open: boolean; phase: "before" | "open" | "after"; opensAt: string; closesAt: string }; asOrganiser?: boolean }) {
  const t = useT();
  const format = useFormat();
  if (window.open) {
    return (
      <Text size="sm" data-testid="prefs-window" data-open="true">
        {t("b2bPrefs.window.open", { date: format.dateTime(window.closesAt) })}
      </Text>
    );
  }
  const notYet = window.phase === "before";
  const text = notYet ? t("b2bPrefs.window.notYet", { date: format.dateTime(window.opensAt) }) : t("b2bPrefs.window.closed", { date: format.dateTime(window.closesAt) });
  return asOrganiser ? (
    <Text size="sm" data-testid="prefs-window" data-open="false">
      {text}
    </Text>
  ) : (
    <Alert color="orange" data-testid="prefs-window" data-open="false">
      {text}
    </Alert>
  );
}

/** When and by whom the list was saved last. */
export function SubmittedNote({ submitted }: { submitted: { at: string; byName: string | null; byOrganiser: boolean } | null }) {
  const t = useT();
  const format = useFormat();
  if (!submitted) {
    return (
      <Text size="sm" c="dimmed" data-testid="prefs-submitted">
        {t("b2bPrefs.notSubmitted")}
      </Text>
    );
  }
  const date = format.dateTime(submitted.at);
  return (
    <Text size="sm" c="dimmed" data-testid="prefs-submitted">
      {submitted.byName ? t("b2bPrefs.submitted", { date, name: submitted.byName }) : t("b2bPrefs.submittedNoName", { date })}
      {submitted.byOrganiser ? ` ${t("b2bPrefs.byOrganiser")}` : ""}
    </Text>
  );
}
