import { data, type RouterContextProvider } from "react-router";
import { config } from "~/server/config.server";
import { requestInfoContext } from "./context";

/**
 * Development pages (mail outbox with login codes, the deliberate error) exist only outside
 * production and only for requests from this machine: anyone else gets the same 404 as for a
 * page that does not exist (README "What is safe where").
 */
export function requireDevSurface(context: Readonly<RouterContextProvider>): void {
  if (config.isProduction || !context.get(requestInfoContext).local) throw data(null, { status: 404 });
}
