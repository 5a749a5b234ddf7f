import { Button, Group, Stack, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type ReactNode, useState } from "react";
import { useT } from "~/i18n/i18n-context";

/** Which item a list's add/edit dialog and its delete confirmation are open for. */
export function useItemDialogs<T>() {
  const [editing, setEditing] = useState<T | undefined>();
  const [deleting, setDeleting] = useState<T | undefined>();
  const [dialogOpen, dialog] = useDisclosure(false);
  const [confirmOpen, confirm] = useDisclosure(false);
  return {
    editing,
    deleting,
    dialogOpen,
    confirmOpen,
    closeDialog: dialog.close,
    closeConfirm: confirm.close,
    /** Opens the dialog for a new item, or for `item`. */
    edit: (item?: T) => {
      setEditing(item);
      dialog.open();
    },
    remove: (item: T) => {
      setDeleting(item);
      confirm.open();
    },
  };
}

interface ListSectionProps {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: string;
  /** The add button (members and admins), if any. */
  add?: { label: string; testId: string; onClick: () => void } | undefined;
  testId?: string;
  children: ReactNode;
}

/** A section of the company page: heading with an optional add button, then the items. */
export function ListSection({ id, title, add, testId, children }: ListSectionProps) {
  return (
    <Stack component="section" aria-labelledby={id} gap="sm" data-testid={testId}>
      <Group justify="space-between">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {add && (
          <Button variant="light" onClick={add.onClick} data-testid={add.testId}>
            {add.label}
          </Button>
        )}
      </Group>
      {children}
    </Stack>
  );
}

/** Edit and delete buttons under an item (either may be left out); `children` come first. */
export function ItemActions({ onEdit, onDelete, children }: { onEdit?: (() => void) | undefined; onDelete?: (() => void) | undefined; children?: ReactNode }) {
  const t = useT();
  return (
    <Group gap="xs" mt="xs">
      {children}
      {onEdit && (
        <Button size="xs" variant="default" onClick={onEdit}>
          {t("action.edit")}
        </Button>
      )}
      {onDelete && (
        <Button size="xs" variant="default" c="var(--mantine-color-error)" onClick={onDelete}>
          {t("action.delete")}
        </Button>
      )}
    </Group>
  );
}
