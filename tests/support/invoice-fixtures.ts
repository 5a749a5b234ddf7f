import { eq } from "drizzle-orm";
import { insertCompany, insertUser, type TestUser } from "./approvals-fixtures";
import { insertEvent } from "./event-fixtures";
import { type InvoiceInput, invoiceFormSchema } from "~/schemas/invoice-form";
import type { Db } from "~/server/db/client.server";
import { companyAddresses, eventRegistrations, events } from "~/server/db/schema";

/**
 * The cast of the invoice tests: an event organised by a Dresden company (its Multiplikator is
 * the organiser), a further organiser, an unrelated Multiplikator's company, and participants
 * from a company in Ústí nad Labem registered in Czech.
 */
export interface InvoiceWorld {
  admin: TestUser;
  organiser: TestUser;
  otherMultiplikator: TestUser;
  participant: TestUser;
  participant2: TestUser;
  senderCompany: string;
  coOrganiser: string;
  otherCompany: string;
  recipientCompany: string;
  eventId: string;
  otherEventId: string;
  registrationId: string;
}

export async function createInvoiceWorld(db: Db): Promise<InvoiceWorld> {
  const admin = await insertUser(db, "Admin");
  const organiser = await insertUser(db, "Multiplikator", { name: "Olga Organisatorin" });
  const otherMultiplikator = await insertUser(db, "Multiplikator");
  const participant = await insertUser(db, "Organisation", { name: "Jana Dvořáková", locale: "cs" });
  const participant2 = await insertUser(db, "Organisation", { name: "Petr Novák", locale: "cs" });
  const senderCompany = await insertCompany(db, { name: "Wirtschaftsförderung Dresden", members: [organiser.id] });
  const coOrganiser = await insertCompany(db, { name: "Hospodářská komora Ústí", members: [organiser.id] });
  const otherCompany = await insertCompany(db, { name: "Andere Kammer", members: [otherMultiplikator.id] });
  const recipientCompany = await insertCompany(db, { name: "Strojírny Ústí s.r.o.", members: [participant.id, participant2.id] });
  await db
    .update(companyAddresses)
    .set({ country: "CZ", state: "Ústecký kraj", line1: "Mírové náměstí 12", postalCode: "400 01", city: "Ústí nad Labem" })
    .where(eq(companyAddresses.companyId, recipientCompany));
  await db
    .update(companyAddresses)
    .set({ country: "CZ", state: "Ústecký kraj", line1: "Velká Hradební 1", postalCode: "400 01", city: "Ústí nad Labem" })
    .where(eq(companyAddresses.companyId, coOrganiser));
  const eventId = await insertEvent(db, { companyId: senderCompany, organizers: [coOrganiser], titleDe: "Unternehmertag", titleCs: "Den podnikatelů" });
  await db.update(events).set({ feeMinor: 4900, currency: "EUR" }).where(eq(events.id, eventId));
  const otherEventId = await insertEvent(db, { companyId: otherCompany });
  const [reg] = await db
    .insert(eventRegistrations)
    .values({ eventId, companyId: recipientCompany, userId: participant.id, status: "REGISTERED", formVersion: 1, answers: {}, locale: "cs" })
    .returning({ id: eventRegistrations.id });
  await db.insert(eventRegistrations).values({ eventId, companyId: recipientCompany, userId: participant2.id, status: "REGISTERED", formVersion: 1, answers: {}, locale: "cs" });
  await db.insert(eventRegistrations).values({ eventId, companyId: recipientCompany, userId: null, status: "CANCELLED", formVersion: 1, answers: {}, locale: "cs" });
  return { admin, organiser, otherMultiplikator, participant, participant2, senderCompany, coOrganiser, otherCompany, recipientCompany, eventId, otherEventId, registrationId: reg!.id };
}

/** A valid form as typed (German spelling), with overrides. */
export function invoiceForm(world: InvoiceWorld, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    senderCompanyId: world.senderCompany,
    senderName: "Wirtschaftsförderung Dresden",
    senderLine1: "Straße der Befreiung 5",
    senderPostalCode: "01067",
    senderCity: "Dresden",
    senderCountry: "DE",
    senderVatId: "DE136695976",
    senderEmail: "rechnung@wf-dresden.example",
    senderBank: "IBAN DE02 1203 0000 0000 2020 51, BIC BYLADEM1001",
    recipientCompanyId: world.recipientCompany,
    registrationId: world.registrationId,
    recipientName: "Strojírny Ústí s.r.o.",
    recipientPerson: "Jana Dvořáková",
    recipientLine1: "Mírové náměstí 12",
    recipientPostalCode: "400 01",
    recipientCity: "Ústí nad Labem",
    recipientCountry: "CZ",
    recipientVatId: "CZ00177041",
    locale: "cs",
    number: "",
    issueDate: "24.11.2026",
    periodFrom: "15.12.2026",
    periodTo: "15.12.2026",
    participantCount: "1",
    unitPrice: "1.234,56",
    currency: "EUR",
    vatRate: "19",
    paymentTermsDays: "14",
    ...overrides,
  };
}

export function invoiceInput(world: InvoiceWorld, overrides: Record<string, string> = {}): InvoiceInput {
  return invoiceFormSchema(2026).parse(invoiceForm(world, overrides));
}
