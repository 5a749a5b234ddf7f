import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Form } from "react-router";
import { useT } from "~/i18n/i18n-context";

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
  /** Hidden fields the confirmation posts (intent, ids …). */
  fields: Record<string, string>;
  confirmLabel: string;
  /** Red for what cannot be undone (discard, delete). */
  destructive?: boolean;
  testId: string;
}

/** The dialog that asks before a destructive or final action; its confirm button posts the form. */
export function ConfirmPostModal({ opened, onClose, title, text, fields, confirmLabel, destructive, testId }: Props) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ "aria-label": t("action.close") }}>
      <Form method="post" onSubmit={onClose}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Stack>
          <Text>{text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("action.cancel")}
            </Button>
            <Button type="submit" color={destructive ? "red" : undefined} data-testid={testId}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
