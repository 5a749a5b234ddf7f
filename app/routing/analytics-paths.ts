import { isBuilt } from "./catalogue";
import { matchPage } from "./paths";

/**
 * Which paths the first-party analytics counts (decision 035): built public pages of the route
 * catalogue, no downloads, no account or admin pages. The browser script asks first so it sends
 * nothing from other pages; the server asks again and decides.
 */
export function isCountedPath(pathname: string): boolean {
  const match = matchPage(pathname);
  return !!match && match.page.access === "public" && !match.page.resource && isBuilt(match.page.id);
}
