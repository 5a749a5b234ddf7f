import { useT } from "~/i18n/i18n-context";
import type { MailingCounts } from "~/schemas/participant-mail";

/** "3 of 5 sent · 1 failed": a mailing's state in one line (progress and history). */
export function MailCounts({ counts }: { counts: MailingCounts }) {
  const t = useT();
  return (
    <>
      {t("participantMail.progress.summary", { sent: counts.SENT, total: counts.total })}
      {counts.FAILED > 0 && <> · {t("participantMail.progress.failed", { count: counts.FAILED })}</>}
    </>
  );
}
