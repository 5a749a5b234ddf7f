import L from "leaflet";
import { useEffect, useMemo } from "react";
import { Marker, useMap, useMapEvents } from "react-leaflet";
import { markerIcon, OsmMap, type OsmMapLabels } from "~/components/map/OsmMap.client";
import { ADDRESS_ZOOM, BORDER_REGION_CENTER, BORDER_REGION_ZOOM } from "~/components/map/osm";
import type { LatLon } from "./types";

export interface LocationMapProps {
  position: LatLon | null;
  onPick: (position: LatLon) => void;
  labels: OsmMapLabels & { marker: string };
}

/** Client-only (Leaflet needs `window`): loaded lazily by HeadquartersMap after hydration. */
export default function LocationMap({ position, onPick, labels }: LocationMapProps) {
  const center = useMemo<[number, number]>(() => (position ? [position.lat, position.lon] : BORDER_REGION_CENTER), [position]);
  return (
    <OsmMap center={center} zoom={position ? ADDRESS_ZOOM : BORDER_REGION_ZOOM} labels={labels}>
      <PickOnClick onPick={onPick} />
      <FollowPosition position={position} />
      {position && (
        <Marker
          position={[position.lat, position.lon]}
          icon={markerIcon}
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
    </OsmMap>
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
