import { Alert, Stack, Switch } from "@mantine/core";
import { useEffect, useState } from "react";
import { useT } from "~/i18n/i18n-context";
import { browserSaysDoNotTrack, isOptedOut, setOptedOut } from "./analytics-client";

/**
 * The privacy page's switch (spec §7 "local-storage ignore flag", decision 035): on = visits may be
 * counted, off = the flag is set and this browser sends nothing. The state lives in the browser
 * only, so the switch appears once the page runs there (the server cannot know it).
 */
export function AnalyticsOptOut() {
  const t = useT();
  const [state, setState] = useState<{ counted: boolean; dnt: boolean } | null>(null);
  useEffect(() => setState({ counted: !isOptedOut(), dnt: browserSaysDoNotTrack() }), []);
  if (!state) return null;
  return (
    <Stack gap="xs" data-testid="analytics-opt-out">
      <Switch
        checked={state.counted}
        onChange={(event) => {
          const counted = event.currentTarget.checked;
          try {
            setOptedOut(!counted);
            setState({ ...state, counted });
          } catch {
            // Storage blocked: nothing is counted anyway (analytics-client treats it as opted out).
            setState({ ...state, counted: false });
          }
        }}
        label={t("analytics.optOut.label")}
        description={state.counted ? t("analytics.optOut.on") : t("analytics.optOut.off")}
        data-testid="analytics-opt-out-switch"
      />
      {state.dnt && (
        <Alert color="blue" variant="light" data-testid="analytics-dnt">
          {t("analytics.optOut.dnt")}
        </Alert>
      )}
    </Stack>
  );
}
