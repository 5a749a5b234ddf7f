import { Box, type BoxProps, Skeleton } from "@mantine/core";
import { type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from "react";

interface Props extends Pick<BoxProps, "mt"> {
  /** The landmark's accessible name. */
  label: string;
  height: number;
  testId: string;
  /** Load the map only when the frame comes near the viewport (company and event pages). */
  whenNear?: boolean;
  /** The Leaflet map, usually a React.lazy component: rendered only in the browser. */
  children: ReactNode;
}

/** How close to the viewport the frame must come before Leaflet loads. */
const NEAR_VIEWPORT = "200px 0px";

/**
 * The frame of a map: a labelled region of fixed height. Leaflet needs `window`, so the map
 * (and its lazily imported module and CSS) renders only after hydration — with `whenNear` only once
 * the frame comes near the viewport (decision 044, second round: Leaflet is ≈ 49 KB gzipped); the
 * server, the first client render and a frame further down show a placeholder of the same size.
 */
export function MapFrame({ label, height, testId, mt, whenNear = false, children }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearViewport(frame, whenNear);
  const placeholder = <Skeleton h="100%" animate={false} />;
  return (
    <Box
      ref={frame}
      mt={mt}
      h={height}
      role="region"
      aria-label={label}
      style={{ borderRadius: "var(--mantine-radius-sm)", overflow: "hidden", isolation: "isolate" }}
      data-testid={testId}
    >
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </Box>
  );
}

/** True after hydration, or (wait) once the element has come within NEAR_VIEWPORT of the viewport; stays true. */
function useNearViewport(ref: RefObject<HTMLElement | null>, wait: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (!wait || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, wait]);
  return near;
}
