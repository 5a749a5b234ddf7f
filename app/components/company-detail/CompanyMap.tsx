import { lazy } from "react";
import { MapFrame } from "~/components/map/MapFrame";
import { useT } from "~/i18n/i18n-context";
import type { MapPoint } from "./CompanyMap.client";
import { addressLine, type AddressView } from "./types";

// Leaflet touches `window` on import: load it in the browser only, after hydration.
const CompanyMapClient = lazy(() => import("./CompanyMap.client"));

/** OpenStreetMap with a marker per address that has coordinates. */
export function CompanyMap({ companyName, addresses }: { companyName: string; addresses: AddressView[] }) {
  const t = useT();
  const points: MapPoint[] = addresses.flatMap((a) =>
    a.lat !== null && a.lon !== null ? [{ id: a.id, lat: a.lat, lon: a.lon, label: `${t(`address.kind.${a.kind}`)}: ${addressLine(a)}` }] : [],
  );
  if (points.length === 0) return null;
  const labels = { contributors: t("companyDetail.map.contributors"), zoomIn: t("companyDetail.map.zoomIn"), zoomOut: t("companyDetail.map.zoomOut") };

  return (
    <MapFrame label={t("companyDetail.map", { name: companyName })} height={320} testId="company-map" whenNear>
      <CompanyMapClient points={points} labels={labels} />
    </MapFrame>
  );
}
