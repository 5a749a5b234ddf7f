import { Button, Group, Modal, NativeSelect, Text } from "@mantine/core";
import { Form } from "react-router";
import { useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { ACCOUNT_ROLES } from "~/schemas/admin-accounts";
import type { AccountIntent, AccountListRow } from "./AccountTable";

const TEXTS: Record<AccountIntent, { title: MessageKey; text: MessageKey; confirm: MessageKey; color: string }> = {
  role: { title: "accountAdmin.roleTitle", text: "accountAdmin.roleText", confirm: "accountAdmin.roleConfirm", color: "blue" },
  deactivate: { title: "accountAdmin.deactivateTitle", text: "accountAdmin.deactivateText", confirm: "accountAdmin.deactivateConfirm", color: "blue" },
  activate: { title: "accountAdmin.activateTitle", text: "accountAdmin.activateText", confirm: "accountAdmin.activateConfirm", color: "blue" },
  delete: { title: "accountAdmin.deleteTitle", text: "accountAdmin.deleteText", confirm: "accountAdmin.deleteConfirm", color: "red" },
};

/**
 * Every change of an account is confirmed here, saying what happens (decision 033); the dialog
 * posts `intent` and the account's id (and, for a role change, the new role).
 */
export function AccountActionDialog({ target, onClose }: { target: { row: AccountListRow; intent: AccountIntent } | null; onClose: () => void }) {
  const t = useT();
  const texts = target ? TEXTS[target.intent] : TEXTS.role;
  const values = { name: target?.row.name ?? "", email: target?.row.email ?? "" };
  return (
    <Modal opened={target !== null} onClose={onClose} title={t(texts.title)}>
      <Form method="post" onSubmit={onClose} data-testid="account-dialog">
        <input type="hidden" name="intent" value={target?.intent ?? ""} />
        <input type="hidden" name="id" value={target?.row.id ?? ""} />
        <Text mb="md">{t(texts.text, values)}</Text>
        {target?.intent === "role" && (
          <NativeSelect
            mb="md"
            name="role"
            label={t("accountAdmin.roleField")}
            data={ACCOUNT_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
            defaultValue={target.row.role}
            data-testid="account-role-select"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("action.cancel")}
          </Button>
          <Button type="submit" color={texts.color} data-testid="account-dialog-confirm">
            {t(texts.confirm)}
          </Button>
        </Group>
      </Form>
    </Modal>
  );
}
