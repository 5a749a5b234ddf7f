import { Button, Group } from "@mantine/core";
import { Form, useNavigation } from "react-router";

export interface DecisionOption {
  value: string;
  label: string;
  /** The positive choice is filled, the other one outlined. */
  primary?: boolean;
}

/**
 * One row's decision on an admin work page: a small form posting `intent`, `id` and the chosen
 * `decision` (the submit button's value). `field` renames the decision field where needed.
 */
export function DecisionButtons({ intent, id, options, field = "decision" }: { intent: string; id: string; options: DecisionOption[]; field?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === id;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Group gap="xs" wrap="nowrap">
        {options.map((option) => (
          <Button
            key={option.value}
            type="submit"
            name={field}
            value={option.value}
            size="xs"
            variant={option.primary ? "filled" : "outline"}
            disabled={busy}
          >
            {option.label}
          </Button>
        ))}
      </Group>
    </Form>
  );
}
