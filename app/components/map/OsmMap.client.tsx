import "leaflet/dist/leaflet.css";
import L from "leaflet";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png";
import iconUrl from "leaflet/dist/images/marker-icon.png";
import shadowUrl from "leaflet/dist/images/marker-shadow.png";
import type { ReactNode } from "react";
import { useLocale } from "~/i18n/i18n-context";
import { AttributionControl, MapContainer, type MapContainerProps, TileLayer, ZoomControl } from "react-leaflet";
import { OSM_MAX_ZOOM, osmAttribution, OSM_TILE_URL } from "./osm";

/** The map's translated texts (Leaflet's own are English). */
export interface OsmMapLabels {
  contributors: string;
  zoomIn: string;
  zoomOut: string;
}

// Bundled marker images (Leaflet's own lookup via CSS paths fails once the CSS is bundled).
export const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

type ViewProps = Pick<MapContainerProps, "center" | "zoom" | "bounds" | "boundsOptions">;

/**
 * Browser-only (imports Leaflet): an OpenStreetMap map filling its frame, with the attribution
 * the tile licence asks for, translated zoom buttons, and no scroll-wheel zoom (the page scrolls).
 * MapContainer reads its view props once; give it a new `key` to move the view from outside.
 * It is recreated when the language changes.
 */
export function OsmMap({ labels, children, ...view }: ViewProps & { labels: OsmMapLabels; children: ReactNode }) {
  // Leaflet's controls and react-leaflet's marker titles are set once at creation: a new
  // language (or new labels) needs a new map, or the old words stay on screen.
  const locale = useLocale();
  return (
    <MapContainer key={`${locale}|${labels.contributors}|${labels.zoomIn}|${labels.zoomOut}`} {...view} scrollWheelZoom={false} zoomControl={false} attributionControl={false} style={{ height: "100%", width: "100%" }}>
      <TileLayer url={OSM_TILE_URL} maxZoom={OSM_MAX_ZOOM} />
      {/* Leaflet's default prefix carries an English tooltip; keep the credit, drop the text. */}
      <AttributionControl prefix={`<a href="https://leafletjs.com">Leaflet</a> | ${osmAttribution(labels.contributors)}`} />
      <ZoomControl position="topleft" zoomInTitle={labels.zoomIn} zoomOutTitle={labels.zoomOut} />
      {children}
    </MapContainer>
  );
}
