import { Button, Group, Input, Text } from "@mantine/core";
import { lazy } from "react";
import { MapFrame } from "~/components/map/MapFrame";
import { useT } from "~/i18n/i18n-context";
import type { LatLon } from "./types";

// Leaflet touches `window` on import: load it in the browser only, after hydration.
const LocationMap = lazy(() => import("./LocationMap.client"));

interface Props {
  /** The pin the user placed (submitted as lat/lon), if any. */
  pinned: LatLon | null;
  /** Where the typed address lies; shown while no pin is placed. */
  suggested: LatLon | null;
  onPin: (position: LatLon | null) => void;
}

/**
 * The headquarters map: click or drag to place the pin (hidden lat/lon inputs). Without a pin
 * (and without JavaScript) the server locates the address by its postal code.
 */
export function HeadquartersMap({ pinned, suggested, onPin }: Props) {
  const t = useT();
  const labels = {
    marker: t("company.map.marker"),
    zoomIn: t("company.map.zoomIn"),
    zoomOut: t("company.map.zoomOut"),
    contributors: t("company.map.contributors"),
  };
  return (
    <Input.Wrapper label={t("company.map.label")} description={t("company.map.hint")}>
      <MapFrame mt={6} label={t("company.map.ariaLabel")} height={300} testId="location-map">
        <LocationMap position={pinned ?? suggested} onPick={onPin} labels={labels} />
      </MapFrame>
      <Group justify="space-between" mt={6} mih={30}>
        <Text size="sm" c="dimmed" data-testid="map-status">
          {t(pinned ? "company.map.pinned" : suggested ? "company.map.fromPostalCode" : "company.map.noPosition")}
        </Text>
        {pinned && (
          <Button variant="subtle" size="compact-sm" onClick={() => onPin(null)}>
            {t("company.map.reset")}
          </Button>
        )}
      </Group>
      {pinned && (
        <>
          <input type="hidden" name="lat" value={pinned.lat.toFixed(6)} />
          <input type="hidden" name="lon" value={pinned.lon.toFixed(6)} />
        </>
      )}
    </Input.Wrapper>
  );
}
