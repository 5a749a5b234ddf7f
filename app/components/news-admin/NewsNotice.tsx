import { Alert } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";

export const NEWS_NOTICES = ["created", "saved", "delete", "restore", "activate", "deactivate"] as const;
export type NewsNoticeKind = (typeof NEWS_NOTICES)[number];

/** The spec's success notices (news created, updated, deleted …), from an action or a redirect's `?done=`. */
export function NewsNotice({ kind }: { kind: NewsNoticeKind | null | undefined }) {
  const t = useT();
  if (!kind) return null;
  return (
    <Alert color="green" role="status" data-testid="news-saved" data-notice={kind}>
      {t(`newsAdmin.done.${kind}`)}
    </Alert>
  );
}

/** The notice a redirect asked for (`?done=saved`), or null for anything unknown. */
export function noticeOf(value: string | null): NewsNoticeKind | null {
  return (NEWS_NOTICES as readonly string[]).includes(value ?? "") ? (value as NewsNoticeKind) : null;
}
