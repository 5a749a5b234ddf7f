import { Button, Group, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { FormError } from "~/components/FormError";
import { type FormValidator, useLiveValidation } from "~/components/forms/use-live-validation";
import { useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { formLevelError } from "./form-helpers";
import { useDialogFetcher } from "./use-dialog-fetcher";

const NO_CHECK: FormValidator = () => ({});

/**
 * The state of a form in a dialog: its fetcher (success notice, then `onDone`), the failure,
 * and `error(field)`, the translated error of one of the fields the form shows. With `validate`
 * (the action's schema, schemaValidator) the fields are checked as the user types: messages
 * clear as soon as a field is valid, and a submit with errors is stopped (useLiveValidation).
 */
export function useDialogForm<Field extends string>(fields: readonly Field[], successMessage: MessageKey, onDone: () => void, validate: FormValidator = NO_CHECK) {
  const { fetcher, failure, busy } = useDialogFetcher(successMessage, onDone);
  const live = useLiveValidation({ validate, serverErrors: failure?.fieldErrors });
  const error = (field: Field) => live.error(field);
  return { fetcher, failure, busy, fields, onDone, error, formProps: live.formProps, showBanner: live.showBanner, invalidFields: live.invalidFields };
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
    <fetcher.Form {...form.formProps} method="post" encType={multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"} data-testid={testId}>
      <Stack>
        {Object.entries(hidden).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
        {children}
        {/* "Please check your input" while a shown field has an error; else what no field explains. */}
        <FormError
          code={form.showBanner ? "INVALID_INPUT" : formLevelError(failure, form.fields)}
          values={form.showBanner ? undefined : failure?.details}
        />
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
