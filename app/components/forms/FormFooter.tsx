import { Button, Group } from "@mantine/core";
import { Link } from "react-router";
import { FormError } from "~/components/FormError";
import { useT } from "~/i18n/i18n-context";

interface Props {
  /** The live check found errors: the banner says "check your entries". */
  showBanner: boolean;
  /** The server's form-level failure (not a field's), if any. */
  serverForm: { code: string; values?: Record<string, string | number> | undefined } | null | undefined;
  submitLabel: string;
  submitTestId: string;
  busy: boolean;
  /** Without it, no cancel button. */
  cancelHref?: string | undefined;
}

/**
 * The end of a large form (company, event, news): the form-level error banner, the submit button
 * and "cancel". The banner shows "check your entries" while fields are invalid, else the server's
 * own form-level code (its INVALID_INPUT is the fields' business, so it is not repeated here).
 */
export function FormFooter({ showBanner, serverForm, submitLabel, submitTestId, busy, cancelHref }: Props) {
  const t = useT();
  const formCode = serverForm && serverForm.code !== "INVALID_INPUT" ? serverForm : null;
  return (
    <>
      <FormError code={showBanner ? "INVALID_INPUT" : formCode?.code} values={showBanner ? undefined : formCode?.values} />
      <Group>
        <Button type="submit" loading={busy} data-testid={submitTestId}>
          {submitLabel}
        </Button>
        {cancelHref && (
          <Button component={Link} to={cancelHref} variant="default">
            {t("action.cancel")}
          </Button>
        )}
      </Group>
    </>
  );
}
