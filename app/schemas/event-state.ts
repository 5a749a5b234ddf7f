/**
 * The registration state of an event at a moment (spec §4 "Event registration", decision 018).
 * Pure and shared: the detail page, my events and the registration rules all ask this one function.
 *
 * - NOT_OPEN: not published yet (future publication date) or inactive ("in preparation").
 * - OPEN: registration is possible; for EXTERNAL registration it means "show the external link".
 * - FULL: open, but every place is taken; new registrations join the waiting list (internal only).
 * - CLOSED: the registration deadline has passed (no deadline = registration closes at the start),
 *   and the event is not over; also while a non-B2B event runs.
 * - B2B_MATCHING: a B2B event after its registration period and before it starts — "B2B matching
 *   is released to participants after the registration period ends".
 * - OVER: the end has passed.
 */
export const REGISTRATION_STATES = ["NOT_OPEN", "OPEN", "FULL", "CLOSED", "B2B_MATCHING", "OVER"] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

export interface EventTiming {
  publishAt: Date | string;
  active: boolean;
  startsAt: Date | string;
  endsAt: Date | string;
  registrationDeadline: Date | string | null;
  maxParticipants: number | null;
  b2b: boolean;
  registrationKind: "INTERNAL" | "EXTERNAL";
}

export interface RegistrationCounts {
  /** Places taken: REGISTERED + ATTENDED. */
  taken: number;
}

const ms = (d: Date | string) => (typeof d === "string" ? Date.parse(d) : d.getTime());

/** The moment registration closes: the deadline, or the start when there is none. */
export function registrationClosesAt(event: Pick<EventTiming, "registrationDeadline" | "startsAt">): Date {
  return new Date(ms(event.registrationDeadline ?? event.startsAt));
}

export function registrationState(event: EventTiming, now: Date, counts: RegistrationCounts): RegistrationState {
  const t = now.getTime();
  if (t >= ms(event.endsAt)) return "OVER";
  if (!event.active || t < ms(event.publishAt)) return "NOT_OPEN";
  const closes = registrationClosesAt(event).getTime();
  if (t < closes) {
    const full = event.registrationKind === "INTERNAL" && event.maxParticipants !== null && counts.taken >= event.maxParticipants;
    return full ? "FULL" : "OPEN";
  }
  if (event.b2b && t < ms(event.startsAt)) return "B2B_MATCHING";
  return "CLOSED";
}

/** Whether a new internal registration is accepted (as REGISTERED when OPEN, WAITING when FULL). */
export const acceptsRegistrations = (state: RegistrationState) => state === "OPEN" || state === "FULL";
