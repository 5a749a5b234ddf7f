import { Button, Group, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { FormError, useFieldError } from "~/components/FormError";
import { useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { formLevelError } from "./form-helpers";
import { useDialogFetcher } from "./use-dialog-fetcher";

/**
 * The state of a form in a dialog: its fetcher (success notice, then `onDone`), the failure,
 * and `error(field)`, the translated error of one of the fields the form shows.
 */
export function useDialogForm<Field extends string>(fields: readonly Field[], successMessage: MessageKey, onDone: () => void) {
  const fieldError = useFieldError();
  const { fetcher, failure, busy } = useDialogFetcher(successMessage, onDone);
  const error = (field: Field) => fieldError(failure?.fieldErrors?.[field]);
  return { fetcher, failure, busy, fields, onDone, error };
}

/** What DialogForm needs of the state (the field errors stay with the inputs). */
export type DialogFormState = Omit<ReturnType<typeof useDialogForm<string>>, "error">;

interface DialogFormProps {
  form: DialogFormState;
  /** Hidden fields: the intent and ids; undefined values are left out. */
  hidden: Record<string, string | undefined>;
  submitLabel: string;
  testId: string;
  /** Sent as multipart/form-data (forms with a file input). */
  multipart?: boolean;
  children: ReactNode;
}

/**
 * The form of an add/edit dialog: hidden fields, the inputs, the error no shown field explains
 * (server codes, upload problems with their values such as {maxMb}), then cancel and submit.
 */
export function DialogForm({ form, hidden, submitLabel, testId, multipart = false, children }: DialogFormProps) {
  const t = useT();
  const { fetcher, failure } = form;
  return (
    <fetcher.Form method="post" encType={multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"} noValidate data-testid={testId}>
      <Stack>
        {Object.entries(hidden).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
        {children}
        <FormError code={formLevelError(failure, form.fields)} values={failure?.details} />
        <Group justify="flex-end">
          <Button variant="default" onClick={form.onDone}>
            {t("action.cancel")}
          </Button>
          <Button type="submit" loading={form.busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
