import { Box, Skeleton } from "@mantine/core";
import { type ComponentType, useEffect, useState } from "react";
import { useT } from "~/i18n/i18n-context";
import type { CompanyMapLabels, MapPoint } from "./CompanyMap.client";
import { addressLine, type AddressView } from "./types";

type MapComponent = ComponentType<{ points: MapPoint[]; labels: CompanyMapLabels }>;

/**
 * OpenStreetMap with a marker per address that has coordinates. Leaflet needs `window`, so the
 * map module (and its CSS) is imported only in the browser after hydration; the server renders
 * a placeholder of the same size.
 */
export function CompanyMap({ companyName, addresses }: { companyName: string; addresses: AddressView[] }) {
  const t = useT();
  const [Map, setMap] = useState<MapComponent | null>(null);
  useEffect(() => {
    let alive = true;
    void import("./CompanyMap.client").then((module) => {
      if (alive) setMap(() => module.default);
    });
    return () => {
      alive = false;
    };
  }, []);

  const points: MapPoint[] = addresses.flatMap((a) =>
    a.lat !== null && a.lon !== null ? [{ id: a.id, lat: a.lat, lon: a.lon, label: `${t(`address.kind.${a.kind}`)}: ${addressLine(a)}` }] : [],
  );
  if (points.length === 0) return null;
  const labels = { contributors: t("companyDetail.map.contributors"), zoomIn: t("companyDetail.map.zoomIn"), zoomOut: t("companyDetail.map.zoomOut") };

  return (
    <Box
      role="region"
      aria-label={t("companyDetail.map", { name: companyName })}
      h={320}
      style={{ borderRadius: "var(--mantine-radius-sm)", overflow: "hidden", isolation: "isolate" }}
      data-testid="company-map"
    >
      {Map ? <Map points={points} labels={labels} /> : <Skeleton h="100%" animate={false} />}
    </Box>
  );
}
