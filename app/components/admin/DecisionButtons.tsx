import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "~/i18n/i18n-context";

export interface DecisionOption {
  value: string;
  label: string;
  /** The positive choice is filled, the other one outlined (neutral). */
  primary?: boolean;
  /** An irreversible choice asks first: the dialog's title and text (its button repeats `label`). */
  confirm?: { title: string; text: string };
}

/**
 * One row's decision on an admin work page: a small form posting `intent`, `id` and the chosen
 * `decision` (the submit button's value). `field` renames the decision field where needed.
 * Options with `confirm` open a dialog whose button submits the same form (HTML `form` attribute,
 * as the dialog is rendered in a portal). The buttons wrap inside narrow table cells.
 */
export function DecisionButtons({ intent, id, options, field = "decision" }: { intent: string; id: string; options: DecisionOption[]; field?: string }) {
  const t = useT();
  const formId = `decision-${useId()}`;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === id;
  const [asking, setAsking] = useState<DecisionOption | null>(null);
  return (
    <Form method="post" id={formId} onSubmit={() => setAsking(null)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Group gap="xs" wrap="wrap">
        {options.map((option) => (
          <Button
            key={option.value}
            {...(option.confirm ? { type: "button", onClick: () => setAsking(option) } : { type: "submit", name: field, value: option.value })}
            size="xs"
            // The other choice is a neutral outline: the brand-coloured one lacks contrast in the dark theme.
            variant={option.primary ? "filled" : "default"}
            disabled={busy}
            maw="100%"
            styles={{ label: { whiteSpace: "normal", textAlign: "center" }, root: { height: "auto", minHeight: 30 } }}
          >
            {option.label}
          </Button>
        ))}
      </Group>
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={asking?.confirm?.title}>
        <Stack>
          <Text>{asking?.confirm?.text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t("action.cancel")}
            </Button>
            <Button type="submit" form={formId} name={field} value={asking?.value} color={asking?.primary ? undefined : "red.9"} data-testid="confirm-decision" data-autofocus>
              {asking?.label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Form>
  );
}
