import "leaflet/dist/leaflet.css";
import L from "leaflet";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png";
import iconUrl from "leaflet/dist/images/marker-icon.png";
import shadowUrl from "leaflet/dist/images/marker-shadow.png";
import { AttributionControl, MapContainer, Marker, Popup, TileLayer, ZoomControl } from "react-leaflet";
import { OSM_MAX_ZOOM, osmAttribution, OSM_TILE_URL } from "~/components/map/osm";

export interface MapPoint {
  id: string;
  lat: number;
  lon: number;
  /** Marker alt text and popup content, e.g. "Hauptsitz: Musterstraße 1, 01067 Dresden". */
  label: string;
}

export interface CompanyMapLabels {
  contributors: string;
  zoomIn: string;
  zoomOut: string;
}

// Bundled marker images (Leaflet's own lookup via CSS paths fails once the CSS is bundled).
const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/** Browser-only (imports Leaflet): loaded by CompanyMap after hydration, never on the server. */
export default function CompanyMapClient({ points, labels }: { points: MapPoint[]; labels: CompanyMapLabels }) {
  const first = points[0];
  if (!first) return null;
  const bounds = points.length > 1 ? L.latLngBounds(points.map((p) => [p.lat, p.lon] as [number, number])) : undefined;
  return (
    <MapContainer
      // New points (an address added) need a fresh map: MapContainer reads its view props once.
      key={points.map((p) => `${p.id}:${p.lat}:${p.lon}`).join("|")}
      {...(bounds ? { bounds, boundsOptions: { padding: [32, 32], maxZoom: 14 } } : { center: [first.lat, first.lon], zoom: 13 })}
      scrollWheelZoom={false}
      zoomControl={false}
      attributionControl={false}
      style={{ height: "100%", width: "100%" }}
    >
      <TileLayer url={OSM_TILE_URL} maxZoom={OSM_MAX_ZOOM} />
      {/* Leaflet's default prefix carries an English tooltip; keep the credit, drop the text. */}
      <AttributionControl prefix={`<a href="https://leafletjs.com">Leaflet</a> | ${osmAttribution(labels.contributors)}`} />
      <ZoomControl position="topleft" zoomInTitle={labels.zoomIn} zoomOutTitle={labels.zoomOut} />
      {points.map((p) => (
        <Marker key={p.id} position={[p.lat, p.lon]} icon={markerIcon} alt={p.label} title={p.label}>
          <Popup closeButton={false}>{p.label}</Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
