import { Alert, Button, Fieldset, FileInput, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { type FormEvent, useMemo, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { FormError } from "~/components/FormError";
import { type FieldErrorMap, schemaValidator, useLiveValidation } from "~/components/forms/use-live-validation";
import { useLocale, useT } from "~/i18n/i18n-context";
import { MAIL_ATTACHMENT_ACCEPT, MAIL_LIMITS, type MailActionFailure, participantMailSchema } from "~/schemas/participant-mail";

interface Props {
  recipientCount: number;
  /** The selection (`?q=…&ids=…`), posted along so the server picks the same recipients. */
  selectionQuery: string;
  failure: MailActionFailure | undefined;
}

/** A failure's field errors, including a domain error that names its field (`details.field`). */
function serverFieldErrors(failure: MailActionFailure | undefined): FieldErrorMap | undefined {
  if (!failure) return undefined;
  if (failure.fieldErrors) return failure.fieldErrors;
  const field = failure.details?.["field"];
  if (typeof field === "string" && failure.error) return { [field]: { code: failure.error, values: failure.details } };
  return undefined;
}

/**
 * Subject and message in German and Czech side by side (stacked on a phone), one language being
 * enough; an optional attachment; sending asks for confirmation with the number of recipients.
 */
export function MailComposeForm({ recipientCount, selectionQuery, failure }: Props) {
  const t = useT();
  const locale = useLocale();
  const submit = useSubmit();
  const navigation = useNavigation();
  const validate = useMemo(() => schemaValidator(participantMailSchema(locale)), [locale]);
  const serverErrors = useMemo(() => serverFieldErrors(failure), [failure]);
  const v = useLiveValidation({ validate, serverErrors });
  const [pending, setPending] = useState<FormData | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const formError = failure && !serverErrors ? failure.error : undefined;
  const selection = [...new URLSearchParams(selectionQuery.replace(/^\?/, "")).entries()];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    v.formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    // Valid: ask first. Without JavaScript the form posts directly.
    event.preventDefault();
    setPending(new FormData(event.currentTarget));
  };
  const confirm = () => {
    if (pending) void submit(pending, { method: "post", encType: "multipart/form-data" });
    setPending(null);
  };

  return (
    <Form method="post" encType="multipart/form-data" {...v.formProps} onSubmit={onSubmit} aria-labelledby="mail-compose-title">
      {selection.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <Stack>
        <Title order={2} size="h3" id="mail-compose-title">
          {t("participantMail.compose.title")}
        </Title>
        <Alert color="blue" variant="light" data-testid="language-hint">
          {t("participantMail.languageHint")}
        </Alert>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(["de", "cs"] as const).map((lang) => {
            const suffix = lang === "de" ? "De" : "Cs";
            // The labels are in the page's language; what is typed into the fields is in `lang`.
            const contentLang = lang === "de" ? "de-DE" : "cs-CZ";
            return (
              <Fieldset key={lang} legend={t(`participantMail.lang.${lang}`)}>
                <Stack gap="sm">
                  <TextInput
                    name={`subject${suffix}`}
                    label={t("participantMail.subjectLabel", { language: lang })}
                    maxLength={MAIL_LIMITS.subjectMax}
                    error={v.error(`subject${suffix}`)}
                    lang={contentLang}
                    data-testid={`subject-${lang}`}
                  />
                  <Textarea
                    name={`message${suffix}`}
                    label={t("participantMail.messageLabel", { language: lang })}
                    autosize
                    minRows={8}
                    maxRows={20}
                    maxLength={MAIL_LIMITS.messageMax}
                    error={v.error(`message${suffix}`)}
                    lang={contentLang}
                    data-testid={`message-${lang}`}
                  />
                </Stack>
              </Fieldset>
            );
          })}
        </SimpleGrid>
        <FileInput
          name="attachment"
          label={t("participantMail.attachment")}
          description={t("participantMail.attachmentHint", { maxMb: MAIL_LIMITS.attachmentMaxBytes / 1024 / 1024 })}
          accept={MAIL_ATTACHMENT_ACCEPT}
          value={file}
          onChange={setFile}
          clearable
          error={v.error("attachment")}
          styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
          fileInputProps={{ "data-testid": "attachment-input" } as React.InputHTMLAttributes<HTMLInputElement>}
        />
        <FormError code={v.showBanner ? "INVALID_INPUT" : formError} values={v.showBanner ? undefined : failure?.details} />
        <Group>
          <Button type="submit" loading={navigation.state === "submitting"} data-testid="send-mail">
            {t("participantMail.send")}
          </Button>
        </Group>
      </Stack>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t("participantMail.confirmTitle")}>
        <Stack>
          <Text>{t("participantMail.confirmText", { count: recipientCount })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {t("participantMail.cancel")}
            </Button>
            <Button onClick={confirm} data-testid="confirm-send">
              {t("participantMail.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Form>
  );
}
