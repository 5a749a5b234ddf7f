import { data } from "react-router";
import { config } from "~/server/config.server";

/** Outside production: throws an unhandled error, so the error screen can be seen and tested. */
export function loader() {
  if (config.isProduction) throw data(null, { status: 404 });
  throw new Error("Deliberate test error");
}

export default function DevError() {
  return null;
}
