import { Table } from "@mantine/core";
import { useFormat, useT } from "~/i18n/i18n-context";
import type { Country } from "~/schemas/enums";

export interface EvaluationTableRow {
  country: Country | null;
  region?: string | null;
  registered: number;
  attended: number;
  waiting: number;
  cancelled: number;
}

/** The evaluation's figures by country or by region, with the attendance rate. */
export function EvaluationTable({ kind, rows }: { kind: "country" | "region"; rows: EvaluationTableRow[] }) {
  const t = useT();
  const format = useFormat();
  const rate = (r: EvaluationTableRow) => (r.registered > 0 ? format.percent(r.attended / r.registered) : "–");
  return (
    // Focusable, so keyboard users can scroll the table sideways on a phone (axe scrollable-region-focusable).
    <Table.ScrollContainer minWidth={520} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: "region", "aria-label": t(kind === "country" ? "evaluation.byCountry" : "evaluation.byRegion") } }}>
      <Table striped mt="md" data-testid={`evaluation-table-${kind}`}>
        <Table.Caption>{t(kind === "country" ? "evaluation.byCountry" : "evaluation.byRegion")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {kind === "region" && <Table.Th scope="col">{t("evaluation.col.region")}</Table.Th>}
            <Table.Th scope="col">{t("evaluation.col.country")}</Table.Th>
            <Table.Th scope="col">{t("evaluation.col.registered")}</Table.Th>
            <Table.Th scope="col">{t("evaluation.col.attended")}</Table.Th>
            <Table.Th scope="col">{t("evaluation.col.rate")}</Table.Th>
            <Table.Th scope="col">{t("evaluation.col.waiting")}</Table.Th>
            <Table.Th scope="col">{t("evaluation.col.cancelled")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.country ?? ""}-${r.region ?? ""}`}>
              {kind === "region" && <Table.Th scope="row">{r.region ?? t("evaluation.unknown")}</Table.Th>}
              {kind === "country" ? <Table.Th scope="row">{r.country ? t(`country.${r.country}`) : t("evaluation.unknown")}</Table.Th> : <Table.Td>{r.country ? t(`country.${r.country}`) : ""}</Table.Td>}
              <Table.Td>{format.number(r.registered)}</Table.Td>
              <Table.Td>{format.number(r.attended)}</Table.Td>
              <Table.Td>{rate(r)}</Table.Td>
              <Table.Td>{format.number(r.waiting)}</Table.Td>
              <Table.Td>{format.number(r.cancelled)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
