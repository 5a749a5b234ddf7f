import { Badge, Paper, Progress, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { MailCounts } from "./MailCounts";
import { ScrollRegion } from "./ScrollRegion";
import { useT } from "~/i18n/i18n-context";
import type { MailingCounts, MailRecipientStatus } from "~/schemas/participant-mail";

export interface ProgressMailing {
  done: boolean;
  counts: MailingCounts;
  recipients: Array<{ id: string; name: string; email: string; locale: "de" | "cs"; status: MailRecipientStatus; attempts: number; error: string | null }>;
}

// Filled dark shades keep white text above 4.5:1 in both themes (as EventStateBadge).
const COLORS: Record<MailRecipientStatus, string> = { PENDING: "gray.7", SENDING: "brand.7", SENT: "#1b5e20", FAILED: "#a61e1e" };
/** How often the page asks for the state while the queue is sending. */
const REFRESH_MS = 1000;

/**
 * A mailing's delivery: counts, a progress bar and each recipient's state (failed ones with their
 * reason). Refreshes itself while anything is pending; without JavaScript a reload shows the state.
 */
export function MailProgress({ mailing }: { mailing: ProgressMailing }) {
  const t = useT();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (mailing.done) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [mailing.done, revalidator]);
  const { counts } = mailing;
  const reason = (code: string | null) => (code ? t(`participantMail.error.${code as "ERROR"}`) : "");

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id="mail-progress-title">
          {t("participantMail.progress.title")}
        </Title>
        {/* The line below says the same in words (and is announced as it changes). */}
        <Progress.Root size="xl" aria-hidden>
          <Progress.Section value={(counts.SENT / Math.max(counts.total, 1)) * 100} color="green" />
          <Progress.Section value={(counts.FAILED / Math.max(counts.total, 1)) * 100} color="red" />
        </Progress.Root>
        <Text data-testid="mail-progress" aria-live="polite">
          <MailCounts counts={counts} />
          {" · "}
          <span data-testid={mailing.done ? "mail-done" : "mail-running"}>{t(mailing.done ? "participantMail.progress.done" : "participantMail.progress.running")}</span>
        </Text>
        <ScrollRegion labelledBy="mail-progress-title">
          <Table striped miw={560} data-testid="mail-recipients">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("participantMail.col.name")}</Table.Th>
                <Table.Th>{t("participantMail.col.email")}</Table.Th>
                <Table.Th>{t("participantMail.col.language")}</Table.Th>
                <Table.Th>{t("participantMail.col.status")}</Table.Th>
                <Table.Th>{t("participantMail.col.reason")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mailing.recipients.map((r) => (
                <Table.Tr key={r.id} data-testid="mail-recipient" data-status={r.status}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>{t(`participantMail.lang.${r.locale}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={COLORS[r.status]} variant="filled" tt="none" data-testid="mail-status-badge">
                      {t(`participantMail.status.${r.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {r.status === "FAILED" && reason(r.error)}
                    {r.status === "PENDING" && r.error && t("participantMail.retrying", { attempts: r.attempts + 1, reason: reason(r.error) })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      </Stack>
    </Paper>
  );
}
