import { Alert } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";
import { isMessageKey } from "~/i18n/translate";

/** A translated error message for a server error code (role=alert so screen readers announce it). */
export function FormError({ code, values }: { code?: string | undefined; values?: Record<string, string | number> | undefined }) {
  const t = useT();
  if (!code) return null;
  const key = `error.${code}`;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-error" data-error-code={code}>
      {isMessageKey(key) ? t(key, values) : t("error.GENERIC")}
    </Alert>
  );
}

export function useFieldError() {
  const t = useT();
  return (code: string | undefined) => {
    if (!code) return undefined;
    const key = `error.${code}`;
    return isMessageKey(key) ? t(key) : t("error.GENERIC");
  };
}
