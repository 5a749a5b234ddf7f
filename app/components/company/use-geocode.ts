import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import type { LatLon } from "./types";

const POSTAL_CODE = /^\d{3} ?\d{2}$/;

/**
 * Where the typed address lies (GET /api/geocode, offline postal-code data), debounced; null while
 * unknown. The same lookup the server does when no pin is placed, so the pin shows what will be saved.
 */
export function useGeocode(country: string, postalCode: string, city: string): LatLon | null {
  const [query] = useDebouncedValue(JSON.stringify({ country, postalCode: postalCode.trim(), city: city.trim() }), 400);
  const [result, setResult] = useState<{ query: string; position: LatLon | null } | null>(null);

  useEffect(() => {
    const params = JSON.parse(query) as { country: string; postalCode: string; city: string };
    if (!POSTAL_CODE.test(params.postalCode) && params.city.length < 3) return;
    const controller = new AbortController();
    fetch(`/api/geocode?${new URLSearchParams(params).toString()}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ position: LatLon | null }>) : { position: null }))
      .then((body) => setResult({ query, position: body.position }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [query]);

  return result?.query === query ? result.position : null;
}
