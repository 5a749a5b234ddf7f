import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { invoiceCounters, invoices } from "~/server/db/schema";

/**
 * Generated invoice numbers (decision 020): `YYYY-NNNN` per sender company (its id as issued,
 * `sequence_company_id`, which outlives the company: decision 027) and year, from
 * `invoice_counters`. The counter row is created if missing and then locked (FOR UPDATE) for the
 * rest of the issuing transaction, so two generated numbers of one sender are taken one after the
 * other and are always distinct. A number someone already typed by hand is skipped. The unique
 * index (sender, number) stays the last word: a hand-typed number committed in between makes the
 * insert fail, and the caller retries with the next number.
 */
export function generatedNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(4, "0")}`;
}

/** Takes the next free generated number of `companyId` in `year`; call inside the issuing transaction. */
export async function takeNextNumber(tx: Db, companyId: string, year: number): Promise<string> {
  await tx.insert(invoiceCounters).values({ companyId, year, next: 1 }).onConflictDoNothing();
  const [counter] = await tx
    .select({ next: invoiceCounters.next })
    .from(invoiceCounters)
    .where(and(eq(invoiceCounters.companyId, companyId), eq(invoiceCounters.year, year)))
    .for("update");
  let sequence = counter!.next;
  for (;;) {
    const number = generatedNumber(year, sequence);
    const [taken] = await tx
      .select({ one: sql<number>`1` })
      .from(invoices)
      .where(and(eq(invoices.sequenceCompanyId, companyId), eq(invoices.number, number)));
    sequence += 1;
    if (!taken) {
      await tx
        .update(invoiceCounters)
        .set({ next: sequence })
        .where(and(eq(invoiceCounters.companyId, companyId), eq(invoiceCounters.year, year)));
      return number;
    }
  }
}

/** A unique-index violation (SQLSTATE 23505) anywhere in the error's cause chain, and its constraint. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return null;
}
