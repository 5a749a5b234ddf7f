import { Anchor, Paper, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import { useFormat, useT } from "~/i18n/i18n-context";
import { MailCounts } from "./MailCounts";
import { ScrollRegion } from "./ScrollRegion";
import type { MailingCounts } from "~/schemas/participant-mail";
import type { SelectionAudience } from "~/schemas/participant-selection";

interface Props {
  mailings: Array<{ id: string; audience: SelectionAudience | "B2B_AGENDA" | "CANCELLED" | "RESTORED"; subject: string; createdAt: Date | string; counts: MailingCounts }>;
  currentId: string | null;
  /** The page with the current selection; a mailing opens with `mailing=<id>` added. */
  baseHref: string;
}

/** The event's earlier mailings, newest first, each with its progress and a link to its details. */
export function MailHistory({ mailings, currentId, baseHref }: Props) {
  const t = useT();
  const format = useFormat();
  const open = (id: string) => {
    const [path, query = ""] = baseHref.split("?");
    const params = new URLSearchParams(query);
    params.set("mailing", id);
    return `${path}?${params.toString()}`;
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id="mail-history-title">
          {t("participantMail.history.title")}
        </Title>
        {mailings.length === 0 ? (
          <Text c="dimmed" data-testid="mail-history-empty">
            {t("participantMail.history.empty")}
          </Text>
        ) : (
          <ScrollRegion labelledBy="mail-history-title">
            <Table miw={560} data-testid="mail-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("participantMail.col.date")}</Table.Th>
                  <Table.Th>{t("participantMail.col.subject")}</Table.Th>
                  <Table.Th>{t("participantMail.recipients.title")}</Table.Th>
                  <Table.Th>{t("participantMail.col.progress")}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t("participantMail.history.open")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mailings.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{format.dateTime(m.createdAt)}</Table.Td>
                    <Table.Td>{m.subject}</Table.Td>
                    <Table.Td>{t(`participantMail.audience.${m.audience}`)}</Table.Td>
                    <Table.Td>
                      <MailCounts counts={m.counts} />
                    </Table.Td>
                    <Table.Td>
                      {m.id === currentId ? (
                        <Text size="sm" c="dimmed">
                          {t("participantMail.history.current")}
                        </Text>
                      ) : (
                        <Anchor component={Link} to={open(m.id)}>
                          {t("participantMail.history.open")}
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Stack>
    </Paper>
  );
}
