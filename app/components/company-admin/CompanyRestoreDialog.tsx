import { Button, Group, Modal, Text } from "@mantine/core";
import { Form } from "react-router";
import { useT } from "~/i18n/i18n-context";

/** Restoring asks first (decision 014): the dialog's button posts `intent=restore` for the profile. */
export function CompanyRestoreDialog({ target, onClose }: { target: { id: string; name: string } | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal opened={target !== null} onClose={onClose} title={t("companyAdmin.restoreTitle")}>
      <Form method="post" onSubmit={onClose}>
        <input type="hidden" name="intent" value="restore" />
        <input type="hidden" name="id" value={target?.id ?? ""} />
        <Text mb="md">{t("companyAdmin.restoreText", { name: target?.name ?? "" })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("action.cancel")}
          </Button>
          <Button type="submit" data-testid="company-restore-confirm">
            {t("companyAdmin.restoreConfirm")}
          </Button>
        </Group>
      </Form>
    </Modal>
  );
}
