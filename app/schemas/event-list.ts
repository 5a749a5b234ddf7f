import { z } from "zod";
import { parseDateInput } from "./date-input";
import { DEFAULT_EVENT_RADIUS_KM, type EventListQuery } from "./event-list-params";
import { singleLine } from "./text";

export * from "./event-list-params";

const pad = (n: number) => String(n).padStart(2, "0");
/** A day typed in the locale (24.12.2026, 24. 12. 2026; ISO from links too), kept as ISO. */
const optionalDate = singleLine()
  .optional()
  .transform((v, ctx) => {
    if (!v?.trim()) return null;
    const parts = parseDateInput(v, new Date().getUTCFullYear());
    if (!parts) {
      ctx.addIssue({ code: "custom", message: "DATE_INVALID" });
      return z.NEVER;
    }
    return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
  });
const number = z.coerce.number().finite();

const schema = z.object({
  q: singleLine().trim().max(200, "TEXT_TOO_LONG").default(""),
  when: z.enum(["upcoming", "past"]).catch("upcoming"),
  from: optionalDate,
  to: optionalDate,
  place: singleLine().trim().max(200, "TEXT_TOO_LONG").default(""),
  lat: number.min(-90).max(90).optional().catch(undefined),
  lon: number.min(-180).max(180).optional().catch(undefined),
  r: z.coerce.number().int().min(1).max(500).catch(DEFAULT_EVENT_RADIUS_KM),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});

export type EventListParse = { ok: true; query: EventListQuery } | { ok: false; query: EventListQuery; errors: Partial<Record<"q" | "from" | "to" | "place", string>> };

const DEFAULTS: EventListQuery = { title: "", when: "upcoming", from: null, to: null, place: "", point: null, radiusKm: DEFAULT_EVENT_RADIUS_KM, page: 1 };

export function parseEventListParams(params: URLSearchParams): EventListParse {
  const raw = Object.fromEntries([...params.keys()].map((k) => [k, params.get(k) ?? undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors: Partial<Record<"q" | "from" | "to" | "place", string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (key === "q" || key === "from" || key === "to" || key === "place") errors[key] ??= issue.message;
    }
    return { ok: false, query: { ...DEFAULTS, title: params.get("q") ?? "", place: params.get("place") ?? "" }, errors };
  }
  const v = parsed.data;
  const query: EventListQuery = {
    title: v.q,
    when: v.when,
    from: v.from,
    to: v.to,
    place: v.place,
    point: v.lat !== undefined && v.lon !== undefined && v.place ? { lat: v.lat, lon: v.lon } : null,
    radiusKm: v.r,
    page: v.page,
  };
  if (query.from && query.to && query.to < query.from) return { ok: false, query, errors: { to: "DATE_RANGE_INVALID" } };
  return { ok: true, query };
}
