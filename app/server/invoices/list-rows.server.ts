import { formatMoney } from "~/schemas/invoice-math";
import type { InvoiceListItem } from "./invoices.server";

const isoDate = (iso: string, locale: "de" | "cs") => {
  const [y, m, d] = iso.split("-").map(Number);
  return new Intl.DateTimeFormat(locale === "cs" ? "cs-CZ" : "de-DE", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(Date.UTC(y!, m! - 1, d!)));
};

/** List items with the date and total spelled in the page's language (the table shows strings). */
export function invoiceListRows(items: InvoiceListItem[], locale: "de" | "cs") {
  return items.map((i) => ({ ...i, date: isoDate(i.issueDate, locale), total: formatMoney(i.totalMinor, i.currency, locale) }));
}
