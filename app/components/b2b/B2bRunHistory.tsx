import { Badge, Table, Text } from "@mantine/core";
import { ScrollTable } from "./ScrollTable";
import { useFormat, useT } from "~/i18n/i18n-context";
import type { OverviewRun } from "~/schemas/b2b-overview";
import { ConfirmSubmit } from "./ConfirmSubmit";

/** Every run of the event, newest first: who, when, settings, figures; an earlier one can be restored. */
export function B2bRunHistory({ runs, currentRunId, publishedRunId }: { runs: OverviewRun[]; currentRunId: string | null; publishedRunId: string | null }) {
  const t = useT();
  const format = useFormat();
  if (runs.length === 0) return <Text c="dimmed">{t("b2b.history.none")}</Text>;
  return (
    <ScrollTable minWidth={820} label={t("b2b.history.title")}>
      <Table striped withTableBorder data-testid="b2b-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("b2b.history.number")}</Table.Th>
            <Table.Th>{t("b2b.history.when")}</Table.Th>
            <Table.Th>{t("b2b.history.settings")}</Table.Th>
            <Table.Th>{t("b2b.figures.wishesMet")}</Table.Th>
            <Table.Th>{t("b2b.figures.mutualMet")}</Table.Th>
            <Table.Th>{t("b2b.figures.idle")}</Table.Th>
            <Table.Th>{t("b2b.figures.blocking")}</Table.Th>
            <Table.Th>{t("b2b.schedule.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id} data-testid={`b2b-run-${run.number}`}>
              <Table.Td>
                <Text fw={600}>#{run.number}</Text>
                <Text size="xs">{run.settings.noShows !== undefined ? t("b2b.history.kind.NO_SHOW") : t(`b2b.history.kind.${run.kind}`)}</Text>
                {run.id === currentRunId && <Badge size="xs">{t("b2b.history.current")}</Badge>}{" "}
                {run.id === publishedRunId && (
                  <Badge size="xs" color="teal.9">
                    {t("b2b.history.published")}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{format.dateTime(run.createdAt)}</Text>
                <Text size="xs" c="dimmed">
                  {run.createdByName ?? "–"}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t("b2b.history.settingsText", { companies: run.settings.companies, rounds: run.settings.rounds, tables: run.settings.tables, fixed: run.settings.fixedMeetings })}</Text>
                {!run.final && (
                  <Text size="xs" fw={600}>
                    {t("b2b.history.notFinal", { count: run.settings.missingPreferences })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {run.figures.wishesMet} / {run.figures.wishes}
              </Table.Td>
              <Table.Td>
                {run.figures.mutualWishesMet} / {run.figures.mutualWishes}
              </Table.Td>
              <Table.Td>{run.figures.idleCompanyRounds}</Table.Td>
              <Table.Td>{run.figures.blockingPairs}</Table.Td>
              <Table.Td>
                {run.id !== currentRunId && (
                  <ConfirmSubmit
                    size="xs"
                    variant="default"
                    fields={{ intent: "restore", runId: run.id }}
                    label={t("b2b.history.restore")}
                    confirmTitle={t("b2b.history.restoreTitle", { number: run.number })}
                    confirmText={t("b2b.history.restoreText")}
                    confirmLabel={t("b2b.history.restore")}
                    testId={`b2b-restore-${run.number}`}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
