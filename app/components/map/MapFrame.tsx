import { Box, type BoxProps, Skeleton } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { type ReactNode, Suspense } from "react";

interface Props extends Pick<BoxProps, "mt"> {
  /** The landmark's accessible name. */
  label: string;
  height: number;
  testId: string;
  /** The Leaflet map, usually a React.lazy component: rendered only in the browser. */
  children: ReactNode;
}

/**
 * The frame of a map: a labelled region of fixed height. Leaflet needs `window`, so the map
 * (and its lazily imported module and CSS) renders only after hydration; the server and the
 * first client render show a placeholder of the same size.
 */
export function MapFrame({ label, height, testId, mt, children }: Props) {
  const mounted = useMounted();
  const placeholder = <Skeleton h="100%" animate={false} />;
  return (
    <Box
      mt={mt}
      h={height}
      role="region"
      aria-label={label}
      style={{ borderRadius: "var(--mantine-radius-sm)", overflow: "hidden", isolation: "isolate" }}
      data-testid={testId}
    >
      {mounted ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </Box>
  );
}
