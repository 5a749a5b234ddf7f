import { z } from "zod";
import { plainText } from "./text";

/** GET /api/places?q=… (the search page's location suggestions). */
export const PLACES_LIMIT = 8;
export const PlacesQuerySchema = z.object({
  q: plainText().trim().min(2).max(100),
});

/** One suggestion as the location field shows it; `country` tells two places of the same name apart. */
export interface PlaceSuggestion {
  label: string;
  country: "DE" | "CZ";
  lat: number;
  lon: number;
}
