import { Button, type ButtonProps, Group, Modal, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { Form } from "react-router";
import { useT } from "~/i18n/i18n-context";

interface Props extends ButtonProps {
  /** Hidden fields posted with the form (intent, ids …). */
  fields: Record<string, string>;
  label: string;
  confirmTitle: string;
  confirmText: string;
  confirmLabel: string;
  testId: string;
}

/**
 * A final action behind a confirmation (publishing, restoring): the button opens a dialog, and
 * only its confirm button submits. Without JavaScript the button submits directly.
 */
export function ConfirmSubmit({ fields, label, confirmTitle, confirmText, confirmLabel, testId, ...button }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  return (
    <Form method="post" ref={form}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        {...button}
        type="submit"
        data-testid={testId}
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={confirmTitle}>
        <Text mb="md">{confirmText}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>
            {t("action.cancel")}
          </Button>
          <Button
            data-testid={`${testId}-confirm`}
            onClick={() => {
              setOpen(false);
              form.current?.requestSubmit();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </Form>
  );
}
