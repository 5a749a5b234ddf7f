import { BarChart } from "@mantine/charts";
import { Alert, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { ScrollTable } from "./ScrollTable";
import { useFormat, useT } from "~/i18n/i18n-context";
import type { MatchFigures } from "~/server/matching/algorithm/types";

/**
 * The figures of a schedule: wishes met, mutual wishes met, idle company-rounds, blocking pairs and
 * the score distribution (chart plus the same numbers as a table), how close the schedule is to the
 * best possible one (wish value against a proved bound, decision 057), with the one-sentence
 * explanation of the score and the spec's notice when no stable matching exists.
 */
export function B2bFigures({ figures, maxPreferences, final }: { figures: MatchFigures; maxPreferences: number; final: boolean }) {
  const t = useT();
  const format = useFormat();
  const share = (part: number, whole: number) => (whole === 0 ? "–" : format.percent(part / whole));
  const scores = Array.from({ length: maxPreferences + 1 }, (_, s) => ({ score: String(s), count: figures.scoreDistribution[s] ?? 0 }));
  const countLabel = t("b2b.figures.meetingsCount");
  return (
    <Stack data-testid="b2b-figures">
      {!final && (
        <Alert color="yellow" role="status" data-testid="b2b-not-final">
          {t("b2b.figures.notFinal")}
        </Alert>
      )}
      {!figures.stableMatchingExists && (
        <Alert color="orange" role="status" data-testid="b2b-no-stable">
          {t("b2b.figures.noStable")}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={t("b2b.figures.wishesMet")} value={`${format.number(figures.wishesMet)} / ${format.number(figures.wishes)}`} hint={share(figures.wishesMet, figures.wishes)} testId="b2b-wishes-met" />
        <Figure label={t("b2b.figures.mutualMet")} value={`${format.number(figures.mutualWishesMet)} / ${format.number(figures.mutualWishes)}`} hint={share(figures.mutualWishesMet, figures.mutualWishes)} testId="b2b-mutual-met" />
        <Figure label={t("b2b.figures.idle")} value={format.number(figures.idleCompanyRounds)} hint={t("b2b.figures.idleHint")} testId="b2b-idle" />
        <Figure label={t("b2b.figures.blocking")} value={format.number(figures.blockingPairs)} hint={t("b2b.figures.blockingHint")} testId="b2b-blocking" />
        {figures.wishBound !== undefined && figures.wishValue !== undefined && <Optimality value={figures.wishValue} bound={figures.wishBound} optimal={figures.wishOptimal === true} />}
      </SimpleGrid>
      <Paper withBorder p="sm">
        <Title order={3} size="h4">
          {t("b2b.figures.distribution")}
        </Title>
        <Text size="sm" c="dimmed" mb="xs" data-testid="b2b-score-explained">
          {t("b2b.figures.scoreExplained", { max: maxPreferences })}
        </Text>
        <div role="img" aria-label={t("b2b.figures.distributionChart")}>
          <BarChart h={180} data={scores.map((s) => ({ score: s.score, [countLabel]: s.count }))} dataKey="score" series={[{ name: countLabel, color: "brand.7" }]} xAxisProps={{ allowDecimals: false }} barChartProps={{ accessibilityLayer: false }} />
        </div>
        <ScrollTable minWidth={300} label={t("b2b.figures.distribution")}>
          <Table withTableBorder data-testid="b2b-score-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="row">{t("b2b.figures.score")}</Table.Th>
                {scores.map((s) => (
                  <Table.Th key={s.score}>{s.score}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{countLabel}</Table.Th>
                {scores.map((s) => (
                  <Table.Td key={s.score}>{s.count}</Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </Stack>
  );
}

/** "Best possible" when proved, else "within X % of the best possible schedule" (X rounded up to 0.1 %). */
function Optimality({ value, bound, optimal }: { value: number; bound: number; optimal: boolean }) {
  const t = useT();
  const format = useFormat();
  const gap = bound > 0 ? Math.ceil((1000 * Math.max(0, bound - value)) / bound) / 10 : 0;
  return (
    <Figure
      label={t("b2b.figures.optimality")}
      value={optimal ? t("b2b.figures.optimal") : t("b2b.figures.withinGap", { gap: format.number(gap) })}
      hint={optimal ? t("b2b.figures.optimalHint", { value }) : t("b2b.figures.withinGapHint", { value, bound })}
      testId="b2b-optimality"
    />
  );
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint: string; testId: string }) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}
