import { Button, Group, Table, Text } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";
import { InvoiceStateBadge } from "./InvoiceStateBadge";

export interface InvoiceListRow {
  id: string;
  number: string;
  kind: "INVOICE" | "CANCELLATION";
  recipientName: string;
  recipientPerson: string | null;
  /** Shown only with `withSenderAndLine` (an event's own list has one sender and one line). */
  senderName?: string;
  lineText?: string;
  date: string;
  total: string;
  cancelledBy: string | null;
  cancels: string | null;
}

interface Props {
  items: InvoiceListRow[];
  caption: string;
  pdfHref: (id: string) => string;
  /** When given, open invoices get a "cancel" button (the caller asks for confirmation). */
  onCancel?: ((row: InvoiceListRow) => void) | undefined;
  busy?: boolean;
  /** The archive and the account list span events and organisers: they show sender and line. */
  withSenderAndLine?: boolean;
}

/**
 * Issued invoices as printed (their snapshot): number, kind, sender, recipient, line, date, total,
 * state and the PDF — an event's list, the archive and the account's list (decisions 020, 027).
 */
export function InvoiceListTable({ items, caption, pdfHref, onCancel, busy, withSenderAndLine = false }: Props) {
  const t = useT();
  return (
    <Table.ScrollContainer minWidth={withSenderAndLine ? 900 : 820}>
      <Table striped data-testid="invoice-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("invoices.col.number")}</Table.Th>
            <Table.Th scope="col">{t("invoices.col.kind")}</Table.Th>
            {withSenderAndLine && <Table.Th scope="col">{t("invoices.col.sender")}</Table.Th>}
            <Table.Th scope="col">{t("invoices.col.recipient")}</Table.Th>
            {withSenderAndLine && <Table.Th scope="col">{t("invoices.col.line")}</Table.Th>}
            <Table.Th scope="col">{t("invoices.col.date")}</Table.Th>
            <Table.Th scope="col" style={{ textAlign: "right" }}>
              {t("invoices.col.total")}
            </Table.Th>
            <Table.Th scope="col">{t("invoices.col.state")}</Table.Th>
            <Table.Th scope="col">{t("invoices.col.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.id} data-testid="invoice-row" data-invoice-number={i.number} data-kind={i.kind}>
              <Table.Td>{i.number}</Table.Td>
              <Table.Td>{t(`invoices.kind.${i.kind}`)}</Table.Td>
              {withSenderAndLine && <Table.Td>{i.senderName}</Table.Td>}
              <Table.Td>
                <Text size="sm">{i.recipientName}</Text>
                {i.recipientPerson && (
                  <Text size="sm" c="dimmed">
                    {i.recipientPerson}
                  </Text>
                )}
              </Table.Td>
              {withSenderAndLine && <Table.Td>{i.lineText}</Table.Td>}
              <Table.Td>{i.date}</Table.Td>
              <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{i.total}</Table.Td>
              <Table.Td>
                <InvoiceStateBadge cancelledBy={i.cancelledBy} cancels={i.cancels} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="wrap">
                  <Button
                    component="a"
                    href={pdfHref(i.id)}
                    download
                    size="compact-sm"
                    variant="default"
                    aria-label={t("invoices.downloadNamed", { number: i.number })}
                    data-testid="invoice-download"
                  >
                    {t("invoices.download")}
                  </Button>
                  {onCancel && i.kind === "INVOICE" && !i.cancelledBy && (
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="light"
                      disabled={busy}
                      onClick={() => onCancel(i)}
                      aria-label={t("invoices.cancelNamed", { number: i.number })}
                      data-testid="invoice-cancel"
                    >
                      {t("invoices.cancel")}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
