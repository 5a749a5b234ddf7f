import { getDb } from "~/server/db/client.server";
import { downloadResponse } from "~/server/http/download.server";
import { userContext } from "~/server/http/context";
import { getInvoiceDocumentFor } from "~/server/invoices/archive.server";
import { invoiceFileName, renderInvoicePdf } from "~/server/invoices/invoice-pdf.server";
import { downloadError } from "~/server/invoices/page-errors.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/account-invoice-pdf";

/**
 * An invoice the user's company received (or their company sent) as PDF (decision 027), drawn
 * from its snapshot alone; anyone else gets a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const document = await getInvoiceDocumentFor(await getDb(), context.get(userContext), params.invoiceId);
    return downloadResponse(await renderInvoicePdf(document, getStorage()), "application/pdf", invoiceFileName(document.invoice));
  } catch (error) {
    return downloadError(error);
  }
}
