import { Button, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { useLocale, useT } from "~/i18n/i18n-context";
import { isMessageKey } from "~/i18n/translate";
import { useErrorRequestId } from "~/request-id";
import { href } from "~/routing/paths";

/** Spec §2: 'Error', the status code, the message, and a button back to the localized home; the request id to quote. */
export function ErrorScreen({ error }: { error: unknown }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const requestId = useErrorRequestId(error);

  let message: string;
  if (status === 404) {
    message = t("error.pageNotFound", { path: safeDecode(location.pathname) });
  } else if (isRouteErrorResponse(error) && typeof error.data === "object" && error.data && "code" in error.data) {
    const key = `error.${String(error.data.code)}`;
    message = isMessageKey(key) ? t(key) : t("error.GENERIC");
  } else if (status === 403) {
    message = t("error.FORBIDDEN");
  } else {
    message = t("error.GENERIC");
  }

  return (
    <Stack gap="md" align="flex-start" data-testid="error-screen">
      <Title order={1}>{t("error.title")}</Title>
      <Text size="xl" fw={700} data-testid="error-status">
        {status}
      </Text>
      <Text data-testid="error-message">{message}</Text>
      {/* The request's id, to quote when asking for help (decision 049); a missing page needs none. */}
      {requestId && status !== 404 && (
        <Text size="sm" c="dimmed" data-testid="error-request-id" data-request-id={requestId}>
          {t("error.requestId", { id: requestId })}
        </Text>
      )}
      <Button component={Link} to={href("home", locale)} reloadDocument>
        {t("error.backHome")}
      </Button>
    </Stack>
  );
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
