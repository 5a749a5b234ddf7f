import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, redirect, useActionData, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { InvoiceForm } from "~/components/invoices/InvoiceForm";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { toBerlin } from "~/schemas/berlin-time";
import { formToObject } from "~/schemas/form-data";
import { invoiceFormSchema, type InvoiceFormValues } from "~/schemas/invoice-form";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { issueInvoice } from "~/server/invoices/invoices.server";
import { generatedNumber } from "~/server/invoices/numbering.server";
import { pageError } from "~/server/invoices/page-errors.server";
import { prefillInvoice } from "~/server/invoices/prefill.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/admin-invoice-create";
import { requireParticipantAccess } from "~/server/participants/access.server";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminInvoiceCreate.title");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const now = clock.now();
  try {
    const prefill = await prefillInvoice(await getDb(), user, params.id, { registration: url.searchParams.get("registration"), company: url.searchParams.get("company") }, locale, now);
    return { eventId: params.id, title: prefill.eventTitle[locale], ...prefill, numberExample: generatedNumber(toBerlin(now).year, 1) };
  } catch (error) {
    return pageError(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const noValues: { values?: InvoiceFormValues } = {};
  const form = await readForm(request, noValues);
  if (!(form instanceof FormData)) return form;
  // What was typed goes back to a browser without JavaScript (the logo cannot be sent back).
  const { logo: _logo, ...typed } = formToObject(form);
  return handleAction(
    async () => {
      const now = clock.now();
      const db = await getDb();
      const user = requireUser(context);
      // Who may act is decided before what was sent is read.
      await requireParticipantAccess(db, user, params.id, now);
      const input = parseForm(invoiceFormSchema(toBerlin(now).year), form);
      const invoice = await issueInvoice(db, user, params.id, input, form.get("logo"), getStorage(), now);
      return redirect(`${href("adminInvoices", locale, { id: params.id })}?issued=${encodeURIComponent(invoice.number)}`);
    },
    { values: typed as InvoiceFormValues },
  );
}

export default function AdminInvoiceCreate() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const listHref = href("adminInvoices", locale, { id: loaded.eventId });
  const defaults = failure?.values && loaded.values ? { ...loaded.values, ...failure.values } : loaded.values;
  return (
    <Stack maw={1200}>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminInvoiceCreate.title")}</Title>
      <Text c="dimmed">{t("invoices.eventIs", { title: loaded.title })}</Text>
      {defaults ? (
        <InvoiceForm defaults={defaults} senders={loaded.senders} failure={failure} cancelHref={listHref} numberExample={loaded.numberExample} vatVenue={loaded.vatVenue} />
      ) : (
        <TargetChoice targets={loaded.targets} />
      )}
    </Stack>
  );
}

/** Without a registration or company in the query: choose what to bill (one registration, or all of a company). */
function TargetChoice({ targets }: { targets: { registrations: Array<{ id: string; personName: string; companyName: string }>; companies: Array<{ id: string; name: string; count: number }> } }) {
  const t = useT();
  if (targets.registrations.length === 0) return <Text data-testid="invoice-no-targets">{t("invoiceForm.noTargets")}</Text>;
  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={2} size="h3">
          {t("invoiceForm.choose")}
        </Title>
        <TargetForm
          name="registration"
          label={t("invoiceForm.chooseRegistration")}
          options={targets.registrations.map((r) => ({ value: r.id, label: t("invoiceForm.registrationLabel", { person: r.personName, company: r.companyName }) }))}
        />
        <TargetForm
          name="company"
          label={t("invoiceForm.chooseCompany")}
          options={targets.companies.map((c) => ({ value: c.id, label: t("invoiceForm.companyLabel", { company: c.name, count: c.count }) }))}
        />
      </Stack>
    </Paper>
  );
}

/** One choice as a GET form: the page reloads with `?registration=` or `?company=` and the prefill. */
function TargetForm({ name, label, options }: { name: "registration" | "company"; label: string; options: Array<{ value: string; label: string }> }) {
  const t = useT();
  return (
    <Form method="get" data-testid={`invoice-choose-${name}`}>
      <Group align="flex-end">
        <NativeSelect name={name} label={label} data={options} style={{ flex: 1, minWidth: 0 }} />
        <Button type="submit" variant="light">
          {t("invoiceForm.continue")}
        </Button>
      </Group>
    </Form>
  );
}
