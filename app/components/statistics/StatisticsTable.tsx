import { Table } from "@mantine/core";
import type { ReactNode } from "react";

export interface StatisticsColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
}

/**
 * One figure table of the statistics page: a caption, a header row, the first column as row
 * headers. Scrolls sideways inside its own focusable container on a phone (axe
 * scrollable-region-focusable), never the page.
 */
export function StatisticsTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  testId,
  empty,
  minWidth = 360,
}: {
  caption: string;
  columns: StatisticsColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  testId: string;
  /** Shown in the table's body when there are no rows. */
  empty?: string;
  minWidth?: number;
}) {
  const [first, ...rest] = columns;
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: "region", "aria-label": caption } }}>
      <Table striped data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} scope="col">
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && empty && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{empty}</Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              <Table.Th scope="row">{first!.cell(row)}</Table.Th>
              {rest.map((c) => (
                <Table.Td key={c.label}>{c.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
