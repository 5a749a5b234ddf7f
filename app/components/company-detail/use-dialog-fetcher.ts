import { notifications } from "@mantine/notifications";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import type { CompanyActionResult } from "./types";

/**
 * A fetcher for one dialog or button: once the action answers `ok` (and the page data is
 * reloaded) it shows the success notice of spec §8 and calls `onSuccess`; a failure stays in
 * `failure` so the dialog remains open with the translated error.
 */
export function useDialogFetcher(successMessage: MessageKey, onSuccess?: () => void) {
  const t = useT();
  const fetcher = useFetcher<CompanyActionResult>();
  const handled = useRef<unknown>(null);
  const onSuccessRef = useRef(onSuccess);
  useEffect(() => {
    onSuccessRef.current = onSuccess;
  });

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    notifications.show({ color: "green", message: t(successMessage), withBorder: true, closeButtonProps: { "aria-label": t("action.close") } });
    onSuccessRef.current?.();
  }, [fetcher.state, fetcher.data, successMessage, t]);

  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return { fetcher, failure, busy: fetcher.state !== "idle" };
}
