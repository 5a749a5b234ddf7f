import { BarChart, LineChart } from "@mantine/charts";

/**
 * The statistics page's drawings (Mantine charts on recharts). Each is one image with a label;
 * the table next to it carries the same figures for screen readers, keyboards and print.
 */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

type Row = Record<string, string | number>;

function withLabels(rows: Row[], series: ChartSeries[]): { data: Row[]; series: Array<{ name: string; color: string }> } {
  return {
    data: rows.map((row) => Object.fromEntries([["label", row["label"]!], ...series.map((s) => [s.label, row[s.key] ?? 0])])),
    series: series.map((s) => ({ name: s.label, color: s.color })),
  };
}

export function MonthlyLineChart({ label, rows, series, testId }: { label: string; rows: Row[]; series: ChartSeries[]; testId: string }) {
  const chart = withLabels(rows, series);
  return (
    <div role="img" aria-label={label} data-testid={testId}>
      <LineChart h={260} data={chart.data} dataKey="label" series={chart.series} withLegend curveType="linear" yAxisProps={{ allowDecimals: false, width: 40 }} lineChartProps={{ accessibilityLayer: false }} />
    </div>
  );
}

export function MonthlyBarChart({ label, rows, series, testId }: { label: string; rows: Row[]; series: ChartSeries[]; testId: string }) {
  const chart = withLabels(rows, series);
  return (
    <div role="img" aria-label={label} data-testid={testId}>
      <BarChart h={260} data={chart.data} dataKey="label" series={chart.series} type="stacked" withLegend yAxisProps={{ allowDecimals: false, width: 40 }} barChartProps={{ accessibilityLayer: false }} />
    </div>
  );
}
