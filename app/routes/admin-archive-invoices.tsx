import { Alert, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { CancelInvoiceDialog } from "~/components/invoices/CancelInvoiceDialog";
import { InvoiceListTable } from "~/components/invoices/InvoiceListTable";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { getDb } from "~/server/db/client.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { cancelFromArchive, listArchive } from "~/server/invoices/archive.server";
import { invoiceListRows } from "~/server/invoices/list-rows.server";
import { pageError } from "~/server/invoices/page-errors.server";
import type { Route } from "./+types/admin-archive-invoices";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminArchiveInvoices.title");
}

/**
 * The invoice archive (decision 027): every invoice and cancellation, also those whose event,
 * organiser or recipient is gone, newest first, searchable by number, recipient and person; the
 * PDF from the snapshot, and a cancellation with confirmation. Admins only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  try {
    const { items, more } = await listArchive(await getDb(), requireUser(context), query);
    return { query, more, items: invoiceListRows(items, locale) };
  } catch (error) {
    return pageError(error);
  }
}

const CancelAction = z.object({ intent: z.literal("cancel", "INVALID_INPUT"), invoiceId: z.uuid("NOT_FOUND") });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const user = requireUser(context);
    const db = await getDb();
    const { invoiceId } = parseForm(CancelAction, form);
    const cancellation = await cancelFromArchive(db, user, invoiceId);
    return { ok: true as const, number: cancellation.number };
  });
}

export default function AdminArchiveInvoices() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [confirm, setConfirm] = useState<{ id: string; number: string } | null>(null);
  const failure = result && !result.ok ? result : undefined;

  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminArchiveInvoices.title")}</Title>
      <Text c="dimmed">{t("invoiceArchive.intro")}</Text>
      <Form method="get" role="search" data-testid="invoice-archive-search">
        <Group align="flex-end">
          <TextInput name="q" type="search" label={t("invoiceArchive.search")} description={t("invoiceArchive.searchHint")} defaultValue={loaded.query} maxLength={100} style={{ flex: 1, minWidth: 0 }} />
          <Button type="submit" variant="light">
            {t("invoiceArchive.searchSubmit")}
          </Button>
        </Group>
      </Form>

      {result?.ok && (
        <Alert color="green" role="status" data-testid="invoice-cancelled">
          {t("invoices.cancelled", { number: result.number })}
        </Alert>
      )}
      <FormError code={failureCode(failure)} values={failure?.details} />

      <Text role="status" data-testid="invoice-count">
        {loaded.more ? t("invoiceArchive.countMore", { count: loaded.items.length }) : t("invoices.count", { count: loaded.items.length })}
      </Text>
      {loaded.items.length === 0 ? (
        <Text c="dimmed">{loaded.query ? t("invoiceArchive.noMatch") : t("invoiceArchive.empty")}</Text>
      ) : (
        <InvoiceListTable
          items={loaded.items}
          caption={t("page.adminArchiveInvoices.title")}
          pdfHref={(id) => href("adminArchiveInvoicePdf", locale, { invoiceId: id })}
          onCancel={(row) => setConfirm({ id: row.id, number: row.number })}
          busy={busy}
          withSenderAndLine
        />
      )}

      <CancelInvoiceDialog invoice={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}
