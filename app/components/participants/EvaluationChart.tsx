import { BarChart } from "@mantine/charts";
import { useT } from "~/i18n/i18n-context";

export interface ChartRow {
  label: string;
  registered: number;
  attended: number;
}

/**
 * Registrations and attendance as bars. The table below carries the same figures for screen
 * readers and print, so the drawing is one image with a label pointing there.
 */
export function EvaluationChart({ rows, label }: { rows: ChartRow[]; label: string }) {
  const t = useT();
  const registered = t("evaluation.col.registered");
  const attended = t("evaluation.col.attended");
  const data = rows.map((r) => ({ label: r.label, [registered]: r.registered, [attended]: r.attended }));
  return (
    <div role="img" aria-label={label} data-testid="evaluation-chart">
      <BarChart
        h={Math.max(160, 48 * rows.length + 60)}
        data={data}
        dataKey="label"
        orientation="vertical"
        yAxisProps={{ width: 160 }}
        xAxisProps={{ allowDecimals: false }}
        withLegend
        // Recharts' keyboard layer would make the drawing focusable; the table is the accessible form.
        barChartProps={{ accessibilityLayer: false }}
        series={[
          { name: registered, color: "brand.7" },
          { name: attended, color: "green.9" },
        ]}
      />
    </div>
  );
}
