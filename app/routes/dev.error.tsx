import { requireDevSurface } from "~/server/http/dev-surface.server";
import type { Route } from "./+types/dev.error";

/** Outside production, from this machine only: throws an unhandled error, so the error screen can be seen and tested. */
export function loader({ context }: Route.LoaderArgs) {
  requireDevSurface(context);
  throw new Error("Deliberate test error");
}

export default function DevError() {
  return null;
}
