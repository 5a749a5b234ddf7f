import { getDb } from "~/server/db/client.server";
import { downloadResponse } from "~/server/http/download.server";
import { userContext } from "~/server/http/context";
import { getArchivedInvoiceDocument } from "~/server/invoices/archive.server";
import { invoiceFileName, renderInvoicePdf } from "~/server/invoices/invoice-pdf.server";
import { downloadError } from "~/server/invoices/page-errors.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/admin-archive-invoice-pdf";

/** An invoice from the archive as PDF (decision 027): drawn from its snapshot alone; admins only. */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const document = await getArchivedInvoiceDocument(await getDb(), context.get(userContext), params.invoiceId);
    return downloadResponse(await renderInvoicePdf(document, getStorage()), "application/pdf", invoiceFileName(document.invoice));
  } catch (error) {
    return downloadError(error);
  }
}
