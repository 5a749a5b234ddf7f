import { localeOfPath } from "~/i18n/locales";
import { getDb } from "~/server/db/client.server";
import { isAppError } from "~/server/errors";
import { getPublicEvent } from "~/server/events/detail.server";
import { eventIcs, icsFileName } from "~/server/events/ics.server";
import { userContext } from "~/server/http/context";
import type { Route } from "./+types/event-calendar";

/** The event's calendar file (decision 018), for events the visitor may see; 404 otherwise. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  try {
    const { event } = await getPublicEvent(await getDb(), context.get(userContext), params.id);
    const ics = eventIcs(
      { ...event, startsAt: new Date(event.startsAt), endsAt: new Date(event.endsAt), updatedAt: new Date(event.updatedAt), onlineUrl: event.onlineUrl },
      locale,
    );
    const name = icsFileName(locale === "cs" ? event.titleCs : event.titleDe);
    return new Response(ics, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") {
      return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    throw error;
  }
}
