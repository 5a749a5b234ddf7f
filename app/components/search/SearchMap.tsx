import { Box, Button, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { lazy, useId, useMemo, useState } from "react";
import { MapFrame } from "~/components/map/MapFrame";
import { useLocale, useT } from "~/i18n/i18n-context";
import type { SearchQuery } from "~/schemas/search";
import type { SearchHit } from "~/server/search/types";
import { coordinateLabel, type PickedLocation } from "./location";
import classes from "./SearchForm.module.css";
import type { MapSpot } from "./SearchMap.client";
import { hitHref } from "./SearchHitCard";

// Leaflet touches `window` on import: load it in the browser only, after hydration.
const SearchMapClient = lazy(() => import("./SearchMap.client"));

/**
 * The hits on an OpenStreetMap map; a click sets the search point. An enhancement only: Leaflet
 * loads in the browser after hydration, and the location field does the same without it.
 * Below lg (1280 px) the map is shown on request, after the list's first screen, and Leaflet
 * only loads once it is asked for.
 */
export function SearchMap({ hits, query, onPick }: { hits: SearchHit[]; query: SearchQuery | null; onPick: (location: PickedLocation) => void }) {
  const t = useT();
  const locale = useLocale();
  const spots = useMemo(() => {
    const byPosition = new Map<string, MapSpot>();
    for (const hit of hits) {
      if (hit.lat === null || hit.lon === null) continue;
      const key = `${hit.lat.toFixed(5)},${hit.lon.toFixed(5)}`;
      const spot = byPosition.get(key) ?? { key, lat: hit.lat, lon: hit.lon, label: "", links: [] };
      spot.links.push({ id: hit.id, title: hit.title, to: hitHref(hit, locale) });
      byPosition.set(key, spot);
    }
    return [...byPosition.values()].map((spot) => ({ ...spot, label: spot.links.map((l) => l.title).join("; ") }));
  }, [hits, locale]);

  const origin = query?.location ? { lat: query.location.lat, lon: query.location.lon, radiusKm: query.radiusKm ?? 0 } : null;
  const labels = {
    contributors: t("companyDetail.map.contributors"),
    zoomIn: t("companyDetail.map.zoomIn"),
    zoomOut: t("companyDetail.map.zoomOut"),
  };
  const pick = ({ lat, lon }: { lat: number; lon: number }) => onPick({ lat, lon, label: coordinateLabel(lat, lon) });
  const wide = useMediaQuery("(min-width: 80em)", false);
  const [requested, setRequested] = useState(false);
  const mapId = useId();

  return (
    <Box>
      <Button
        hiddenFrom="lg"
        variant="default"
        size="sm"
        onClick={() => setRequested((shown) => !shown)}
        aria-expanded={requested}
        aria-controls={mapId}
        data-testid="search-map-toggle"
      >
        {t(requested ? "search.map.hide" : "search.map.show")}
      </Button>
      <Box id={mapId} className={requested ? undefined : classes.collapsed} mt={{ base: "sm", lg: 0 }}>
        <MapFrame label={t("search.map")} height={300} testId="search-map">
          {(wide || requested) && <SearchMapClient spots={spots} origin={origin} onPick={pick} labels={labels} />}
        </MapFrame>
        <Text size="xs" c="dimmed" mt={4}>
          {t("search.map.hint")}
        </Text>
      </Box>
    </Box>
  );
}
