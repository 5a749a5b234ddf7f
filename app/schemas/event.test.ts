import { describe, expect, it } from "vitest";
import { fieldErrors } from "./form-errors";
import { eventFormSchema, fileErrors, formatFee, parseFee, textOfHtml } from "./event";

const schema = eventFormSchema(2026);

const valid: Record<string, unknown> = {
  titleDe: "Unternehmertag",
  titleCs: "Den podnikatelů",
  descriptionDe: "<p>Ein <strong>Tag</strong></p>",
  descriptionCs: "<p>Den</p>",
  locationKind: "ADDRESS",
  venue: "IHK Dresden",
  country: "DE",
  state: "Sachsen",
  line1: "Langer Weg 4",
  line2: "",
  postalCode: "01239",
  city: "Dresden",
  lat: "51.02",
  lon: "13.79",
  startDate: "24.12.2026",
  startTime: "09:00",
  endDate: "24.12.2026",
  endTime: "17:00",
  publishNow: "on",
  maxParticipants: "",
  fee: "",
  currency: "",
  paymentTermsDe: "",
  paymentTermsCs: "",
  registrationKind: "INTERNAL",
  externalUrl: "",
  deadlineDate: "",
  deadlineTime: "",
  active: "on",
  organizers: [],
  keepImages: [],
  keepAttachments: [],
};

function errorsOf(overrides: Record<string, unknown>) {
  const parsed = schema.safeParse({ ...valid, ...overrides });
  return parsed.success ? {} : fieldErrors(parsed.error);
}

function parse(overrides: Record<string, unknown> = {}) {
  const parsed = schema.safeParse({ ...valid, ...overrides });
  if (!parsed.success) throw new Error(JSON.stringify(fieldErrors(parsed.error)));
  return parsed.data;
}

describe("event form schema (spec §5 Event)", () => {
  it("parses a valid one-day event in Berlin winter time, publish now, free and unlimited", () => {
    const e = parse();
    expect(e.startsAt.toISOString()).toBe("2026-12-24T08:00:00.000Z");
    expect(e.endsAt.toISOString()).toBe("2026-12-24T16:00:00.000Z");
    expect(e.publishAt).toBeNull();
    expect(e.maxParticipants).toBeNull();
    expect(e.feeMinor).toBeNull();
    expect(e.location).toMatchObject({ kind: "ADDRESS", city: "Dresden", lat: 51.02, line2: null });
    expect(e.active).toBe(true);
    expect(e.b2b).toBe(false);
  });

  it("reads Czech dates and summer time", () => {
    const e = parse({ startDate: "1. 7. 2026", endDate: "2. 7. 2026", startTime: "9:30" });
    expect(e.startsAt.toISOString()).toBe("2026-07-01T07:30:00.000Z");
    expect(e.endsAt.toISOString()).toBe("2026-07-02T15:00:00.000Z");
  });

  it("requires titles and descriptions in both languages (visible text of the HTML)", () => {
    expect(errorsOf({ titleDe: "  " })).toMatchObject({ titleDe: "TITLE_REQUIRED" });
    expect(errorsOf({ titleCs: "" })).toMatchObject({ titleCs: "TITLE_REQUIRED" });
    expect(errorsOf({ descriptionDe: "<p><br></p>" })).toMatchObject({ descriptionDe: "DESCRIPTION_TRANSLATION_REQUIRED" });
    expect(errorsOf({ descriptionCs: "<p>&nbsp;</p>" })).toMatchObject({ descriptionCs: "DESCRIPTION_TRANSLATION_REQUIRED" });
    expect(errorsOf({ descriptionDe: `<p>${"x".repeat(4001)}</p>` })).toMatchObject({ descriptionDe: "TEXT_TOO_LONG" });
    expect(errorsOf({ titleDe: "x".repeat(201) })).toMatchObject({ titleDe: "TEXT_TOO_LONG" });
  });

  it("requires the address, or a URL when online", () => {
    expect(errorsOf({ line1: "", city: "", postalCode: "12" })).toMatchObject({ line1: "ADDRESS_LINE_REQUIRED", city: "CITY_REQUIRED", postalCode: "POSTAL_CODE_INVALID" });
    expect(errorsOf({ country: "AT", state: "" })).toMatchObject({ country: "COUNTRY_REQUIRED", state: "STATE_REQUIRED" });
    expect(errorsOf({ locationKind: "ONLINE", line1: "" })).toEqual({ onlineUrl: "ONLINE_URL_REQUIRED" });
    expect(errorsOf({ locationKind: "ONLINE", onlineUrl: "not a url" })).toEqual({ onlineUrl: "URL_INVALID" });
    expect(parse({ locationKind: "ONLINE", onlineUrl: "meet.example.org/x" }).location).toEqual({ kind: "ONLINE", venue: "IHK Dresden", url: "https://meet.example.org/x" });
    expect(errorsOf({ locationKind: "MOON" })).toMatchObject({ locationKind: "INVALID_INPUT" });
  });

  it("requires start and end, and the end not before the start (same day allowed)", () => {
    expect(errorsOf({ startDate: "", startTime: "" })).toMatchObject({ startDate: "DATE_REQUIRED" });
    expect(errorsOf({ startTime: "" })).toMatchObject({ startTime: "TIME_REQUIRED" });
    expect(errorsOf({ endDate: "31.02.2026" })).toMatchObject({ endDate: "DATE_INVALID" });
    expect(errorsOf({ endTime: "25:00" })).toMatchObject({ endTime: "TIME_INVALID" });
    expect(errorsOf({ endDate: "23.12.2026" })).toEqual({ endDate: "END_BEFORE_START" });
    expect(errorsOf({ endTime: "08:59" })).toEqual({ endDate: "END_BEFORE_START" });
    expect(errorsOf({ endTime: "09:00" })).toEqual({});
  });

  it("takes a publication date unless publish now", () => {
    expect(errorsOf({ publishNow: "" })).toMatchObject({ publishDate: "DATE_REQUIRED" });
    expect(parse({ publishNow: "", publishDate: "1.12.2026", publishTime: "08:00" }).publishAt?.toISOString()).toBe("2026-12-01T07:00:00.000Z");
  });

  it("checks the deadline: optional, not after the start, no time without a date, valid time", () => {
    expect(parse({ deadlineDate: "20.12.2026", deadlineTime: "23:59" }).registrationDeadline?.toISOString()).toBe("2026-12-20T22:59:00.000Z");
    expect(parse({ deadlineDate: "24.12.2026", deadlineTime: "09:00" }).registrationDeadline?.toISOString()).toBe("2026-12-24T08:00:00.000Z");
    expect(errorsOf({ deadlineDate: "24.12.2026", deadlineTime: "09:01" })).toEqual({ deadlineDate: "DEADLINE_AFTER_START" });
    expect(errorsOf({ deadlineTime: "12:00" })).toEqual({ deadlineDate: "DATE_REQUIRED" });
    expect(errorsOf({ deadlineDate: "20.12.2026", deadlineTime: "12:75" })).toEqual({ deadlineTime: "TIME_INVALID" });
    expect(errorsOf({ deadlineDate: "20.12.2026" })).toEqual({ deadlineTime: "TIME_REQUIRED" });
  });

  it("takes max participants as an optional positive integer", () => {
    expect(parse({ maxParticipants: "40" }).maxParticipants).toBe(40);
    for (const bad of ["0", "-3", "2.5", "viele", "100001"]) expect(errorsOf({ maxParticipants: bad })).toEqual({ maxParticipants: "MAX_PARTICIPANTS_INVALID" });
  });

  it("needs fee, currency and both payment terms once a fee is entered; stores minor units", () => {
    const e = parse({ fee: "25,50", currency: "EUR", paymentTermsDe: "14 Tage", paymentTermsCs: "14 dní" });
    expect(e).toMatchObject({ feeMinor: 2550, currency: "EUR", paymentTermsDe: "14 Tage", paymentTermsCs: "14 dní" });
    expect(errorsOf({ fee: "25" })).toEqual({ currency: "FEE_INCOMPLETE", paymentTermsDe: "FEE_INCOMPLETE", paymentTermsCs: "FEE_INCOMPLETE" });
    expect(errorsOf({ currency: "CZK", paymentTermsDe: "x", paymentTermsCs: "y" })).toEqual({ fee: "FEE_INCOMPLETE" });
    expect(errorsOf({ fee: "abc", currency: "CZK", paymentTermsDe: "x", paymentTermsCs: "y" })).toEqual({ fee: "FEE_INVALID" });
    expect(errorsOf({ fee: "0", currency: "CZK", paymentTermsDe: "x", paymentTermsCs: "y" })).toEqual({ fee: "FEE_INVALID" });
    expect(errorsOf({ fee: "10", currency: "USD", paymentTermsDe: "x", paymentTermsCs: "y" })).toEqual({ currency: "FEE_INCOMPLETE" });
  });

  it("needs a URL for external registration", () => {
    expect(errorsOf({ registrationKind: "EXTERNAL" })).toEqual({ externalUrl: "EXTERNAL_URL_REQUIRED" });
    expect(errorsOf({ registrationKind: "EXTERNAL", externalUrl: "javascript:alert(1)" })).toEqual({ externalUrl: "URL_INVALID" });
    expect(parse({ registrationKind: "EXTERNAL", externalUrl: "https://tickets.example/x" }).externalUrl).toBe("https://tickets.example/x");
    expect(parse({ externalUrl: "https://ignored.example" }).externalUrl).toBeNull();
  });

  it("reads the flags and refuses control characters", () => {
    expect(parse({ b2b: "on", active: undefined })).toMatchObject({ b2b: true, active: false });
    expect(errorsOf({ titleDe: "a\u0000b" })).toMatchObject({ titleDe: "INVALID_INPUT" });
  });
});

describe("fees", () => {
  it("parses decimal commas, points and thousands separators to minor units", () => {
    expect(parseFee("12")).toBe(1200);
    expect(parseFee("12,5")).toBe(1250);
    expect(parseFee("1.234,56")).toBe(123456);
    expect(parseFee("1,234.56")).toBe(123456);
    expect(parseFee("1 500")).toBe(150000);
    expect(parseFee("12,345")).toBe(1234500);
    expect(parseFee("1,2,3")).toBeNull();
    expect(parseFee("1000001")).toBeNull();
    expect(formatFee(123456)).toBe("1234,56");
    expect(formatFee(1200)).toBe("12");
  });
});

describe("files (browser check; the server checks again)", () => {
  const png = (size = 10) => new File([new Uint8Array(size)], "a.png", { type: "image/png" });
  const pdf = (size = 10) => new File([new Uint8Array(size)], "flyer.pdf", { type: "application/pdf" });
  const form = (images: File[], pdfs: File[], keep: string[] = []) => {
    const f = new FormData();
    for (const i of images) f.append("images", i);
    for (const p of pdfs) f.append("attachments", p);
    for (const k of keep) f.append("keepImages", k);
    return f;
  };
  it("needs an image or a flyer", () => {
    expect(fileErrors(form([], []))).toEqual({ images: { code: "EVENT_IMAGE_REQUIRED" } });
    expect(fileErrors(form([png()], []))).toEqual({});
    expect(fileErrors(form([], [pdf()]))).toEqual({});
    expect(fileErrors(form([], [], ["kept"]))).toEqual({});
  });
  it("limits counts, sizes and types", () => {
    expect(fileErrors(form([png(), png(), png(), png(), png(), png()], [])).images?.code).toBe("TOO_MANY_FILES");
    expect(fileErrors(form([png()], [], ["1", "2", "3", "4", "5"])).images?.code).toBe("TOO_MANY_FILES");
    expect(fileErrors(form([png(4 * 1024 * 1024 + 1)], [])).images?.code).toBe("FILE_TOO_LARGE");
    expect(fileErrors(form([png()], [pdf(10 * 1024 * 1024 + 1)])).attachments?.code).toBe("FILE_TOO_LARGE");
    expect(fileErrors(form([new File(["x"], "a.gif", { type: "image/gif" })], [])).images?.code).toBe("FILE_TYPE_NOT_ALLOWED");
  });
});

describe("textOfHtml", () => {
  it("drops tags, scripts and decodes entities", () => {
    expect(textOfHtml("<p>a&amp;b</p><script>x</script><p>&#x41;&#66;</p>")).toBe("a&b AB");
  });
});
