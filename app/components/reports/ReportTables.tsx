import { Stack, Table, Text, Title } from "@mantine/core";
import { ScrollTable } from "~/components/b2b/ScrollTable";
import { useFormat } from "~/i18n/i18n-context";

export interface ReportTableView {
  id: string;
  heading: string;
  note?: string | undefined;
  columns: string[];
  labelColumns: number;
  rows: Array<Array<string | number>>;
}

/** The funder report's sections as tables (the same model the PDF and the CSV are made from). */
export function ReportTables({ tables, empty }: { tables: ReportTableView[]; empty: string }) {
  const format = useFormat();
  return (
    <Stack gap="xl">
      {tables.map((table) => (
        <Stack key={table.id} gap="xs" data-testid={`report-${table.id}`}>
          <Title order={2} size="h3">
            {table.heading}
          </Title>
          {table.note && (
            <Text size="sm" c="dimmed">
              {table.note}
            </Text>
          )}
          {table.rows.length === 0 ? (
            <Text>{empty}</Text>
          ) : (
            <ScrollTable minWidth={table.columns.length > 3 ? 560 : 320} label={table.heading}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    {table.columns.map((column, i) => (
                      <Table.Th key={i} scope="col" ta={i < table.labelColumns ? "left" : "right"}>
                        {column}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.rows.map((row, r) => (
                    <Table.Tr key={r} data-testid="report-row">
                      {row.map((cell, i) =>
                        i === 0 ? (
                          <Table.Th key={i} scope="row" fw="normal">
                            {cell}
                          </Table.Th>
                        ) : (
                          <Table.Td key={i} ta={i < table.labelColumns ? "left" : "right"}>
                            {typeof cell === "number" ? format.number(cell) : cell}
                          </Table.Td>
                        ),
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
