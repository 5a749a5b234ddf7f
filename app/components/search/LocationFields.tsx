import { Alert, Autocomplete, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDebouncedValue, useMounted } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { useFieldError } from "~/components/FormError";
import { useT } from "~/i18n/i18n-context";
import type { PlaceSuggestion } from "~/schemas/places";
import { DEFAULT_RADIUS_KM, SEARCH_RADII_KM } from "~/schemas/search-params";
import { coordinateLabel, type PickedLocation } from "./location";

interface Props {
  location: PickedLocation | null;
  text: string;
  /** Typing drops a picked point whose label no longer matches the text. */
  onTextChange: (text: string) => void;
  /** A point was chosen: the field shows its label. */
  onPick: (location: PickedLocation) => void;
  radiusKm: number | null;
  sort: "relevance" | "distance";
  error?: string | undefined;
  radiusError?: string | undefined;
}

/** Suggestions for the typed text (GET /api/places), debounced; none while the text is a picked place. */
export function usePlaceSuggestions(text: string, picked: string | null): PlaceSuggestion[] {
  const [query] = useDebouncedValue(text.trim(), 250);
  const [result, setResult] = useState<{ query: string; places: PlaceSuggestion[] }>({ query: "", places: [] });
  useEffect(() => {
    if (query.length < 2 || query === picked) return;
    const controller = new AbortController();
    fetch(`/api/places?${new URLSearchParams({ q: query }).toString()}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ places: PlaceSuggestion[] }>) : { places: [] }))
      .then((body) => setResult({ query, places: body.places }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [query, picked]);
  return result.query === query && query !== picked ? result.places : [];
}

/**
 * Where to search: a place or postal code with suggestions, the browser's position, or a click
 * in the map (the page passes it in). The chosen point travels as hidden lat/lon inputs and
 * its label as `place`; radius and distance sort only apply (and are only sent) with a point.
 */
export function LocationFields({ location, text, onTextChange, onPick, radiusKm, sort, error, radiusError }: Props) {
  const t = useT();
  const fieldError = useFieldError();
  const mounted = useMounted();
  const [geoError, setGeoError] = useState<"LOCATION_BLOCKED" | "LOCATION_UNAVAILABLE" | null>(null);
  const [locating, setLocating] = useState(false);
  const suggestions = usePlaceSuggestions(text, location?.label ?? null);

  // Option values must be unique: two places of the same name get their country added.
  const options = useMemo(() => {
    const count = new Map<string, number>();
    for (const s of suggestions) count.set(s.label, (count.get(s.label) ?? 0) + 1);
    const seen = new Set<string>();
    return suggestions.flatMap((s) => {
      const value = (count.get(s.label) ?? 0) > 1 ? `${s.label} (${s.country})` : s.label;
      if (seen.has(value)) return [];
      seen.add(value);
      return [{ value, place: s }];
    });
  }, [suggestions]);
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o.place])), [options]);

  const choose = (value: string) => {
    const place = byValue.get(value);
    if (place) onPick({ lat: place.lat, lon: place.lon, label: value });
  };

  const locate = () => {
    if (!("geolocation" in navigator)) {
      setGeoError("LOCATION_UNAVAILABLE");
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setGeoError(null);
        const { latitude: lat, longitude: lon } = position.coords;
        onPick({ lat, lon, label: coordinateLabel(lat, lon) });
      },
      (failure) => {
        setLocating(false);
        setGeoError(failure.code === failure.PERMISSION_DENIED ? "LOCATION_BLOCKED" : "LOCATION_UNAVAILABLE");
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };

  return (
    <Stack gap="sm">
      <Stack gap={6}>
        <Autocomplete
          name="place"
          label={t("search.location")}
          description={t("search.locationDescription")}
          placeholder={t("search.locationPlaceholder")}
          value={text}
          onChange={onTextChange}
          onOptionSubmit={choose}
          onClear={() => onTextChange("")}
          clearable
          data={options.map((o) => o.value)}
          // The server already matched the text (diacritics, postal codes): show its suggestions as they are.
          filter={({ options: all }) => all}
          renderOption={({ option }) => {
            const place = byValue.get(option.value);
            return (
              <Stack gap={0}>
                <Text size="sm">{option.value}</Text>
                {place && (
                  <Text size="xs" c="dimmed">
                    {t(`country.${place.country}`)}
                  </Text>
                )}
              </Stack>
            );
          }}
          maxLength={200}
          autoComplete="off"
          error={fieldError(error)}
          data-testid="search-location"
        />
        {mounted && (
          <Group gap="xs">
            <Button variant="light" size="compact-sm" onClick={locate} loading={locating} data-testid="search-my-location">
              {t("search.myLocation")}
            </Button>
          </Group>
        )}
        {geoError && (
          <Alert color="red" variant="light" role="alert" p="xs" data-testid="search-location-error">
            {t(`error.${geoError}`)}
          </Alert>
        )}
        {location && (
          <>
            <input type="hidden" name="lat" value={location.lat.toFixed(5)} />
            <input type="hidden" name="lon" value={location.lon.toFixed(5)} />
          </>
        )}
      </Stack>
      <SimpleGrid cols={2} spacing="sm">
        <NativeSelect
          name="r"
          label={t("search.radius")}
          defaultValue={String(radiusKm ?? DEFAULT_RADIUS_KM)}
          data={SEARCH_RADII_KM.map((km) => ({ value: String(km), label: t("search.radiusKm", { km }) }))}
          disabled={!location}
          error={fieldError(radiusError)}
          data-testid="search-radius"
        />
        <NativeSelect
          name="sort"
          label={t("search.sort")}
          defaultValue={location ? sort : "relevance"}
          data={[
            { value: "relevance", label: t("search.sort.relevance") },
            { value: "distance", label: t("search.sort.distance") },
          ]}
          disabled={!location}
          data-testid="search-sort"
        />
      </SimpleGrid>
      {!location && (
        <Text size="xs" c="dimmed">
          {t("search.radiusHint")}
        </Text>
      )}
    </Stack>
  );
}
