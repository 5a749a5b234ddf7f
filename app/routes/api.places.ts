import type { LoaderFunctionArgs } from "react-router";
import { PLACES_LIMIT, type PlaceSuggestion, PlacesQuerySchema } from "~/schemas/places";
import { getDb } from "~/server/db/client.server";
import { searchPlaces } from "~/server/reference/geocode.server";

/**
 * GET /api/places?q=dres → { places: [{ label, country, lat, lon }] }: towns, villages and postal
 * codes from the offline reference data, for the search page's location field.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = PlacesQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return Response.json({ places: [] }, { status: 400 });
  const hits = await searchPlaces(await getDb(), parsed.data.q, PLACES_LIMIT);
  const places: PlaceSuggestion[] = hits.map(({ label, country, lat, lon }) => ({ label, country, lat, lon }));
  return Response.json({ places }, { headers: { "Cache-Control": "public, max-age=86400" } });
}
