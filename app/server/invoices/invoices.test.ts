import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINE, createTestDb } from "../../../tests/support/db";
import { createInvoiceWorld, invoiceForm, invoiceInput, type InvoiceWorld } from "../../../tests/support/invoice-fixtures";
import { invoiceFormSchema } from "~/schemas/invoice-form";
import type { DbHandle } from "~/server/db/client.server";
import { events, invoiceCounters, invoices } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { cancelInvoice, getInvoiceForDocument, issueInvoice, listInvoices } from "./invoices.server";
import { prefillInvoice } from "./prefill.server";

const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "pn-invoices-")));
const NOW = new Date("2026-11-24T10:00:00Z");
let handle: DbHandle;
let w: InvoiceWorld;
let png: Buffer;

beforeAll(async () => {
  handle = await createTestDb();
  w = await createInvoiceWorld(handle.db);
  png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#134c9e" } }).png().toBuffer();
});
afterAll(() => handle?.close());

const issue = (actor: Actor, overrides: Record<string, string> = {}, logo: FormDataEntryValue | null = null, now = NOW, eventId = w.eventId) =>
  issueInvoice(handle.db, actor, eventId, invoiceInput(w, overrides), logo, storage, now);
const errorsOf = (overrides: Record<string, string>) => {
  const parsed = invoiceFormSchema(2026).safeParse(invoiceForm(w, overrides));
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("prefill", () => {
  it("per registration: the company with its headquarters, the registrant, one participant, the fee, the event's dates, the registrant's language", async () => {
    const p = await prefillInvoice(handle.db, w.organiser, w.eventId, { registration: w.registrationId }, "de", NOW);
    expect(p.senders.map((s) => s.id)).toEqual([w.senderCompany, w.coOrganiser]);
    expect(p.values).toMatchObject({
      senderCompanyId: w.senderCompany,
      senderName: "Wirtschaftsförderung Dresden",
      senderLine1: "Hauptstraße 1",
      senderCity: "Dresden",
      senderCountry: "DE",
      recipientCompanyId: w.recipientCompany,
      registrationId: w.registrationId,
      recipientName: "Strojírny Ústí s.r.o.",
      recipientPerson: "Jana Dvořáková",
      recipientCity: "Ústí nad Labem",
      recipientCountry: "CZ",
      locale: "cs",
      number: "",
      issueDate: "24.11.2026",
      participantCount: "1",
      unitPrice: "49",
      currency: "EUR",
      vatRate: "19",
      paymentTermsDays: "14",
    });
    expect(p.values!.periodFrom).toMatch(/^\d\d\.\d\d\.\d{4}$/);
  });

  it("per company: its live registrations as count; without a query: the choice of registrations and companies", async () => {
    const p = await prefillInvoice(handle.db, w.organiser, w.eventId, { company: w.recipientCompany }, "cs", NOW);
    expect(p.values).toMatchObject({ participantCount: "2", recipientPerson: "", registrationId: "", issueDate: "24. 11. 2026" });
    const choice = await prefillInvoice(handle.db, w.organiser, w.eventId, {}, "de", NOW);
    expect(choice.values).toBeNull();
    expect(choice.targets.registrations).toHaveLength(2);
    expect(choice.targets.companies).toEqual([{ id: w.recipientCompany, name: "Strojírny Ústí s.r.o.", count: 2 }]);
    await expect(prefillInvoice(handle.db, w.organiser, w.eventId, { registration: "nonsense" }, "de", NOW)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("gives the Czech VAT hint for a Czech sender, and an admin every organiser company", async () => {
    const p = await prefillInvoice(handle.db, w.admin, w.eventId, { registration: w.registrationId }, "de", NOW);
    expect(p.senders.map((s) => s.id)).toEqual([w.senderCompany, w.coOrganiser]);
    expect(p.senders[1]!.party).toMatchObject({ country: "CZ", city: "Ústí nad Labem" });
  });
});

describe("form rules", () => {
  it("requires recipient, sender, date, period, count, price and VAT rate; the number is optional", () => {
    expect(errorsOf({ recipientName: "", senderName: " ", issueDate: "", periodFrom: "", participantCount: "0", unitPrice: "", vatRate: "" })).toEqual({
      recipientName: "INVOICE_RECIPIENT_REQUIRED",
      senderName: "INVOICE_SENDER_REQUIRED",
      issueDate: "DATE_REQUIRED",
      periodFrom: "DATE_REQUIRED",
      participantCount: "PARTICIPANT_COUNT_INVALID",
      unitPrice: "PRICE_INVALID",
      vatRate: "VAT_RATE_INVALID",
    });
    expect(errorsOf({ senderCompanyId: "" })).toEqual({ senderCompanyId: "INVOICE_SENDER_REQUIRED" });
    expect(errorsOf({ periodFrom: "16.12.2026", periodTo: "15.12.2026" })).toEqual({ periodTo: "INVOICE_PERIOD_INVALID" });
    expect(errorsOf({ number: "2026 / 1" })).toEqual({ number: "INVOICE_NUMBER_INVALID" });
    expect(errorsOf({ paymentTermsDays: "400" })).toEqual({ paymentTermsDays: "PAYMENT_TERMS_INVALID" });
    expect(errorsOf({ participantCount: "100", unitPrice: "1.000.000" })).toEqual({ unitPrice: "PRICE_INVALID" });
    expect(invoiceInput(w, { number: "RE-2026/17" })).toMatchObject({ number: "RE-2026/17", unitPriceMinor: 123_456, vatRateBp: 1900, issueDate: "2026-11-24" });
  });

  it("a number chosen to be typed by hand but left empty is INVOICE_NUMBER_REQUIRED; the generated choice ignores a typed one", () => {
    expect(errorsOf({ numberMode: "manual", number: "" })).toEqual({ number: "INVOICE_NUMBER_REQUIRED" });
    expect(errorsOf({ numberMode: "manual", number: "   " })).toEqual({ number: "INVOICE_NUMBER_REQUIRED" });
    expect(invoiceInput(w, { numberMode: "manual", number: "RE-7" })).toMatchObject({ number: "RE-7" });
    expect(invoiceInput(w, { numberMode: "generated", number: "RE-7" })).toMatchObject({ number: null });
    expect(invoiceInput(w, { numberMode: "generated", number: "" })).toMatchObject({ number: null });
    expect(errorsOf({ numberMode: "sometimes" })).toEqual({ numberMode: "INVALID_INPUT" });
  });

  it("checks VAT IDs for format and check digit (jsvat-next), normalised", () => {
    expect(invoiceInput(w, { senderVatId: "de 136 695 976", recipientVatId: "cz00177041" })).toMatchObject({ sender: { vatId: "DE136695976" }, recipient: { vatId: "CZ00177041" } });
    expect(invoiceInput(w, { recipientVatId: "" }).recipient.vatId).toBeUndefined();
    for (const bad of ["DE123", "DE136695977", "CZ12345678", "XX123456789", "136695976"]) {
      expect(errorsOf({ senderVatId: bad }), bad).toEqual({ senderVatId: "VAT_ID_INVALID" });
      expect(errorsOf({ recipientVatId: bad }), bad).toEqual({ recipientVatId: "VAT_ID_INVALID" });
    }
  });
});

describe("numbering", () => {
  it("generates YYYY-NNNN per sender and year, skips numbers set by hand, refuses a taken one", async () => {
    const first = await issue(w.organiser);
    const second = await issue(w.organiser);
    expect([first.number, second.number]).toEqual(["2026-0001", "2026-0002"]);
    const hand = await issue(w.organiser, { number: "2026-0003" });
    expect(hand.number).toBe("2026-0003");
    expect((await issue(w.organiser)).number).toBe("2026-0004");
    await expect(issue(w.organiser, { number: "2026-0003" })).rejects.toMatchObject({ code: "INVOICE_NUMBER_TAKEN", details: { field: "number" } });
    // Another sender has its own sequence and may use the same number.
    expect((await issue(w.organiser, { senderCompanyId: w.coOrganiser })).number).toBe("2026-0001");
    expect((await issue(w.organiser, { senderCompanyId: w.coOrganiser, number: "2026-0004" })).number).toBe("2026-0004");
    // A new year starts again at 1 (the Berlin year: 23:30 UTC on 31 December is already January there).
    expect((await issue(w.organiser, {}, null, new Date("2026-12-31T23:30:00Z"))).number).toBe("2027-0001");
    const counters = await handle.db.select().from(invoiceCounters).where(eq(invoiceCounters.companyId, w.senderCompany));
    expect(counters.map((c) => [c.year, c.next]).sort()).toEqual([[2026, 5], [2027, 2]]);
  });

  it("stores the snapshot, the amounts and the issuing user", async () => {
    const row = await issue(w.organiser, { participantCount: "3", unitPrice: "120,50", vatRate: "21", currency: "CZK" });
    expect(row).toMatchObject({
      kind: "INVOICE",
      eventId: w.eventId,
      senderCompanyId: w.senderCompany,
      registrationId: w.registrationId,
      recipientCompanyId: w.recipientCompany,
      recipient: { name: "Strojírny Ústí s.r.o.", city: "Ústí nad Labem", country: "CZ", vatId: "CZ00177041" },
      sender: { name: "Wirtschaftsförderung Dresden", line1: "Straße der Befreiung 5", vatId: "DE136695976", email: "rechnung@wf-dresden.example" },
      recipientPerson: "Jana Dvořáková",
      locale: "cs",
      participantCount: 3,
      unitPriceMinor: 12_050,
      netMinor: 36_150,
      vatMinor: 7592,
      totalMinor: 43_742,
      currency: "CZK",
      vatRateBp: 2100,
      paymentTermsDays: 14,
      logoKey: null,
      createdBy: w.organiser.id,
    });
  });

  it("refuses a sender that is not an organiser the actor belongs to, and a registration of another event", async () => {
    await expect(issue(w.organiser, { senderCompanyId: w.otherCompany })).rejects.toMatchObject({ code: "INVOICE_SENDER_REQUIRED", details: { field: "senderCompanyId" } });
    await expect(issue(w.organiser, { senderCompanyId: w.recipientCompany })).rejects.toMatchObject({ code: "INVOICE_SENDER_REQUIRED" });
    await expect(issue(w.admin, { senderCompanyId: w.coOrganiser }, null, NOW, w.eventId)).resolves.toMatchObject({ senderCompanyId: w.coOrganiser });
  });

  it("two simultaneous issues with the same hand-typed number: exactly one wins", async () => {
    const results = await Promise.allSettled([issue(w.organiser, { number: "RACE-1" }), issue(w.admin, { number: "RACE-1" })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ code: "INVOICE_NUMBER_TAKEN" });
    expect(await handle.db.select().from(invoices).where(eq(invoices.number, "RACE-1"))).toHaveLength(1);
  });

  it(`20 simultaneous generated numbers are distinct and gap-free (${TEST_ENGINE})`, async () => {
    const rows = await Promise.all(Array.from({ length: 20 }, () => issue(w.organiser, {}, null, new Date("2028-03-01T10:00:00Z"))));
    const numbers = rows.map((r) => r.number).sort();
    expect(new Set(numbers).size).toBe(20);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `2028-${String(i + 1).padStart(4, "0")}`));
  });

  it("a generated number already typed by hand is skipped", async () => {
    const hand = await issue(w.organiser, { number: "2029-0001" }, null, new Date("2029-01-10T10:00:00Z"));
    const generated = await Promise.all(Array.from({ length: 5 }, () => issue(w.organiser, {}, null, new Date("2029-01-10T10:00:00Z"))));
    expect(hand.number).toBe("2029-0001");
    expect(generated.map((r) => r.number).sort()).toEqual(["2029-0002", "2029-0003", "2029-0004", "2029-0005", "2029-0006"]);
  });

  it(`a hand-typed and a generated number racing for the same value: whoever commits first keeps it, the other moves on or is told (${TEST_ENGINE})`, async () => {
    const at = new Date("2033-01-10T10:00:00Z");
    const [hand, generated] = await Promise.allSettled([issue(w.organiser, { number: "2033-0001" }, null, at), issue(w.organiser, {}, null, at)]);
    expect(generated.status).toBe("fulfilled");
    const generatedNumber = (generated as PromiseFulfilledResult<{ number: string }>).value.number;
    if (hand.status === "fulfilled") {
      expect(hand.value.number).toBe("2033-0001");
      expect(generatedNumber).toBe("2033-0002");
    } else {
      // The generated one committed first: the hand-typed request is refused, never given a duplicate.
      expect(hand.reason).toMatchObject({ code: "INVOICE_NUMBER_TAKEN" });
      expect(generatedNumber).toBe("2033-0001");
    }
    expect(await handle.db.select().from(invoices).where(eq(invoices.number, "2033-0001"))).toHaveLength(1);
  });
});

describe("cancellation", () => {
  it("creates a cancellation with its own number and negated amounts; the original stays untouched; twice is refused", async () => {
    const original = await issue(w.organiser, { participantCount: "2", unitPrice: "49" }, null, new Date("2030-05-01T10:00:00Z"));
    const cancellation = await cancelInvoice(handle.db, w.organiser, w.eventId, original.id, new Date("2030-05-03T10:00:00Z"));
    expect(cancellation).toMatchObject({
      kind: "CANCELLATION",
      cancelsInvoiceId: original.id,
      number: "2030-0002",
      issueDate: "2030-05-03",
      participantCount: 2,
      unitPriceMinor: 4900,
      netMinor: -9800,
      vatMinor: -1862,
      totalMinor: -11_662,
      recipient: original.recipient,
      sender: original.sender,
      locale: original.locale,
    });
    expect(cancellation.totalMinor + original.totalMinor).toBe(0);
    const [after] = await handle.db.select().from(invoices).where(eq(invoices.id, original.id));
    expect(after).toEqual(original);
    await expect(cancelInvoice(handle.db, w.organiser, w.eventId, original.id)).rejects.toMatchObject({ code: "INVOICE_ALREADY_CANCELLED" });
    await expect(cancelInvoice(handle.db, w.organiser, w.eventId, cancellation.id)).rejects.toMatchObject({ code: "INVALID_INPUT" });
    const list = await listInvoices(handle.db, w.organiser, w.eventId);
    expect(list.find((i) => i.id === original.id)).toMatchObject({ cancelledBy: "2030-0002", cancels: null });
    expect(list.find((i) => i.id === cancellation.id)).toMatchObject({ kind: "CANCELLATION", cancels: original.number, totalMinor: -11_662 });
  });

  it("keeps the line's text it was issued with when the event is renamed later", async () => {
    const [event] = await handle.db.select().from(events).where(eq(events.id, w.eventId));
    const original = await issue(w.organiser, {}, null, new Date("2031-02-01T10:00:00Z"));
    const title = original.locale === "cs" ? event!.titleCs : event!.titleDe;
    await handle.db.update(events).set({ titleDe: "Umbenannt", titleCs: "Přejmenováno" }).where(eq(events.id, w.eventId));
    const cancellation = await cancelInvoice(handle.db, w.organiser, w.eventId, original.id, new Date("2031-02-02T10:00:00Z"));
    expect((await getInvoiceForDocument(handle.db, w.organiser, w.eventId, original.id)).eventTitle).toBe(title);
    expect((await getInvoiceForDocument(handle.db, w.organiser, w.eventId, cancellation.id)).eventTitle).toBe(title);
    await handle.db.update(events).set({ titleDe: event!.titleDe, titleCs: event!.titleCs }).where(eq(events.id, w.eventId));
  });

  it("two simultaneous cancellations of one invoice: exactly one wins", async () => {
    const original = await issue(w.organiser);
    const results = await Promise.allSettled([cancelInvoice(handle.db, w.organiser, w.eventId, original.id), cancelInvoice(handle.db, w.admin, w.eventId, original.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ code: "INVOICE_ALREADY_CANCELLED" });
    expect(await handle.db.select().from(invoices).where(eq(invoices.cancelsInvoiceId, original.id))).toHaveLength(1);
  });

  it("an invoice of another event is not found through this event", async () => {
    const original = await issue(w.organiser);
    const other = await issueInvoice(handle.db, w.admin, w.otherEventId, invoiceInput(w, { senderCompanyId: w.otherCompany, registrationId: "" }), null, storage, NOW);
    await expect(cancelInvoice(handle.db, w.organiser, w.eventId, other.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getInvoiceForDocument(handle.db, w.organiser, w.eventId, other.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getInvoiceForDocument(handle.db, w.organiser, w.eventId, "not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getInvoiceForDocument(handle.db, w.organiser, w.eventId, original.id)).resolves.toMatchObject({ cancelsNumber: null });
  });
});

describe("logo", () => {
  it("stores a PNG or JPG re-encoded as PNG; refuses other types and files over 4 MB; none by default", async () => {
    const withPng = await issue(w.organiser, {}, new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
    expect(withPng.logoKey).toMatch(/^invoices\/.+\.png$/);
    expect((await storage.get(withPng.logoKey!))?.contentType).toBe("image/png");
    const jpg = await sharp(png).jpeg().toBuffer();
    expect((await issue(w.organiser, {}, new File([new Uint8Array(jpg)], "logo.jpg", { type: "image/jpeg" }))).logoKey).toMatch(/\.png$/);
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==", "base64");
    await expect(issue(w.organiser, {}, new File([new Uint8Array(gif)], "logo.gif", { type: "image/gif" }))).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED", details: { field: "logo" } });
    const webp = await sharp(png).webp().toBuffer();
    await expect(issue(w.organiser, {}, new File([new Uint8Array(webp)], "logo.png", { type: "image/png" }))).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED" });
    const big = new File([new Uint8Array(4 * 1024 * 1024 + 1)], "logo.png", { type: "image/png" });
    await expect(issue(w.organiser, {}, big)).rejects.toMatchObject({ code: "FILE_TOO_LARGE", details: { maxMb: 4, field: "logo" } });
    expect((await issue(w.organiser, {}, new File([], ""))).logoKey).toBeNull();
  });
});

describe("policy: every function × role", () => {
  const roles = () =>
    [
      ["organiser", w.organiser, null],
      ["admin", w.admin, null],
      ["another Multiplikator", w.otherMultiplikator, "PARTICIPANT_LIST_FORBIDDEN"],
      ["Organisation participant", w.participant, "PARTICIPANT_LIST_FORBIDDEN"],
      ["anonymous", null, "UNAUTHENTICATED"],
    ] as const;

  it("prefill, issue, list, cancel and the document are for the event's organisers and admins only", async () => {
    const target = await issue(w.organiser);
    for (const [label, actor, refused] of roles()) {
      const calls: Array<[string, () => Promise<unknown>]> = [
        ["prefill", () => prefillInvoice(handle.db, actor, w.eventId, { registration: w.registrationId }, "de", NOW)],
        ["issue", () => issue(actor)],
        ["list", () => listInvoices(handle.db, actor, w.eventId)],
        ["document", () => getInvoiceForDocument(handle.db, actor, w.eventId, target.id)],
        ["cancel", () => cancelInvoice(handle.db, actor, w.eventId, target.id)],
      ];
      for (const [name, call] of calls) {
        if (refused) await expect(call(), `${label} ${name}`).rejects.toMatchObject({ code: refused });
        else if (name === "cancel" && label === "admin") await expect(call(), `${label} ${name}`).rejects.toMatchObject({ code: "INVOICE_ALREADY_CANCELLED" });
        else await expect(call(), `${label} ${name}`).resolves.toBeDefined();
      }
    }
    // A refused call changed nothing: one cancellation (the organiser's), no invoice by the others.
    const rows = await handle.db.select().from(invoices).where(eq(invoices.cancelsInvoiceId, target.id));
    expect(rows.map((r) => r.createdBy)).toEqual([w.organiser.id]);
    const created = await handle.db.select({ by: invoices.createdBy }).from(invoices);
    expect(created.some((r) => r.by === w.otherMultiplikator.id || r.by === w.participant.id)).toBe(false);
  });

  it("an unknown event is NOT_FOUND for everyone", async () => {
    await expect(listInvoices(handle.db, w.admin, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
