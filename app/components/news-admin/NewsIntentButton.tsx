import { Button } from "@mantine/core";
import { Form, useNavigation } from "react-router";

interface Props {
  id: string;
  intent: "activate" | "deactivate" | "restore";
  label: string;
}

/** A one-click, reversible row action (activate, deactivate, restore) posted to the current page. */
export function NewsIntentButton({ id, intent, label }: Props) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="compact-sm" variant="default" disabled={busy} data-testid={`news-${intent}`}>
        {label}
      </Button>
    </Form>
  );
}
