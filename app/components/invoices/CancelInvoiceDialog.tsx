import { Button, Group, Modal, Text } from "@mantine/core";
import { Form } from "react-router";
import { useT } from "~/i18n/i18n-context";

/**
 * "Cancel invoice N?" — a cancellation invoice is final, so the list's cancel button asks here
 * first. Posts `intent=cancel` and `invoiceId` to the page's action.
 */
export function CancelInvoiceDialog({ invoice, onClose }: { invoice: { id: string; number: string } | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal opened={invoice !== null} onClose={onClose} title={t("invoices.cancelTitle")}>
      <Form method="post" onSubmit={onClose}>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="invoiceId" value={invoice?.id ?? ""} />
        <Text mb="md">{t("invoices.cancelText", { number: invoice?.number ?? "" })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("action.cancel")}
          </Button>
          <Button type="submit" color="red.8" data-testid="invoice-cancel-confirm">
            {t("invoices.cancelConfirm")}
          </Button>
        </Group>
      </Form>
    </Modal>
  );
}
