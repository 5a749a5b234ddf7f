import { inArray } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import { LOCALE_TAGS } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { EVENT_TIME_ZONE } from "~/schemas/berlin-time";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { toCsv } from "~/server/participants/csv.server";
import { documentFileName } from "~/server/pdf/file-name";
import type { Actor } from "~/server/policy/policy";
import { requireB2bOrganiser } from "./access.server";
import { loadPlan, roundEnd, tableName, usableTables } from "./plan.server";
import { runMeetings } from "./run-store.server";

/** One line of the table plan: a table in a round and who sits there. */
export interface PlanLine {
  round: number;
  start: Date;
  end: Date;
  table: string;
  companyA: string;
  companyB: string;
  rankA: number | null;
  rankB: number | null;
  score: number;
}

export interface PlanExport {
  title: string;
  published: boolean;
  rounds: { round: number; start: Date; end: Date; lines: PlanLine[] }[];
}

/**
 * The current schedule as the reception desk needs it: per round, the usable tables in order with
 * their two companies; `tables` (the page's table filter) narrows it to some tables.
 */
export async function loadPlanExport(db: Db, actor: Actor, eventId: string, tables: number[] | null, locale: Locale, now = clock.now()): Promise<PlanExport> {
  const event = await requireB2bOrganiser(db, actor, eventId, now);
  const plan = await loadPlan(db, eventId);
  if (!plan.currentRunId) throw new AppError("NOT_FOUND");
  const meetings = await runMeetings(db, plan.currentRunId);
  const ids = [...new Set(meetings.flatMap((m) => [m.companyA, m.companyB]))];
  const names = new Map((ids.length ? await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, ids)) : []).map((c) => [c.id, c.name]));
  const shown = new Set((tables ?? usableTables(plan)).filter((n) => n <= plan.tableCount));
  return {
    title: locale === "cs" ? event.titleCs : event.titleDe,
    published: plan.publishedRunId === plan.currentRunId,
    rounds: plan.roundStarts.map((startIso, i) => {
      const start = new Date(startIso);
      const end = roundEnd(plan, startIso);
      const lines = meetings
        .filter((m) => m.round === i + 1 && shown.has(m.tableNo))
        .map((m) => ({ round: m.round, start, end, table: tableName(plan, m.tableNo), companyA: names.get(m.companyA) ?? "", companyB: names.get(m.companyB) ?? "", rankA: m.rankA, rankB: m.rankB, score: m.score }));
      return { round: i + 1, start, end, lines };
    }),
  };
}

export function planTimeFormat(locale: Locale) {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { timeStyle: "short", timeZone: EVENT_TIME_ZONE });
}

/** The plan as CSV (decision 019's Excel conventions): one row per meeting. */
export function planCsv(plan: PlanExport, locale: Locale): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  const time = planTimeFormat(locale);
  const number = new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 1 });
  const header = [t("b2b.csv.round"), t("b2b.csv.start"), t("b2b.csv.end"), t("b2b.csv.table"), t("b2b.csv.companyA"), t("b2b.csv.rankA"), t("b2b.csv.companyB"), t("b2b.csv.rankB"), t("b2b.csv.score")];
  const rows = plan.rounds.flatMap((r) =>
    r.lines.map((l) => [String(l.round), time.format(l.start), time.format(l.end), l.table, l.companyA, l.rankA === null ? "" : String(l.rankA), l.companyB, l.rankB === null ? "" : String(l.rankB), number.format(l.score)]),
  );
  return toCsv(header, rows);
}

export const planFileName = (locale: Locale, title: string, extension: "csv" | "pdf") => documentFileName(translate(locale, "b2b.csv.fileName"), title, extension);
