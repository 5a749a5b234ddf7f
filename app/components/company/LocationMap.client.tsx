import "leaflet/dist/leaflet.css";
import L from "leaflet";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import { useEffect, useMemo } from "react";
import { AttributionControl, MapContainer, Marker, TileLayer, useMap, useMapEvents, ZoomControl } from "react-leaflet";
import type { LatLon } from "./types";
import { ADDRESS_ZOOM, BORDER_REGION_CENTER, BORDER_REGION_ZOOM, OSM_MAX_ZOOM, osmAttribution, OSM_TILE_URL } from "~/components/map/osm";

export interface LocationMapProps {
  position: LatLon | null;
  onPick: (position: LatLon) => void;
  labels: { marker: string; zoomIn: string; zoomOut: string; contributors: string };
}

// Bundlers break Leaflet's CSS-based icon path detection; give the default icon explicit URLs.
const icon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

/** Client-only (Leaflet needs `window`): loaded lazily by HeadquartersMap after hydration. */
export default function LocationMap({ position, onPick, labels }: LocationMapProps) {
  const center = useMemo<[number, number]>(() => (position ? [position.lat, position.lon] : BORDER_REGION_CENTER), [position]);
  return (
    <MapContainer
      center={center}
      zoom={position ? ADDRESS_ZOOM : BORDER_REGION_ZOOM}
      zoomControl={false}
      scrollWheelZoom={false}
      attributionControl={false}
      style={{ height: "100%", width: "100%" }}
    >
      <TileLayer url={OSM_TILE_URL} maxZoom={OSM_MAX_ZOOM} />
      {/* Leaflet's default prefix carries an English tooltip; keep the credit, drop the text. */}
      <AttributionControl prefix={`<a href="https://leafletjs.com">Leaflet</a> | ${osmAttribution(labels.contributors)}`} />
      <ZoomControl position="topleft" zoomInTitle={labels.zoomIn} zoomOutTitle={labels.zoomOut} />
      <PickOnClick onPick={onPick} />
      <FollowPosition position={position} />
      {position && (
        <Marker
          position={[position.lat, position.lon]}
          icon={icon}
          draggable
          alt={labels.marker}
          title={labels.marker}
          eventHandlers={{
            dragend: (e) => {
              const { lat, lng } = (e.target as L.Marker).getLatLng();
              onPick({ lat, lon: lng });
            },
          }}
        />
      )}
    </MapContainer>
  );
}

function PickOnClick({ onPick }: { onPick: (position: LatLon) => void }) {
  useMapEvents({ click: (e) => onPick({ lat: e.latlng.lat, lon: e.latlng.lng }) });
  return null;
}

/** Keeps the pin in view when it moves from outside (address lookup, reset). */
function FollowPosition({ position }: { position: LatLon | null }) {
  const map = useMap();
  useEffect(() => {
    if (!position) return;
    const target = L.latLng(position.lat, position.lon);
    if (!map.getBounds().pad(-0.1).contains(target)) map.setView(target, Math.max(map.getZoom(), ADDRESS_ZOOM));
  }, [map, position]);
  return null;
}
