import type { LoaderFunctionArgs } from "react-router";
import { naceOptionsFor } from "~/components/company/nace-options";
import { isLocale } from "~/i18n/locales";
import { getDb } from "~/server/db/client.server";
import { listNace } from "~/server/reference/nace.server";

/**
 * GET /api/nace?locale=de → { options: NaceOption[] }: the whole NACE tree in one language, for
 * the industry pickers that the search page renders with only the top of the tree (issue 22: the
 * 996 codes were a hundred kilobytes of every search page's HTML). Reference data: cacheable.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const locale = new URL(request.url).searchParams.get("locale");
  if (!locale || !isLocale(locale)) return Response.json({ options: [] }, { status: 400 });
  const options = naceOptionsFor(await listNace(await getDb()), locale);
  return Response.json({ options }, { headers: { "Cache-Control": "public, max-age=86400" } });
}
