import { Anchor, Group, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { StatusBadge } from "~/components/links/StatusBadge";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { ChallengeReason, ChallengeStatus } from "~/schemas/enums";
import { DecisionButtons } from "./DecisionButtons";
import { AccountCell, WorkSection } from "./WorkSection";

export interface ChallengeRow {
  id: string;
  reasons: ChallengeReason[];
  description: string;
  status: ChallengeStatus;
  createdAt: Date | string;
  handledAt: Date | string | null;
  companyId: string;
  companyName: string;
  authorName: string | null;
  authorEmail: string | null;
  handlerName: string | null;
}

/** Error reports with their company, reasons and author; pending ones can be closed once. */
export function ChallengeTable({ rows, title }: { rows: ChallengeRow[]; title: string }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  return (
    <WorkSection
      id="challenges"
      title={title}
      count={rows.length}
      countLabel={t("adminChallenges.count", { count: rows.length })}
      empty={t("adminChallenges.empty")}
      columns={[
        t("adminChallenges.col.company"),
        t("adminChallenges.col.report"),
        t("adminChallenges.col.author"),
        t("adminChallenges.col.status"),
      ]}
    >
      {rows.map((row) => (
        <Table.Tr key={row.id} data-testid="challenge-row">
          <Table.Td>
            <Stack gap={2}>
              <Anchor component={Link} to={href("companyDetail", locale, { id: row.companyId })}>
                {row.companyName}
              </Anchor>
              <Anchor component={Link} to={href("companyEdit", locale, { id: row.companyId })} size="sm">
                {t("adminChallenges.editProfile")}
              </Anchor>
            </Stack>
          </Table.Td>
          <Table.Td miw={240} maw={480}>
            <Text fw={600} size="sm">
              {row.reasons.map((reason) => t(`challengeReason.${reason}`)).join(", ")}
            </Text>
            <Text style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{row.description}</Text>
          </Table.Td>
          <Table.Td>
            <AccountCell name={row.authorName} email={row.authorEmail} />
            <Text size="sm" c="dimmed">
              {format.date(row.createdAt)}
            </Text>
          </Table.Td>
          <Table.Td>
            {row.status === "PENDING" ? (
              <DecisionButtons
                intent="challenge"
                id={row.id}
                field="status"
                options={[
                  {
                    value: "COMPANY_UPDATED",
                    label: t("adminChallenges.markUpdated"),
                    primary: true,
                    confirm: { title: t("adminChallenges.confirm.title"), text: t("adminChallenges.confirm.updated", { company: row.companyName }) },
                  },
                  {
                    value: "NO_UPDATES",
                    label: t("adminChallenges.markNoUpdates"),
                    confirm: { title: t("adminChallenges.confirm.title"), text: t("adminChallenges.confirm.noUpdates", { company: row.companyName }) },
                  },
                ]}
              />
            ) : (
              <Group gap="xs">
                <StatusBadge status={row.status} />
                {row.handledAt && (
                  <Text size="sm" c="dimmed">
                    {t("adminChallenges.handled", { date: format.date(row.handledAt), name: row.handlerName ?? t("admin.deletedAccount") })}
                  </Text>
                )}
              </Group>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </WorkSection>
  );
}
