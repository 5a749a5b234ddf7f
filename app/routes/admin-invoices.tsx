import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { CancelInvoiceDialog } from "~/components/invoices/CancelInvoiceDialog";
import { InvoiceListTable } from "~/components/invoices/InvoiceListTable";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { isBuilt } from "~/routing/catalogue";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { formatMoney } from "~/schemas/invoice-math";
import { getDb } from "~/server/db/client.server";
import { parseForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { cancelInvoice, listInvoices } from "~/server/invoices/invoices.server";
import { pageError } from "~/server/invoices/page-errors.server";
import { requireParticipantAccess } from "~/server/participants/access.server";
import type { Route } from "./+types/admin-invoices";
import { toolkitAction } from "~/server/participants/toolkit-action.server";
import { dateTimeFormat } from "~/i18n/intl-cache";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminInvoices.title");
}

const isoDate = (iso: string, locale: "de" | "cs") => {
  const [y, m, d] = iso.split("-").map(Number);
  return dateTimeFormat(locale === "cs" ? "cs-CZ" : "de-DE", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(Date.UTC(y!, m! - 1, d!)));
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  try {
    const event = await requireParticipantAccess(db, user, params.id);
    const items = await listInvoices(db, user, params.id);
    return {
      eventId: event.id,
      title: locale === "cs" ? event.titleCs : event.titleDe,
      items: items.map((i) => ({ ...i, date: isoDate(i.issueDate, locale), total: formatMoney(i.totalMinor, i.currency, locale) })),
    };
  } catch (error) {
    return pageError(error);
  }
}

const CancelAction = z.object({ intent: z.literal("cancel", "INVALID_INPUT"), invoiceId: z.uuid("NOT_FOUND") });

export async function action({ request, params, context }: Route.ActionArgs) {
  return toolkitAction(request, context, params.id, async ({ db, user, form }) => {
    const { invoiceId } = parseForm(CancelAction, form);
    const cancellation = await cancelInvoice(db, user, params.id, invoiceId);
    return { ok: true as const, number: cancellation.number };
  });
}

export default function AdminInvoices() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const [confirm, setConfirm] = useState<{ id: string; number: string } | null>(null);
  const failure = result && !result.ok ? result : undefined;
  const issued = search.get("issued");
  const backHref = isBuilt("adminParticipants") ? href("adminParticipants", locale, { id: loaded.eventId }) : href("adminEvents", locale);

  return (
    <Stack>
      <AdminMobileNotice />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t("page.adminInvoices.title")}</Title>
          <Text c="dimmed">{t("invoices.eventIs", { title: loaded.title })}</Text>
        </Stack>
        <Button component={Link} to={href("adminInvoiceCreate", locale, { id: loaded.eventId })} data-testid="invoice-create-link">
          {t("invoices.create")}
        </Button>
      </Group>
      <Anchor component={Link} to={backHref} data-testid="invoices-back">
        {isBuilt("adminParticipants") ? t("invoices.backToParticipants") : t("eventAdmin.backToList")}
      </Anchor>

      {result?.ok && (
        <Alert color="green" role="status" data-testid="invoice-cancelled">
          {t("invoices.cancelled", { number: result.number })}
        </Alert>
      )}
      {issued && !result && (
        <Alert color="green" role="status" data-testid="invoice-issued">
          {t("invoices.issued", { number: issued })}
        </Alert>
      )}
      <FormError code={failureCode(failure)} values={failure?.details} />

      <Text role="status" data-testid="invoice-count">
        {t("invoices.count", { count: loaded.items.length })}
      </Text>
      {loaded.items.length === 0 ? (
        <Text c="dimmed">{t("invoices.empty")}</Text>
      ) : (
        <InvoiceListTable
          items={loaded.items}
          caption={t("page.adminInvoices.title")}
          pdfHref={(invoiceId) => href("adminInvoicePdf", locale, { id: loaded.eventId, invoiceId })}
          onCancel={(row) => setConfirm({ id: row.id, number: row.number })}
          busy={busy}
        />
      )}

      <CancelInvoiceDialog invoice={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}
