import type { LoaderFunctionArgs } from "react-router";
import { requestInfoContext } from "~/server/http/context";
import { handleApiRequest } from "~/server/public-api/http.server";

/** The public read-only API under /api/v1 (issue 25, decision 064): GET and HEAD; OPTIONS is answered in server/app.ts. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const info = context.get(requestInfoContext);
  return handleApiRequest(request, info.ip, info.log);
}
