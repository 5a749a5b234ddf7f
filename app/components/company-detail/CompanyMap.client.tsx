import L from "leaflet";
import { Marker, Popup } from "react-leaflet";
import { markerIcon, OsmMap, type OsmMapLabels } from "~/components/map/OsmMap.client";

export interface MapPoint {
  id: string;
  lat: number;
  lon: number;
  /** Marker alt text and popup content, e.g. "Hauptsitz: Musterstraße 1, 01067 Dresden". */
  label: string;
}

export type CompanyMapLabels = OsmMapLabels;

/** Browser-only (imports Leaflet): loaded by CompanyMap after hydration, never on the server. */
export default function CompanyMapClient({ points, labels }: { points: MapPoint[]; labels: CompanyMapLabels }) {
  const first = points[0];
  if (!first) return null;
  const bounds = points.length > 1 ? L.latLngBounds(points.map((p) => [p.lat, p.lon] as [number, number])) : undefined;
  return (
    <OsmMap
      // New points (an address added) need a fresh map: MapContainer reads its view props once.
      key={points.map((p) => `${p.id}:${p.lat}:${p.lon}`).join("|")}
      {...(bounds ? { bounds, boundsOptions: { padding: [32, 32], maxZoom: 14 } } : { center: [first.lat, first.lon], zoom: 13 })}
      labels={labels}
    >
      {points.map((p) => (
        <Marker key={p.id} position={[p.lat, p.lon]} icon={markerIcon} alt={p.label} title={p.label}>
          <Popup closeButton={false}>{p.label}</Popup>
        </Marker>
      ))}
    </OsmMap>
  );
}
