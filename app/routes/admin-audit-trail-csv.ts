import { localeOfPath } from "~/i18n/locales";
import { parseAuditFilter } from "~/schemas/reports";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { auditTrailCsv } from "~/server/reports/audit-trail.server";
import type { Route } from "./+types/admin-audit-trail-csv";

/** The audit trail's filtered selection as CSV (all pages), in the language of the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const { filter, errors } = parseAuditFilter(url.searchParams, clock.now().getUTCFullYear());
  const db = await getDb();
  try {
    const user = requireUser(context);
    // The page ignores a date it cannot read (and says so); a download must not widen the selection.
    const invalid = errors.from ?? errors.to;
    if (invalid) throw new AppError(invalid);
    return auditTrailCsv(db, user, filter, locale);
  } catch (error) {
    return throwDownloadError(locale)(error);
  }
}
