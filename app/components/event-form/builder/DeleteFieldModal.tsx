import { Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";
import type { FormField } from "~/schemas/event-form";

interface Props {
  field: FormField | undefined;
  title: string;
  /** Titles of the fields that depend on it: then deleting is blocked and they are listed. */
  dependents: string[];
  onClose: () => void;
  onConfirm: () => void;
}

/** Deleting a field asks first; a field others depend on cannot be deleted (spec §5). */
export function DeleteFieldModal({ field, title, dependents, onClose, onConfirm }: Props) {
  const t = useT();
  const blocked = dependents.length > 0;
  return (
    <Modal opened={!!field} onClose={onClose} title={blocked ? t("eventForm.builder.deleteBlockedTitle") : t("eventForm.builder.deleteTitle")} centered>
      <Stack>
        {blocked ? (
          <>
            <Text data-testid="delete-blocked">{t("eventForm.builder.deleteBlocked", { title })}</Text>
            <List>
              {dependents.map((d, i) => (
                <List.Item key={i}>{d}</List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button onClick={onClose}>{t("eventForm.builder.understood")}</Button>
            </Group>
          </>
        ) : (
          <>
            <Text>{t("eventForm.builder.deleteConfirm", { title })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t("action.cancel")}
              </Button>
              <Button color="red" onClick={onConfirm} data-testid="delete-confirm">
                {t("eventForm.builder.delete")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
