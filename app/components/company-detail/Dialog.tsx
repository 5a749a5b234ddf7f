import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { FormError } from "~/components/FormError";
import { useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { useDialogFetcher } from "./use-dialog-fetcher";

/**
 * A Mantine modal with a translated close button; its content mounts only while open. On phones
 * (below the sm breakpoint) it takes the whole screen, so long forms keep their buttons side by side.
 */
export function Dialog({ opened, onClose, title, children }: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const t = useT();
  const phone = useMediaQuery("(max-width: 37.49em)");
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={phone} closeButtonProps={{ "aria-label": t("action.close") }}>
      {children}
    </Modal>
  );
}

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
  confirmLabel: string;
  /** Hidden fields posted on confirmation: the intent and the target id. */
  fields: Record<string, string>;
  successMessage: MessageKey;
}

/** Confirmation for irreversible actions (deletions, deactivation). */
export function ConfirmDialog({ opened, onClose, title, ...rest }: ConfirmDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <ConfirmForm onClose={onClose} {...rest} />
    </Dialog>
  );
}

function ConfirmForm({ onClose, text, confirmLabel, fields, successMessage }: Omit<ConfirmDialogProps, "opened" | "title">) {
  const t = useT();
  const { fetcher, failure, busy } = useDialogFetcher(successMessage, onClose);
  return (
    <fetcher.Form method="post">
      <Stack>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Text>{text}</Text>
        <FormError code={failure?.error ?? (failure ? "INVALID_INPUT" : undefined)} values={failure?.details} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("action.cancel")}
          </Button>
          <Button type="submit" color="red.9" loading={busy} data-testid="confirm-action" data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
