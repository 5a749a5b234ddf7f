import { describe, expect, it } from "vitest";
import { type EventTiming, registrationClosesAt, registrationState } from "./event-state";

const H = 3_600_000;
const D = 24 * H;
const base = new Date("2026-06-01T08:00:00Z");
const event = (o: Partial<EventTiming> = {}): EventTiming => ({
  publishAt: new Date(base.getTime() - 10 * D),
  active: true,
  startsAt: base,
  endsAt: new Date(base.getTime() + 8 * H),
  registrationDeadline: new Date(base.getTime() - 2 * D),
  maxParticipants: null,
  b2b: false,
  registrationKind: "INTERNAL",
  ...o,
});
const at = (offsetMs: number) => new Date(base.getTime() + offsetMs);

describe("registrationState over time", () => {
  it("walks NOT_OPEN → OPEN → CLOSED → OVER for a plain event", () => {
    const e = event();
    expect(registrationState(e, at(-11 * D), { taken: 0 })).toBe("NOT_OPEN");
    expect(registrationState(e, at(-10 * D), { taken: 0 })).toBe("OPEN");
    expect(registrationState(e, at(-2 * D - 1), { taken: 0 })).toBe("OPEN");
    expect(registrationState(e, at(-2 * D), { taken: 0 })).toBe("CLOSED");
    expect(registrationState(e, at(H), { taken: 0 })).toBe("CLOSED");
    expect(registrationState(e, at(8 * H), { taken: 0 })).toBe("OVER");
  });

  it("without a deadline registration closes at the start", () => {
    const e = event({ registrationDeadline: null });
    expect(registrationClosesAt(e).getTime()).toBe(base.getTime());
    expect(registrationState(e, at(-1), { taken: 0 })).toBe("OPEN");
    expect(registrationState(e, at(0), { taken: 0 })).toBe("CLOSED");
  });

  it("is FULL when the places are taken, OPEN again when one frees", () => {
    const e = event({ maxParticipants: 2 });
    expect(registrationState(e, at(-5 * D), { taken: 1 })).toBe("OPEN");
    expect(registrationState(e, at(-5 * D), { taken: 2 })).toBe("FULL");
    expect(registrationState(e, at(-5 * D), { taken: 3 })).toBe("FULL");
    // After the deadline a full event is simply closed.
    expect(registrationState(e, at(-D), { taken: 2 })).toBe("CLOSED");
  });

  it("B2B events open matching after the registration period until the start", () => {
    const e = event({ b2b: true });
    expect(registrationState(e, at(-3 * D), { taken: 0 })).toBe("OPEN");
    expect(registrationState(e, at(-2 * D), { taken: 0 })).toBe("B2B_MATCHING");
    expect(registrationState(e, at(-1), { taken: 0 })).toBe("B2B_MATCHING");
    expect(registrationState(e, at(0), { taken: 0 })).toBe("CLOSED");
    expect(registrationState(e, at(9 * H), { taken: 0 })).toBe("OVER");
  });

  it("inactive events are in preparation; external ones are never full", () => {
    expect(registrationState(event({ active: false }), at(-5 * D), { taken: 0 })).toBe("NOT_OPEN");
    const ext = event({ registrationKind: "EXTERNAL", maxParticipants: 1 });
    expect(registrationState(ext, at(-5 * D), { taken: 5 })).toBe("OPEN");
  });

  it("accepts ISO strings (loader data)", () => {
    const e = event();
    const asStrings: EventTiming = { ...e, publishAt: new Date(e.publishAt).toISOString(), startsAt: base.toISOString(), endsAt: new Date(e.endsAt).toISOString(), registrationDeadline: null };
    expect(registrationState(asStrings, at(-D), { taken: 0 })).toBe("OPEN");
  });
});
