import { describe, expect, it } from "vitest";
import { agendaIsLive } from "./b2b-agenda";

/** An open agenda refreshes itself every minute on its event day only (useAgendaRefresh). */
describe("agendaIsLive", () => {
  const rounds = [
    { startsAt: "2026-12-01T09:00:00.000Z", endsAt: "2026-12-01T09:20:00.000Z" },
    { startsAt: null, endsAt: null },
    { startsAt: "2026-12-01T11:00:00.000Z", endsAt: "2026-12-01T11:20:00.000Z" },
  ];
  const at = (iso: string) => agendaIsLive(rounds, new Date(iso));

  it("is live from a day before the first round until the last round ends", () => {
    expect(at("2026-11-30T08:59:59.000Z")).toBe(false);
    expect(at("2026-11-30T09:00:00.000Z")).toBe(true);
    expect(at("2026-12-01T10:00:00.000Z")).toBe(true);
    expect(at("2026-12-01T11:20:00.000Z")).toBe(true);
    expect(at("2026-12-01T11:20:01.000Z")).toBe(false);
  });

  it("is not live without round times", () => {
    expect(agendaIsLive([{ startsAt: null, endsAt: null }], new Date("2026-12-01T10:00:00.000Z"))).toBe(false);
    expect(agendaIsLive([], new Date())).toBe(false);
  });
});
