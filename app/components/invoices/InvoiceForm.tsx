import { Button, FileInput, Group, Modal, NativeSelect, Paper, Radio, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useMemo, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { type EventActionFailure, eventServerErrors } from "~/components/events/event-form-errors";
import { FormError } from "~/components/FormError";
import { FormSection } from "~/components/forms/FormSection";
import { LocaleDateInput } from "~/components/forms/LocaleDateInput";
import { type FieldErrorMap, useLiveValidation } from "~/components/forms/use-live-validation";
import { useLocale, useT } from "~/i18n/i18n-context";
import { formToObject } from "~/schemas/form-data";
import { fieldErrors } from "~/schemas/form-errors";
import { INVOICE_LOGO_MAX_BYTES, INVOICE_TEXT_LIMITS, invoiceFormSchema, type InvoiceFormValues, type InvoicePartyInput } from "~/schemas/invoice-form";
import { fitsColumns, formatMoney, formatVatRateInput, invoiceAmounts, parseVatRate } from "~/schemas/invoice-math";
import { parseMoney } from "~/schemas/money";
import { asCountry, proposeVat, type VatVenue } from "~/schemas/vat-place-of-supply";

export interface SenderOption {
  id: string;
  party: InvoicePartyInput;
}

interface Props {
  defaults: InvoiceFormValues;
  senders: SenderOption[];
  failure?: EventActionFailure | undefined;
  cancelHref: string;
  /** What the next generated number looks like ("2026-0001"), for the hint. */
  numberExample: string;
  /** Where the event takes place: the VAT rate is proposed by the place of supply (decision 027). */
  vatVenue: VatVenue;
}

const LOGO_TYPES = ["image/png", "image/jpeg"];

/** The browser's check: the server's schema plus the logo's type and size. */
function validator(currentYear: number) {
  const schema = invoiceFormSchema(currentYear);
  return (form: FormData): FieldErrorMap => {
    const parsed = schema.safeParse(formToObject(form));
    const errors: FieldErrorMap = parsed.success ? {} : fieldErrors(parsed.error);
    const logo = form.get("logo");
    if (logo && typeof logo !== "string" && logo.size > 0) {
      if (!LOGO_TYPES.includes(logo.type)) errors["logo"] = { code: "FILE_TYPE_NOT_ALLOWED", values: { allowed: "PNG, JPG" } };
      else if (logo.size > INVOICE_LOGO_MAX_BYTES) errors["logo"] = { code: "FILE_TOO_LARGE", values: { maxMb: 4 } };
    }
    return errors;
  };
}

const senderFields = (p: InvoicePartyInput | undefined) => ({
  senderName: p?.name ?? "",
  senderLine1: p?.line1 ?? "",
  senderLine2: p?.line2 ?? "",
  senderPostalCode: p?.postalCode ?? "",
  senderCity: p?.city ?? "",
  senderCountry: p?.country ?? "DE",
  senderVatId: p?.vatId ?? "",
  senderEmail: p?.email ?? "",
  senderPhone: p?.phone ?? "",
  senderBank: p?.bank ?? "",
});

/**
 * The invoice form (decision 020): sender (an organiser company; choosing another fills in its
 * details and the VAT hint of its country), recipient, document data and the line, with the total
 * computed as typed by the same arithmetic as the server. The same schema as the server checks
 * as the user types; the first invalid field takes the focus; issuing asks for confirmation,
 * because an issued invoice cannot be changed.
 */
export function InvoiceForm({ defaults, senders, failure, cancelHref, numberExample, vatVenue }: Props) {
  const t = useT();
  const locale = useLocale();
  const busy = useNavigation().state !== "idle";
  const validate = useMemo(() => validator(new Date().getFullYear()), []);
  const server = useMemo(() => eventServerErrors(failure), [failure]);
  const { formProps, error: f, showBanner } = useLiveValidation({ validate, serverErrors: server.fields });
  const formCode = server.form && server.form.code !== "INVALID_INPUT" ? server.form : null;
  const [sender, setSender] = useState(() => ({ senderCompanyId: defaults.senderCompanyId, ...pickSender(defaults) }));
  const [line, setLine] = useState({ participantCount: defaults.participantCount, unitPrice: defaults.unitPrice, vatRate: defaults.vatRate, currency: defaults.currency });
  const [confirming, setConfirming] = useState(false);
  const [recipientCountry, setRecipientCountry] = useState(defaults.recipientCountry);
  const proposal = proposeVat(vatVenue, asCountry(sender.senderCountry), asCountry(recipientCountry));
  /** A new proposal replaces the rate field's value (the organiser can still type another). */
  const propose = (senderCountry: string, recipient: string) =>
    setLine((l) => ({ ...l, vatRate: formatVatRateInput(proposeVat(vatVenue, asCountry(senderCountry), asCountry(recipient)).rateBp) }));
  const [numberMode, setNumberMode] = useState(defaults.numberMode || (defaults.number ? "manual" : "generated"));

  const amounts = useMemo(() => {
    const count = /^\d{1,5}$/.test(line.participantCount.trim()) ? Number(line.participantCount) : null;
    const price = parseMoney(line.unitPrice);
    const rate = parseVatRate(line.vatRate);
    if (!count || price === null || rate === null || (line.currency !== "EUR" && line.currency !== "CZK")) return null;
    const a = invoiceAmounts(count, price, rate);
    if (!fitsColumns(a)) return null;
    const money = (minor: number) => formatMoney(minor, line.currency as "EUR" | "CZK", locale);
    return { net: money(a.netMinor), vat: money(a.vatMinor), total: money(a.totalMinor) };
  }, [line, locale]);

  const chooseSender = (id: string) => {
    const choice = senders.find((s) => s.id === id);
    setSender({ senderCompanyId: id, ...senderFields(choice?.party) });
    if (choice) propose(choice.party.country, recipientCountry);
  };
  const senderInput = (name: string) => ({
    name,
    value: sender[name as keyof ReturnType<typeof senderFields>],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setSender((s) => ({ ...s, [name]: value }));
      if (name === "senderCountry") propose(value, recipientCountry);
    },
    error: f(name),
  });
  const lineInput = (name: keyof typeof line) => ({
    name,
    value: line[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setLine((l) => ({ ...l, [name]: value }));
    },
    error: f(name),
  });

  /** "Issue …": a form with errors is submitted so that the check shows them; a valid one asks first. */
  const askToIssue = () => {
    const form = formProps.ref.current;
    if (!form) return;
    if (Object.keys(validate(new FormData(form))).length > 0) form.requestSubmit();
    else setConfirming(true);
  };
  const issue = () => {
    setConfirming(false);
    formProps.ref.current?.requestSubmit();
  };
  const countries = [
    { value: "DE", label: t("invoiceForm.countryDE") },
    { value: "CZ", label: t("invoiceForm.countryCZ") },
  ];

  return (
    <Form {...formProps} method="post" encType="multipart/form-data" data-testid="invoice-form">
      <input type="hidden" name="recipientCompanyId" value={defaults.recipientCompanyId} />
      <input type="hidden" name="registrationId" value={defaults.registrationId} />
      <Stack gap="lg">
        <FormSection title={t("invoiceForm.sectionSender")}>
          {senders.length > 1 ? (
            <NativeSelect
              name="senderCompanyId"
              label={t("invoiceForm.sender")}
              data={senders.map((s) => ({ value: s.id, label: s.party.name }))}
              value={sender.senderCompanyId}
              onChange={(e) => chooseSender(e.currentTarget.value)}
              withAsterisk
              error={f("senderCompanyId")}
            />
          ) : (
            <input type="hidden" name="senderCompanyId" value={sender.senderCompanyId} />
          )}
          <PartyFields prefix="sender" field={senderInput} countries={countries} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput {...senderInput("senderVatId")} label={t("invoiceForm.vatId")} description={t("invoiceForm.vatIdHint")} autoComplete="off" maxLength={20} />
            <TextInput {...senderInput("senderEmail")} type="email" label={t("invoiceForm.email")} maxLength={INVOICE_TEXT_LIMITS.email} />
            <TextInput {...senderInput("senderPhone")} type="tel" label={t("invoiceForm.phone")} maxLength={INVOICE_TEXT_LIMITS.phone} />
          </SimpleGrid>
          <TextInput {...senderInput("senderBank")} label={t("invoiceForm.bank")} maxLength={INVOICE_TEXT_LIMITS.bank} />
        </FormSection>

        <FormSection title={t("invoiceForm.sectionRecipient")}>
          <PartyFields
            prefix="recipient"
            field={(name) =>
              name === "recipientCountry"
                ? {
                    name,
                    value: recipientCountry,
                    onChange: (e) => {
                      const value = e.currentTarget.value;
                      setRecipientCountry(value);
                      propose(sender.senderCountry, value);
                    },
                    error: f(name),
                  }
                : { name, defaultValue: defaults[name as keyof InvoiceFormValues], error: f(name) }
            }
            countries={countries}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput name="recipientPerson" label={t("invoiceForm.person")} defaultValue={defaults.recipientPerson} maxLength={INVOICE_TEXT_LIMITS.person} error={f("recipientPerson")} />
            <TextInput name="recipientVatId" label={t("invoiceForm.vatId")} description={t("invoiceForm.vatIdHint")} defaultValue={defaults.recipientVatId} autoComplete="off" maxLength={20} error={f("recipientVatId")} />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t("invoiceForm.sectionDocument")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Radio.Group name="numberMode" label={t("invoiceForm.numberMode")} value={numberMode} onChange={setNumberMode}>
              <Stack gap={6} mt={4}>
                <Radio value="generated" label={t("invoiceForm.numberModeGenerated")} description={t("invoiceForm.numberGeneratedHint", { example: numberExample })} data-testid="invoice-number-generated" />
                <Radio value="manual" label={t("invoiceForm.numberModeManual")} data-testid="invoice-number-manual" />
              </Stack>
            </Radio.Group>
            {numberMode === "manual" ? (
              <TextInput name="number" label={t("invoiceForm.number")} description={t("invoiceForm.numberHint")} defaultValue={defaults.number} maxLength={30} autoComplete="off" withAsterisk error={f("number")} />
            ) : (
              <div />
            )}
            <NativeSelect
              name="locale"
              label={t("invoiceForm.locale")}
              data={[
                { value: "de", label: t("invoiceForm.localeDe") },
                { value: "cs", label: t("invoiceForm.localeCs") },
              ]}
              defaultValue={defaults.locale}
              error={f("locale")}
            />
            <LocaleDateInput name="issueDate" label={t("invoiceForm.issueDate")} defaultValue={defaults.issueDate} withAsterisk error={f("issueDate")} />
            <LocaleDateInput name="periodFrom" label={t("invoiceForm.periodFrom")} defaultValue={defaults.periodFrom} withAsterisk error={f("periodFrom")} />
            <LocaleDateInput name="periodTo" label={t("invoiceForm.periodTo")} defaultValue={defaults.periodTo} withAsterisk error={f("periodTo")} />
          </SimpleGrid>
          <FileInput
            name="logo"
            label={t("invoiceForm.logo")}
            accept="image/png,image/jpeg"
            clearable
            error={f("logo")}
            fileInputProps={{ "data-testid": "invoice-logo-input" } as React.InputHTMLAttributes<HTMLInputElement>}
          />
        </FormSection>

        <FormSection title={t("invoiceForm.sectionLine")}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }}>
            <TextInput {...lineInput("participantCount")} label={t("invoiceForm.participantCount")} inputMode="numeric" withAsterisk />
            <TextInput {...lineInput("unitPrice")} label={t("invoiceForm.unitPrice")} inputMode="decimal" withAsterisk autoComplete="off" />
            <NativeSelect
              {...lineInput("currency")}
              label={t("invoiceForm.currency")}
              data={[
                { value: "EUR", label: "EUR" },
                { value: "CZK", label: "CZK" },
              ]}
            />
            <TextInput {...lineInput("vatRate")} label={t("invoiceForm.vatRate")} inputMode="decimal" withAsterisk aria-describedby="invoice-vat-reason" />
            <TextInput name="paymentTermsDays" label={t("invoiceForm.paymentTermsDays")} defaultValue={defaults.paymentTermsDays} inputMode="numeric" error={f("paymentTermsDays")} />
          </SimpleGrid>
          <Text size="sm" c="dimmed" id="invoice-vat-reason" data-testid="invoice-vat-reason" data-basis={proposal.basis} data-country={proposal.country}>
            {t(`invoiceForm.vatReason.${proposal.basis}`, { rate: formatVatRateInput(proposal.rateBp), country: t(`invoiceForm.country${proposal.country}`) })}
          </Text>
          <Paper withBorder p="sm" maw={420} ml="auto" aria-live="polite" data-testid="invoice-total">
            <Table>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">{t("invoiceForm.net")}</Table.Th>
                  <Table.Td ta="right">{amounts?.net ?? t("invoiceForm.totalUnknown")}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t("invoiceForm.vat")}</Table.Th>
                  <Table.Td ta="right">{amounts?.vat ?? t("invoiceForm.totalUnknown")}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t("invoiceForm.total")}</Table.Th>
                  <Table.Td ta="right" fw={700} data-testid="invoice-total-value">
                    {amounts?.total ?? t("invoiceForm.totalUnknown")}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed" mt="xs">
              {t("invoiceForm.rounding")}
            </Text>
          </Paper>
        </FormSection>

        <FormError code={showBanner ? "INVALID_INPUT" : formCode?.code} values={showBanner ? undefined : formCode?.values} />
        <Group>
          {/* A real submit button, so the form works without JavaScript; with it, the click asks first. */}
          <Button
            type="submit"
            loading={busy}
            onClick={(e) => {
              e.preventDefault();
              askToIssue();
            }}
            data-testid="invoice-submit"
          >
            {t("invoiceForm.submit")}
          </Button>
          <Button component={Link} to={cancelHref} variant="default">
            {t("action.cancel")}
          </Button>
        </Group>
      </Stack>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t("invoiceForm.confirmTitle")}>
        <Text mb="md">{t("invoiceForm.confirmText", { total: amounts?.total ?? "" })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t("action.cancel")}
          </Button>
          <Button onClick={issue} data-testid="invoice-issue-confirm">
            {t("invoiceForm.confirm")}
          </Button>
        </Group>
      </Modal>
    </Form>
  );
}

function pickSender(values: InvoiceFormValues) {
  return {
    senderName: values.senderName,
    senderLine1: values.senderLine1,
    senderLine2: values.senderLine2,
    senderPostalCode: values.senderPostalCode,
    senderCity: values.senderCity,
    senderCountry: values.senderCountry || "DE",
    senderVatId: values.senderVatId,
    senderEmail: values.senderEmail,
    senderPhone: values.senderPhone,
    senderBank: values.senderBank,
  };
}

type FieldProps = { name: string; error: string | undefined } & ({ value: string; onChange: (e: { currentTarget: { value: string } }) => void } | { defaultValue: string });

/** Name, address and country of a party; `field` gives each input its name, value and error. */
function PartyFields({ prefix, field, countries }: { prefix: "sender" | "recipient"; field: (name: string) => FieldProps; countries: Array<{ value: string; label: string }> }) {
  const t = useT();
  const props = (suffix: string) => field(`${prefix}${suffix}`);
  return (
    <>
      <TextInput {...props("Name")} label={t("invoiceForm.name")} maxLength={INVOICE_TEXT_LIMITS.name} withAsterisk />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...props("Line1")} label={t("invoiceForm.line1")} maxLength={INVOICE_TEXT_LIMITS.line} withAsterisk />
        <TextInput {...props("Line2")} label={t("invoiceForm.line2")} maxLength={INVOICE_TEXT_LIMITS.line} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput {...props("PostalCode")} label={t("invoiceForm.postalCode")} maxLength={INVOICE_TEXT_LIMITS.postalCode} withAsterisk />
        <TextInput {...props("City")} label={t("invoiceForm.city")} maxLength={INVOICE_TEXT_LIMITS.city} withAsterisk />
        <NativeSelect {...props("Country")} label={t("invoiceForm.country")} data={countries} withAsterisk />
      </SimpleGrid>
    </>
  );
}
