import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { TranslationJobRefSchema, TranslationRequestSchema } from "~/schemas/translation";
import { getDb } from "~/server/db/client.server";
import { isDatabaseUnavailable } from "~/server/db/availability.server";
import { type ErrorCode, isAppError } from "~/server/errors";
import { readFormStrict } from "~/server/http/actions.server";
import { userContext } from "~/server/http/context";
import { getTranslationJob, requestTranslation } from "~/server/translation/jobs.server";
import { logger } from "~/server/logger.server";

/**
 * The editors' translate buttons (decision 041).
 * POST /api/translations (form: kind, subjectId?, field, from, to, text) → 202 { ok, kind, id }:
 * a translation job is queued; nothing is written to the record.
 * GET /api/translations?kind=…&id=… → { ok, job }: its state, for its requester and admins.
 * Without a configured service both answer 404; errors are codes, never English text.
 */
const HEADERS = { "Cache-Control": "no-store" };

function failure(code: ErrorCode, status: number): Response {
  return Response.json({ ok: false, error: code }, { status, headers: HEADERS });
}

async function answer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (isAppError(error)) return failure(error.code, error.status);
    if (isDatabaseUnavailable(error)) return failure("SERVICE_UNAVAILABLE", 503);
    logger.error({ err: error }, "Translation request failed");
    return failure("GENERIC", 500);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { ...HEADERS, Allow: "GET, POST" } });
  return answer(async () => {
    const form = await readFormStrict(request);
    const parsed = TranslationRequestSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string" && v !== "")));
    if (!parsed.success) {
      const code = parsed.error.issues.some((issue) => issue.message === "TEXT_TOO_LONG") ? "TEXT_TOO_LONG" : "INVALID_INPUT";
      return failure(code, 400);
    }
    const job = await requestTranslation(await getDb(), context.get(userContext), parsed.data);
    return Response.json({ ok: true, ...job }, { status: 202, headers: HEADERS });
  });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return answer(async () => {
    const url = new URL(request.url);
    const parsed = TranslationJobRefSchema.safeParse({ kind: url.searchParams.get("kind"), id: url.searchParams.get("id") });
    if (!parsed.success) return failure("NOT_FOUND", 404);
    const job = await getTranslationJob(await getDb(), context.get(userContext), parsed.data.kind, parsed.data.id);
    return Response.json({ ok: true, job }, { headers: HEADERS });
  });
}
