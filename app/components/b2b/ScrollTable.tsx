import { Table } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A wide table that scrolls sideways on small screens. The scrolling region is focusable and
 * named, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollTable({ minWidth, label, children }: { minWidth: number; label: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: "region", "aria-label": label } }}>
      {children}
    </Table.ScrollContainer>
  );
}
