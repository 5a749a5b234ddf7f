import { Button, Group, List, Modal, Text } from "@mantine/core";
import { Form } from "react-router";
import { useT } from "~/i18n/i18n-context";
import type { DuplicateDecision, DuplicatePairView, MergeImpact } from "~/schemas/duplicates";

export type DuplicateChoice = { kind: "single"; pair: DuplicatePairView; decision: DuplicateDecision } | { kind: "bulk"; pairs: string[]; decision: DuplicateDecision };

const KINDS = ["accounts", "contacts", "addresses", "ads", "registrations", "wishLists", "events", "news", "identifiers", "tags", "nace", "invoices", "challenges"] as const;

/** "What will move": the non-zero counts of the profile to be deleted, and its linked accounts by name. */
function Moves({ impact }: { impact: MergeImpact }) {
  const t = useT();
  const kinds = KINDS.filter((k) => impact[k] > 0);
  if (kinds.length === 0) return <Text mb="md">{t("duplicates.delete.nothing")}</Text>;
  return (
    <>
      <Text fw={700}>{t("duplicates.delete.moves")}</Text>
      <List mb="md" data-testid="duplicate-moves">
        {kinds.map((k) => (
          <List.Item key={k}>{t(`duplicates.move.${k}`, { count: impact[k] })}</List.Item>
        ))}
      </List>
      {impact.accountNames.length > 0 && (
        <Text mb="md" data-testid="duplicate-move-accounts">
          {t("duplicates.delete.accountNames", { names: impact.accountNames.join(", ") })}
        </Text>
      )}
    </>
  );
}

/** Every choice is confirmed here: what is kept, what is deleted for good, what moves (spec §4: irreversible). */
export function DuplicateConfirmDialog({ choice, onClose }: { choice: DuplicateChoice | null; onClose: () => void }) {
  const t = useT();
  const pairs = choice ? (choice.kind === "single" ? [`${choice.pair.left.id}:${choice.pair.right.id}`] : choice.pairs) : [];
  let title = "";
  let body: React.ReactNode = null;
  let confirm = t("duplicates.keepBoth.confirm");
  if (choice?.kind === "single") {
    const { pair, decision } = choice;
    if (decision === "KEEP_BOTH") {
      title = t("duplicates.keepBoth.title");
      body = <Text mb="md">{t("duplicates.keepBoth.text", { left: pair.left.name, right: pair.right.name })}</Text>;
    } else {
      const [keep, drop, impact] = decision === "DELETE_DUPLICATE" ? [pair.left, pair.right, pair.deleteRight] : [pair.right, pair.left, pair.deleteLeft];
      title = t("duplicates.delete.title", { drop: drop.name });
      body = (
        <>
          <Text mb="md">{t("duplicates.delete.text", { drop: drop.name, keep: keep.name })}</Text>
          <Moves impact={impact} />
        </>
      );
      confirm = t("duplicates.delete.confirm");
    }
  } else if (choice?.kind === "bulk") {
    title = t("page.adminDuplicates.bulk.confirmTitle", { count: choice.pairs.length });
    body =
      choice.decision === "KEEP_BOTH" ? (
        <Text mb="md">{t("page.adminDuplicates.bulk.confirmKeep")}</Text>
      ) : (
        <Text mb="md" data-testid="duplicate-bulk-deleted">
          {t("page.adminDuplicates.bulk.confirmDelete", { deleted: choice.pairs.length })}
        </Text>
      );
    confirm = choice.decision === "KEEP_BOTH" ? t("duplicates.keepBoth.confirm") : t("duplicates.delete.confirm");
  }
  const danger = choice !== null && choice.decision !== "KEEP_BOTH";
  return (
    <Modal opened={choice !== null} onClose={onClose} title={title}>
      <Form method="post" onSubmit={onClose} data-testid="duplicate-dialog">
        <input type="hidden" name="intent" value="resolve" />
        <input type="hidden" name="decision" value={choice?.decision ?? ""} />
        {pairs.map((p) => (
          <input key={p} type="hidden" name="pairs" value={p} />
        ))}
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("action.cancel")}
          </Button>
          <Button type="submit" color={danger ? "red.9" : undefined} data-testid="duplicate-confirm">
            {confirm}
          </Button>
        </Group>
      </Form>
    </Modal>
  );
}
