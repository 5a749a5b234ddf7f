import { redirect } from "react-router";
import { href } from "~/routing/paths";
import type { Route } from "./+types/event-detail-ascii-redirect";

/** `/cs/udalosti/{id}` → the canonical `/cs/události/{id}` (spec spells the detail with a diacritic). */
export function loader({ params, request }: Route.LoaderArgs) {
  const search = new URL(request.url).search;
  return redirect(encodeURI(href("eventDetail", "cs", { id: params.id })) + search, 301);
}
