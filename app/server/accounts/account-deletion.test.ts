import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINE, createTestDb } from "../../../tests/support/db";
import { createInvoiceWorld, invoiceInput, type InvoiceWorld } from "../../../tests/support/invoice-fixtures";
import type { DbHandle } from "~/server/db/client.server";
import { auditTrail, eventRegistrations, invoices, participantMailings, participantMailRecipients, users } from "~/server/db/schema";
import { listOwnInvoices } from "~/server/invoices/archive.server";
import { issueInvoice } from "~/server/invoices/invoices.server";
import { getEvaluation } from "~/server/participants/evaluation.server";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { deleteAccount } from "./account.server";

/**
 * A deleted account leaves others' records in place (decision 027): the registration stays as
 * anonymous history (company, state, dates), the invoice keeps the recipient as issued, audit
 * entries keep the action without the person, and mail delivery records forget name and address.
 */
const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "pn-account-deletion-")));
const NOW = new Date("2026-11-24T10:00:00Z");
let handle: DbHandle;
let w: InvoiceWorld;

beforeAll(async () => {
  handle = await createTestDb();
  w = await createInvoiceWorld(handle.db);
});
afterAll(() => handle?.close());

describe(`account deletion keeps what belongs to others (${TEST_ENGINE})`, () => {
  it("anonymises the person's registrations, keeps invoices as issued and audit entries without the person", async () => {
    const { participant } = w;
    await handle.db.update(eventRegistrations).set({ answers: { function: "Einkauf", diet: "vegan" }, attendedAt: NOW, status: "ATTENDED" }).where(eq(eventRegistrations.id, w.registrationId));
    const invoice = await issueInvoice(handle.db, w.organiser, w.eventId, invoiceInput(w), null, storage, NOW);
    await handle.db.insert(auditTrail).values({ action: "LOGIN", userId: participant.id, details: { method: "email-code" } });
    const [mailing] = await handle.db.insert(participantMailings).values({ eventId: w.eventId, audience: "ALL", subjectCs: "Program", bodyCs: "Dobrý den" }).returning();
    const [sent, pending] = await handle.db
      .insert(participantMailRecipients)
      .values([
        { mailingId: mailing!.id, registrationId: w.registrationId, email: participant.email, name: "Jana Dvořáková", locale: "cs", status: "SENT", sentAt: NOW },
        { mailingId: mailing!.id, registrationId: w.registrationId, email: "jana.second@example.com", name: "Jana Dvořáková", locale: "cs", status: "PENDING" },
      ])
      .returning();
    const [before] = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, w.registrationId));
    const evaluationBefore = await getEvaluation(handle.db, w.organiser, w.eventId, NOW);

    await deleteAccount(handle.db, participant, participant.id, participant.email);

    expect(await handle.db.select().from(users).where(eq(users.id, participant.id))).toEqual([]);
    const [after] = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, w.registrationId));
    expect(after).toEqual({ ...before, userId: null, answers: {}, updatedAt: after!.updatedAt });
    expect(after).toMatchObject({ companyId: w.recipientCompany, status: "ATTENDED", locale: "cs", createdAt: before!.createdAt, attendedAt: before!.attendedAt });
    expect(await getEvaluation(handle.db, w.organiser, w.eventId, NOW)).toEqual(evaluationBefore);

    const [kept] = await handle.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept).toEqual(invoice);
    expect(kept!.recipientPerson).toBe("Jana Dvořáková");
    // The company's other member still finds it under the account.
    expect((await listOwnInvoices(handle.db, w.participant2)).map((i) => i.id)).toContain(invoice.id);

    const audit = await handle.db.select().from(auditTrail).where(eq(auditTrail.action, "LOGIN"));
    expect(audit.some((row) => row.userId === null && (row.details as { method?: string }).method === "email-code")).toBe(true);
    expect(audit.some((row) => row.userId === participant.id)).toBe(false);

    const recipients = await handle.db.select().from(participantMailRecipients).where(eq(participantMailRecipients.mailingId, mailing!.id));
    expect(recipients.find((r) => r.id === sent!.id)).toMatchObject({ name: "", email: `deleted:${sent!.id}`, status: "SENT" });
    expect(recipients.find((r) => r.id === pending!.id)).toMatchObject({ name: "", email: `deleted:${pending!.id}`, status: "FAILED", lastError: "ACCOUNT_DELETED" });
  });
});
