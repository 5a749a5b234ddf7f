import { getDb } from "~/server/db/client.server";
import { downloadResponse } from "~/server/http/download.server";
import { userContext } from "~/server/http/context";
import { invoiceFileName, renderInvoicePdf } from "~/server/invoices/invoice-pdf.server";
import { getInvoiceForDocument } from "~/server/invoices/invoices.server";
import { downloadError } from "~/server/invoices/page-errors.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/admin-invoice-pdf";

/**
 * An issued invoice or cancellation as PDF (decision 020), downloadable again at any time: drawn
 * from the stored snapshot, in the invoice's language. Only the event's organisers and admins.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const db = await getDb();
    const document = await getInvoiceForDocument(db, context.get(userContext), params.id, params.invoiceId);
    const bytes = await renderInvoicePdf(document, getStorage());
    return downloadResponse(bytes, "application/pdf", invoiceFileName(document.invoice));
  } catch (error) {
    return downloadError(error);
  }
}
