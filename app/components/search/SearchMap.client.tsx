import L from "leaflet";
import { Circle, CircleMarker, Marker, Popup, useMapEvents } from "react-leaflet";
import { Link } from "react-router";
import { BORDER_REGION_CENTER, BORDER_REGION_ZOOM } from "~/components/map/osm";
import { markerIcon, OsmMap, type OsmMapLabels } from "~/components/map/OsmMap.client";
import type { PickedLocation } from "./location";

/** Hits at one position (a company and its ads, or neighbours in one town) share a marker. */
export interface MapSpot {
  key: string;
  lat: number;
  lon: number;
  /** Marker alt text: the titles at this spot. */
  label: string;
  links: Array<{ id: string; title: string; to: string }>;
}

export interface SearchMapProps {
  spots: MapSpot[];
  origin: { lat: number; lon: number; radiusKm: number } | null;
  onPick: (point: Pick<PickedLocation, "lat" | "lon">) => void;
  labels: OsmMapLabels;
}

function ClickToPick({ onPick }: { onPick: SearchMapProps["onPick"] }) {
  useMapEvents({ click: (e) => onPick({ lat: e.latlng.lat, lon: e.latlng.lng }) });
  return null;
}

/** Browser-only (imports Leaflet): loaded by SearchMap after hydration. */
export default function SearchMapClient({ spots, origin, onPick, labels }: SearchMapProps) {
  const points: L.LatLngExpression[] = spots.map((s) => [s.lat, s.lon]);
  let view: { bounds: L.LatLngBounds } | { center: L.LatLngExpression; zoom: number };
  if (origin) {
    const bounds = L.latLng(origin.lat, origin.lon).toBounds(origin.radiusKm * 2000);
    view = { bounds: points.length > 0 ? bounds.extend(L.latLngBounds(points)) : bounds };
  } else if (points.length > 0) {
    view = { bounds: L.latLngBounds(points) };
  } else {
    view = { center: BORDER_REGION_CENTER, zoom: BORDER_REGION_ZOOM };
  }
  // MapContainer reads its view once: a new search gets a fresh map.
  const key = `${origin ? `${origin.lat},${origin.lon},${origin.radiusKm}` : "-"}|${spots.map((s) => s.key).join(";")}`;

  return (
    <OsmMap key={key} labels={labels} {...("bounds" in view ? { bounds: view.bounds, boundsOptions: { padding: [24, 24], maxZoom: 12 } } : view)}>
      <ClickToPick onPick={onPick} />
      {origin && (
        <>
          <Circle center={[origin.lat, origin.lon]} radius={origin.radiusKm * 1000} pathOptions={{ weight: 2, fillOpacity: 0.06 }} interactive={false} />
          <CircleMarker center={[origin.lat, origin.lon]} radius={6} pathOptions={{ weight: 2, fillOpacity: 1 }} interactive={false} />
        </>
      )}
      {spots.map((spot) => (
        <Marker key={spot.key} position={[spot.lat, spot.lon]} icon={markerIcon} alt={spot.label} title={spot.label}>
          <Popup closeButton={false}>
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {spot.links.map((link) => (
                <li key={link.id}>
                  <Link to={link.to}>{link.title}</Link>
                </li>
              ))}
            </ul>
          </Popup>
        </Marker>
      ))}
    </OsmMap>
  );
}
