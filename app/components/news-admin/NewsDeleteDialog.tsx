import { Button, Group, Modal, Text } from "@mantine/core";
import { Form } from "react-router";
import { useT } from "~/i18n/i18n-context";

interface Props {
  /** The item to delete, or null while the dialog is closed. */
  target: { id: string; title: string } | null;
  onClose: () => void;
  /** Where the confirmed delete is posted (the current page when omitted). */
  action?: string;
}

/** Deleting asks first (decision 014): the dialog's button posts `intent=delete` for the item. */
export function NewsDeleteDialog({ target, onClose, action }: Props) {
  const t = useT();
  return (
    <Modal opened={target !== null} onClose={onClose} title={t("newsAdmin.deleteTitle")}>
      <Form method="post" action={action} onSubmit={onClose}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={target?.id ?? ""} />
        <Text mb="md">{t("newsAdmin.deleteText", { title: target?.title ?? "" })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("action.cancel")}
          </Button>
          <Button type="submit" color="red" data-testid="news-delete-confirm">
            {t("action.delete")}
          </Button>
        </Group>
      </Form>
    </Modal>
  );
}
