import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { InvoiceListTable } from "~/components/invoices/InvoiceListTable";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { getDb } from "~/server/db/client.server";
import { requireUser } from "~/server/http/require-user.server";
import { listOwnInvoices } from "~/server/invoices/archive.server";
import { invoiceListRows } from "~/server/invoices/list-rows.server";
import type { Route } from "./+types/account-invoices";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.accountInvoices.title");
}

/** The invoices the user's companies received, as issued, with their PDFs (decision 027). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const items = await listOwnInvoices(await getDb(), requireUser(context));
  return { items: invoiceListRows(items, locale) };
}

export default function AccountInvoices() {
  const t = useT();
  const locale = useLocale();
  const { items } = useLoaderData<typeof loader>();
  return (
    <Stack>
      <Title order={1}>{t("page.accountInvoices.title")}</Title>
      <Anchor component={Link} to={href("account", locale)} data-testid="account-invoices-back">
        {t("accountInvoices.back")}
      </Anchor>
      <Text c="dimmed">{t("accountInvoices.intro")}</Text>
      <Text role="status" data-testid="invoice-count">
        {t("invoices.count", { count: items.length })}
      </Text>
      {items.length === 0 ? (
        <Text c="dimmed">{t("accountInvoices.empty")}</Text>
      ) : (
        <InvoiceListTable items={items} caption={t("page.accountInvoices.title")} pdfHref={(id) => href("accountInvoicePdf", locale, { invoiceId: id })} withSenderAndLine />
      )}
    </Stack>
  );
}
