import { toBerlin } from "./berlin-time";
import { type DateLocale, formatDateInput, formatTimeInput } from "./date-input";
import { formatFee } from "./event";

/** What the event form shows: strings as typed, to fill it and refill it after a refused submit. */
export interface EventFormValues {
  titleDe: string;
  titleCs: string;
  descriptionDe: string;
  descriptionCs: string;
  locationKind: "ADDRESS" | "ONLINE";
  venue: string;
  country: string;
  state: string;
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  lat: string;
  lon: string;
  onlineUrl: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  publishNow: boolean;
  publishDate: string;
  publishTime: string;
  maxParticipants: string;
  fee: string;
  currency: string;
  paymentTermsDe: string;
  paymentTermsCs: string;
  registrationKind: "INTERNAL" | "EXTERNAL";
  externalUrl: string;
  deadlineDate: string;
  deadlineTime: string;
  b2b: boolean;
  active: boolean;
  organizerCompanyId: string;
  organizers: string[];
  keepImages: string[];
  keepAttachments: string[];
}

export const EMPTY_EVENT_FORM: EventFormValues = {
  titleDe: "",
  titleCs: "",
  descriptionDe: "",
  descriptionCs: "",
  locationKind: "ADDRESS",
  venue: "",
  country: "DE",
  state: "",
  line1: "",
  line2: "",
  postalCode: "",
  city: "",
  lat: "",
  lon: "",
  onlineUrl: "",
  startDate: "",
  startTime: "",
  endDate: "",
  endTime: "",
  publishNow: true,
  publishDate: "",
  publishTime: "",
  maxParticipants: "",
  fee: "",
  currency: "",
  paymentTermsDe: "",
  paymentTermsCs: "",
  registrationKind: "INTERNAL",
  externalUrl: "",
  deadlineDate: "",
  deadlineTime: "",
  b2b: false,
  active: true,
  organizerCompanyId: "",
  organizers: [],
  keepImages: [],
  keepAttachments: [],
};

const TEXT = [
  "titleDe", "titleCs", "descriptionDe", "descriptionCs", "venue", "country", "state", "line1", "line2", "postalCode", "city", "lat", "lon",
  "onlineUrl", "startDate", "startTime", "endDate", "endTime", "publishDate", "publishTime", "maxParticipants", "fee", "currency",
  "paymentTermsDe", "paymentTermsCs", "externalUrl", "deadlineDate", "deadlineTime", "organizerCompanyId",
] as const;

/** The submitted values, to refill the form after the server refused them. */
export function submittedEventValues(form: FormData): EventFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const list = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  const values: EventFormValues = {
    ...EMPTY_EVENT_FORM,
    locationKind: text("locationKind") === "ONLINE" ? "ONLINE" : "ADDRESS",
    registrationKind: text("registrationKind") === "EXTERNAL" ? "EXTERNAL" : "INTERNAL",
    publishNow: form.has("publishNow"),
    b2b: form.has("b2b"),
    active: form.has("active"),
    organizers: list("organizers"),
    keepImages: list("keepImages"),
    keepAttachments: list("keepAttachments"),
  };
  for (const field of TEXT) values[field] = text(field);
  return values;
}

interface StoredEvent {
  titleDe: string;
  titleCs: string;
  descriptionDe: string;
  descriptionCs: string;
  locationKind: "ADDRESS" | "ONLINE";
  venue: string | null;
  country: string | null;
  state: string | null;
  line1: string | null;
  line2: string | null;
  postalCode: string | null;
  city: string | null;
  lat: number | null;
  lon: number | null;
  onlineUrl: string | null;
  startsAt: Date;
  endsAt: Date;
  publishAt: Date;
  maxParticipants: number | null;
  feeMinor: number | null;
  currency: string | null;
  paymentTermsDe: string | null;
  paymentTermsCs: string | null;
  registrationKind: "INTERNAL" | "EXTERNAL";
  externalUrl: string | null;
  registrationDeadline: Date | null;
  b2b: boolean;
  active: boolean;
}

/** A stored event as form values in the user's locale (Berlin wall-clock dates and times). */
export function eventToValues(e: StoredEvent, locale: DateLocale, files: { id: string; kind: string }[], organizers: string[], now: Date): EventFormValues {
  const date = (d: Date) => formatDateInput(toBerlin(d), locale);
  const time = (d: Date) => formatTimeInput(toBerlin(d));
  const published = e.publishAt <= now;
  return {
    titleDe: e.titleDe,
    titleCs: e.titleCs,
    descriptionDe: e.descriptionDe,
    descriptionCs: e.descriptionCs,
    locationKind: e.locationKind,
    venue: e.venue ?? "",
    country: e.country ?? "DE",
    state: e.state ?? "",
    line1: e.line1 ?? "",
    line2: e.line2 ?? "",
    postalCode: e.postalCode ?? "",
    city: e.city ?? "",
    lat: e.lat === null ? "" : String(e.lat),
    lon: e.lon === null ? "" : String(e.lon),
    onlineUrl: e.onlineUrl ?? "",
    startDate: date(e.startsAt),
    startTime: time(e.startsAt),
    endDate: date(e.endsAt),
    endTime: time(e.endsAt),
    // Published already: "publish now" keeps the date it had (manage.server.ts).
    publishNow: published,
    publishDate: published ? "" : date(e.publishAt),
    publishTime: published ? "" : time(e.publishAt),
    maxParticipants: e.maxParticipants === null ? "" : String(e.maxParticipants),
    fee: formatFee(e.feeMinor),
    currency: e.currency ?? "",
    paymentTermsDe: e.paymentTermsDe ?? "",
    paymentTermsCs: e.paymentTermsCs ?? "",
    registrationKind: e.registrationKind,
    externalUrl: e.externalUrl ?? "",
    deadlineDate: e.registrationDeadline ? date(e.registrationDeadline) : "",
    deadlineTime: e.registrationDeadline ? time(e.registrationDeadline) : "",
    b2b: e.b2b,
    active: e.active,
    organizerCompanyId: "",
    organizers,
    keepImages: files.filter((f) => f.kind === "IMAGE").map((f) => f.id),
    keepAttachments: files.filter((f) => f.kind === "ATTACHMENT").map((f) => f.id),
  };
}
