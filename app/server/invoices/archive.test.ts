import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINE, createTestDb } from "../../../tests/support/db";
import { createInvoiceWorld, invoiceInput, type InvoiceWorld } from "../../../tests/support/invoice-fixtures";
import type { DbHandle } from "~/server/db/client.server";
import { auditTrail, companies, eventRegistrations, events, invoices, users } from "~/server/db/schema";
import { deleteEvent } from "~/server/events/manage.server";
import type { Actor } from "~/server/policy/policy";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { cancelFromArchive, getInvoiceDocumentFor, listArchive, listOwnInvoices } from "./archive.server";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { issueInvoice, listInvoices } from "./invoices.server";

/**
 * Invoices outlive their owners (decision 027): once the event, the sender company, the
 * registration and the issuing user are gone, an invoice still lists, prints the same document
 * and can be cancelled with the organiser's next number; the archive and the account's list show it.
 */
const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "pn-invoice-archive-")));
const NOW = new Date("2026-11-24T10:00:00Z");
let handle: DbHandle;
let w: InvoiceWorld;

beforeAll(async () => {
  handle = await createTestDb();
  w = await createInvoiceWorld(handle.db);
});
afterAll(() => handle?.close());

async function pdfText(actor: Actor, invoiceId: string): Promise<string> {
  const bytes = await renderInvoicePdf(await getInvoiceDocumentFor(handle.db, actor, invoiceId), storage);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/[\u00a0\u202f]/g, " ");
}

describe(`invoices outlive their owners (${TEST_ENGINE})`, () => {
  it("searches the archive by number, recipient and person; admins only", async () => {
    const invoice = await issueInvoice(handle.db, w.organiser, w.eventId, invoiceInput(w, { numberMode: "manual", number: "ARCH-100" }), null, storage, NOW);
    expect((await listArchive(handle.db, w.admin, "arch-100")).items.map((i) => i.id)).toEqual([invoice.id]);
    expect((await listArchive(handle.db, w.admin, "strojírny")).items.map((i) => i.id)).toContain(invoice.id);
    expect((await listArchive(handle.db, w.admin, "Dvořáková")).items.map((i) => i.id)).toContain(invoice.id);
    // LIKE wildcards typed into the search are taken literally.
    expect((await listArchive(handle.db, w.admin, "%")).items).toEqual([]);
    expect((await listArchive(handle.db, w.admin, "")).items.length).toBeGreaterThan(0);
    for (const actor of [w.organiser, w.otherMultiplikator, w.participant]) {
      await expect(listArchive(handle.db, actor, "")).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(cancelFromArchive(handle.db, actor, invoice.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(listArchive(handle.db, null, "")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("the recipient company's members see its invoices; others see none and cannot download them", async () => {
    const invoice = await issueInvoice(handle.db, w.organiser, w.eventId, invoiceInput(w), null, storage, NOW);
    expect((await listOwnInvoices(handle.db, w.participant2)).map((i) => i.id)).toContain(invoice.id);
    expect(await listOwnInvoices(handle.db, w.otherMultiplikator)).toEqual([]);
    await expect(listOwnInvoices(handle.db, null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(getInvoiceDocumentFor(handle.db, w.participant2, invoice.id)).resolves.toMatchObject({ invoice: { id: invoice.id } });
    await expect(getInvoiceDocumentFor(handle.db, w.organiser, invoice.id)).resolves.toBeTruthy();
    await expect(getInvoiceDocumentFor(handle.db, w.otherMultiplikator, invoice.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getInvoiceDocumentFor(handle.db, null, invoice.id)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(getInvoiceDocumentFor(handle.db, w.admin, "not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("an organiser's soft delete of the event keeps its registrations, invoices and audit entries", async () => {
    const invoice = await issueInvoice(handle.db, w.organiser, w.eventId, invoiceInput(w), null, storage, NOW);
    await handle.db.insert(auditTrail).values({ action: "LOGIN", userId: w.participant.id, details: { method: "email-code" } });
    const count = async () => ({
      registrations: (await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, w.eventId))).length,
      invoices: (await handle.db.select().from(invoices).where(eq(invoices.eventId, w.eventId))).length,
      audit: (await handle.db.select({ n: sql<number>`count(*)::int` }).from(auditTrail))[0]!.n,
    });
    const before = await count();
    await deleteEvent(handle.db, w.organiser, w.eventId, NOW);
    expect(await count()).toEqual(before);
    // The admin still lists them through the event and through the archive; the recipient still downloads.
    expect((await listInvoices(handle.db, w.admin, w.eventId)).map((i) => i.id)).toContain(invoice.id);
    expect((await listArchive(handle.db, w.admin, invoice.number)).items.map((i) => i.id)).toContain(invoice.id);
    await expect(getInvoiceDocumentFor(handle.db, w.participant, invoice.id)).resolves.toBeTruthy();
    await handle.db.update(events).set({ deletedAt: null }).where(eq(events.id, w.eventId));
  });

  it("with its event, sender company, registration and creator gone, an invoice lists, prints the same PDF and can be cancelled with the organiser's next number", async () => {
    const later = new Date("2032-03-10T10:00:00Z");
    const invoice = await issueInvoice(handle.db, w.organiser, w.eventId, invoiceInput(w, { issueDate: "10.03.2032" }), null, storage, later);
    expect(invoice.number).toBe("2032-0001");
    const before = await pdfText(w.admin, invoice.id);
    const listedBefore = (await listArchive(handle.db, w.admin, invoice.number)).items;

    // What a purge does to the foreign keys (decision 026 turns the cascades into SET NULL), then the rows go.
    await handle.db.update(invoices).set({ eventId: null, senderCompanyId: null, registrationId: null, createdBy: null }).where(eq(invoices.sequenceCompanyId, w.senderCompany));
    await handle.db.delete(events).where(eq(events.id, w.eventId));
    await handle.db.delete(companies).where(eq(companies.id, w.senderCompany));
    await handle.db.delete(users).where(eq(users.id, w.organiser.id));
    expect(await handle.db.select().from(companies).where(eq(companies.id, w.senderCompany))).toEqual([]);

    expect((await listArchive(handle.db, w.admin, invoice.number)).items).toEqual(listedBefore);
    expect(listedBefore[0]).toMatchObject({ senderName: "Wirtschaftsförderung Dresden", recipientName: "Strojírny Ústí s.r.o.", lineText: "Den podnikatelů" });
    expect(await pdfText(w.admin, invoice.id)).toBe(before);
    expect(await pdfText(w.participant, invoice.id)).toBe(before);
    expect((await listOwnInvoices(handle.db, w.participant)).map((i) => i.id)).toContain(invoice.id);

    const cancellation = await cancelFromArchive(handle.db, w.admin, invoice.id, new Date("2032-03-12T10:00:00Z"));
    expect(cancellation).toMatchObject({ kind: "CANCELLATION", number: "2032-0002", sequenceCompanyId: w.senderCompany, senderCompanyId: null, eventId: null, totalMinor: -invoice.totalMinor, eventTitle: "Den podnikatelů" });
    const text = await pdfText(w.admin, cancellation.id);
    expect(text).toContain("Opravný daňový doklad");
    expect(text).toContain(`k faktuře č. ${invoice.number}`);
    expect(text).toContain("Wirtschaftsförderung Dresden");
    await expect(cancelFromArchive(handle.db, w.admin, invoice.id)).rejects.toMatchObject({ code: "INVOICE_ALREADY_CANCELLED" });
    expect((await listArchive(handle.db, w.admin, invoice.number)).items.find((i) => i.id === invoice.id)).toMatchObject({ cancelledBy: "2032-0002" });
  });
});
