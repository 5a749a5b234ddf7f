import { Button, Group, Modal, NativeSelect, Paper, Text } from "@mantine/core";
import { useState } from "react";
import { Form } from "react-router";
import { useT } from "~/i18n/i18n-context";
import { COMPANY_BULK_ACTIONS, type CompanyBulkAction } from "~/schemas/company-database";

/**
 * The bulk actions on the ticked rows: pick one, then a dialog says what happens to how many
 * profiles (decision 014: every destructive or final action asks first) and posts
 * `intent=bulk`, the action and the ticked ids.
 */
export function CompanyBulkActions({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const t = useT();
  const [action, setAction] = useState<CompanyBulkAction>("verify");
  const [open, setOpen] = useState(false);
  const count = selected.length;
  return (
    <Paper withBorder p="sm" data-testid="company-bulk">
      <Group align="flex-end">
        <Text size="sm" role="status" data-testid="company-selected-count">
          {t("companyAdmin.bulk.selected", { count })}
        </Text>
        <NativeSelect
          label={t("companyAdmin.bulk.action")}
          data={COMPANY_BULK_ACTIONS.map((a) => ({ value: a, label: t(`companyAdmin.bulk.action.${a}`) }))}
          value={action}
          onChange={(e) => setAction(e.currentTarget.value as CompanyBulkAction)}
          data-testid="company-bulk-action"
        />
        <Button variant="light" disabled={count === 0} onClick={() => setOpen(true)} data-testid="company-bulk-open">
          {t("companyAdmin.bulk.apply")}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t(`companyAdmin.bulk.title.${action}`)}>
        <Form
          method="post"
          onSubmit={() => {
            setOpen(false);
            onDone();
          }}
        >
          <input type="hidden" name="intent" value="bulk" />
          <input type="hidden" name="action" value={action} />
          {selected.map((id) => (
            <input key={id} type="hidden" name="id" value={id} />
          ))}
          <Text mb="md" data-testid="company-bulk-text">
            {t(`companyAdmin.bulk.confirm.${action}`, { count })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("action.cancel")}
            </Button>
            <Button type="submit" color={action === "delete" ? "red.9" : undefined} data-testid="company-bulk-confirm">
              {t(`companyAdmin.bulk.do.${action}`, { count })}
            </Button>
          </Group>
        </Form>
      </Modal>
    </Paper>
  );
}
