/**
 * Every way a schedule can break the rules, as readable sentences (empty list = valid). Used after
 * a run by the property tests and by the page when an organiser moves a meeting by hand.
 */
import type { PlacedMeeting } from "./figures";
import type { MatchInput } from "./types";

const key = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

export function validateSchedule(input: MatchInput, meetings: readonly PlacedMeeting[]): string[] {
  const problems: string[] = [];
  const known = new Set(input.companies.map((c) => c.id));
  const usable = new Set(input.tables);
  const excluded = new Set<string>();
  for (const [id, list] of Object.entries(input.excluded ?? {})) for (const other of list) excluded.add(key(id, other));
  const fixedKeys = new Set(input.fixed.map((f) => `${f.round}|${f.table}|${key(f.a, f.b)}`));
  const fill = input.onlyFill ? new Map(input.onlyFill.map((o) => [o.round, new Set(o.companies)])) : null;

  const seat = new Map<string, PlacedMeeting>();
  const table = new Map<string, PlacedMeeting>();
  const pair = new Map<string, PlacedMeeting>();
  const where = (m: PlacedMeeting) => `round ${m.round}, table ${m.table}: ${m.a} – ${m.b}`;
  for (const m of meetings) {
    const isFixed = fixedKeys.has(`${m.round}|${m.table}|${key(m.a, m.b)}`);
    if (m.a === m.b) problems.push(`${where(m)}: a company cannot meet itself`);
    for (const id of [m.a, m.b]) if (!known.has(id)) problems.push(`${where(m)}: unknown company ${id}`);
    if (!Number.isInteger(m.round) || m.round < 1 || m.round > input.rounds) problems.push(`${where(m)}: no such round`);
    if (!Number.isInteger(m.table) || m.table < 1) problems.push(`${where(m)}: table numbers are positive integers`);
    else if (!usable.has(m.table) && !isFixed) problems.push(`${where(m)}: table ${m.table} is not usable`);
    if (excluded.has(key(m.a, m.b))) problems.push(`${where(m)}: one of the two excluded the other`);
    for (const id of [m.a, m.b]) {
      const k = `${m.round}|${id}`;
      const other = seat.get(k);
      if (other) problems.push(`${where(m)}: ${id} also meets in ${where(other)}`);
      else seat.set(k, m);
    }
    const tk = `${m.round}|${m.table}`;
    const atTable = table.get(tk);
    if (atTable) problems.push(`${where(m)}: table already taken by ${where(atTable)}`);
    else table.set(tk, m);
    const pk = key(m.a, m.b);
    const again = pair.get(pk);
    if (again) problems.push(`${where(m)}: the pair already meets in ${where(again)}`);
    else pair.set(pk, m);
    if (fill && !isFixed) {
      const freed = fill.get(m.round);
      if (!freed) problems.push(`${where(m)}: a repair may only fill the freed places (round ${m.round} is not open)`);
      else if (!freed.has(m.a) && !freed.has(m.b)) problems.push(`${where(m)}: a repair meeting must include a freed company`);
    }
  }
  const present = new Set(meetings.map((m) => `${m.round}|${m.table}|${key(m.a, m.b)}`));
  for (const f of input.fixed) {
    if (!present.has(`${f.round}|${f.table}|${key(f.a, f.b)}`)) problems.push(`locked meeting round ${f.round}, table ${f.table}: ${f.a} – ${f.b} is missing or moved`);
  }
  return problems;
}
