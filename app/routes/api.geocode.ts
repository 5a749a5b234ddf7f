import type { LoaderFunctionArgs } from "react-router";
import { GeocodeQuerySchema } from "~/schemas/company-form";
import { getDb } from "~/server/db/client.server";
import { geocodeAddress } from "~/server/reference/geocode.server";

/**
 * GET /api/geocode?country=DE&postalCode=01067&city=Dresden → { position: { lat, lon } | null }.
 * Offline reference data only (postal codes, towns); the address forms use it to place the map pin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = GeocodeQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return Response.json({ position: null }, { status: 400 });
  const geo = await geocodeAddress(await getDb(), parsed.data);
  const position = geo ? { lat: geo.lat, lon: geo.lon } : null;
  return Response.json({ position }, { headers: { "Cache-Control": "public, max-age=86400" } });
}
