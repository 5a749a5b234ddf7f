import { data } from "react-router";

/**
 * Pages of the catalogue whose features arrive with later issues (events, news, most admin lists):
 * hidden until then (decision 014). The guards still apply first (middleware); whoever may open
 * the page gets the "not found" screen with status 404, whatever the id. See isBuilt().
 */
export function loader() {
  throw data(null, { status: 404 });
}

export async function action() {
  throw data(null, { status: 404 });
}

export default function Placeholder() {
  return null;
}
