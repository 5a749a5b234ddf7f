import { z } from "zod";
import { singleLine } from "./text";

/** GET /api/places?q=… (the search page's location suggestions). */
export const PLACES_LIMIT = 8;
export const PlacesQuerySchema = z.object({
  q: singleLine().trim().min(2).max(100),
});

/** One suggestion as the location field shows it; `country` tells two places of the same name apart. */
export interface PlaceSuggestion {
  label: string;
  country: "DE" | "CZ";
  lat: number;
  lon: number;
}
