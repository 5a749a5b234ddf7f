import { Alert, Anchor, Button, Checkbox, Input, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormError } from "~/components/FormError";
import { ScrollRegion } from "~/components/participant-mail/ScrollRegion";
import { failureCode } from "~/components/failure-code";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { href } from "~/routing/paths";
import { IMPORT_ACCEPT } from "~/schemas/import-create";

const MAX_BYTES = 25 * 1024 * 1024;
const MAX_MB = 25;

interface Props {
  drafts: Array<{ id: string; fileName: string; createdAt: string; createdByName: string | null }>;
  result: { ok: true; notice: MessageKey } | { ok: false; error?: string; details?: Record<string, string | number> } | undefined;
}

/**
 * Step 1 of an import (decision 038): the file (CSV or XLSX, at most 25 MB, checked as it is
 * chosen and again on the server), its language and country and whether it has a header row.
 * Below, the drafts of all admins that can be continued.
 */
export function ImportUploadForm({ drafts, result }: Props) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const failure = result && !result.ok ? result : undefined;
  const serverFileError = failure?.error === "FILE_TOO_LARGE" || failure?.error === "FILE_REQUIRED" || failure?.error === "IMPORT_FILE_UNREADABLE" ? failure.error : null;
  const shownFileError = fileError ?? (serverFileError ? t(`error.${serverFileError}`, { maxMb: MAX_MB }) : null);
  const createHref = href("adminImportCreate", locale);

  function check(file: File | undefined): boolean {
    if (!file) {
      setFileError(t("error.FILE_REQUIRED"));
      return false;
    }
    if (file.size > MAX_BYTES) {
      setFileError(t("error.FILE_TOO_LARGE", { maxMb: MAX_MB }));
      return false;
    }
    setFileError(null);
    return true;
  }

  return (
    <Stack>
      <Text>{t("import.create.intro")}</Text>
      <Paper withBorder p="md">
        <Form
          method="post"
          encType="multipart/form-data"
          action={createHref}
          data-testid="import-upload-form"
          onSubmit={(event) => {
            if (!check(input.current?.files?.[0])) {
              event.preventDefault();
              input.current?.focus();
            }
          }}
        >
          <input type="hidden" name="intent" value="upload" />
          <Stack>
            <Title order={2} size="h3">
              {t("import.create.uploadTitle")}
            </Title>
            {failure && !serverFileError && <FormError code={failureCode(failure)} values={failure.details} />}
            <Input.Wrapper id="import-file" label={t("import.create.file")} description={t("import.create.fileHint", { maxMb: MAX_MB })} error={shownFileError} withAsterisk>
              <Paper
                mt={6}
                p="lg"
                withBorder
                style={{ borderStyle: "dashed", background: dragging ? "var(--mantine-color-blue-light)" : undefined }}
                onDragEnter={() => setDragging(true)}
                onDragOver={(event) => event.preventDefault()}
                onDragLeave={() => setDragging(false)}
                onDrop={(event) => {
                  // A file dropped anywhere on the area becomes the input's file (the form posts the input).
                  event.preventDefault();
                  setDragging(false);
                  const files = event.dataTransfer.files;
                  if (input.current && files.length > 0) {
                    input.current.files = files;
                    check(files[0]);
                  }
                }}
              >
                <Stack gap={4}>
                  <Text size="sm">{t("import.create.dropHint")}</Text>
                  <input
                    ref={input}
                    id="import-file"
                    type="file"
                    name="file"
                    accept={IMPORT_ACCEPT}
                    required
                    aria-invalid={shownFileError ? "true" : undefined}
                    aria-describedby="import-file-description"
                    onChange={(e) => check(e.currentTarget.files?.[0])}
                    data-testid="import-file-input"
                  />
                </Stack>
              </Paper>
            </Input.Wrapper>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                name="language"
                label={t("import.create.language")}
                description={t("import.create.languageHint")}
                defaultValue={locale}
                data={[
                  { value: "de", label: t("import.create.languageDe") },
                  { value: "cs", label: t("import.create.languageCs") },
                ]}
                data-testid="import-language"
              />
              <NativeSelect
                name="country"
                label={t("import.create.country")}
                description={t("import.create.countryHint")}
                defaultValue={locale === "cs" ? "CZ" : "DE"}
                data={[
                  { value: "DE", label: t("country.DE") },
                  { value: "CZ", label: t("country.CZ") },
                ]}
                data-testid="import-country"
              />
            </SimpleGrid>
            <Checkbox name="hasHeader" value="true" defaultChecked label={t("import.create.hasHeader")} description={t("import.create.hasHeaderHint")} data-testid="import-has-header" />
            <Button type="submit" loading={busy} style={{ alignSelf: "flex-start" }} data-testid="import-upload">
              {t("import.create.upload")}
            </Button>
            {busy && (
              <Text size="sm" role="status">
                {t("import.create.uploading")}
              </Text>
            )}
          </Stack>
        </Form>
      </Paper>
      <Title order={2} size="h3" id="import-drafts-title">
        {t("import.create.drafts")}
      </Title>
      {drafts.length === 0 ? (
        <Text c="dimmed" data-testid="import-drafts-empty">
          {t("import.create.draftsEmpty")}
        </Text>
      ) : (
        <ScrollRegion labelledBy="import-drafts-title">
          <Table data-testid="import-drafts" miw={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("import.create.draftFile")}</Table.Th>
                <Table.Th>{t("import.create.draftBy")}</Table.Th>
                <Table.Th>{t("import.create.draftCreated")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {drafts.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${createHref}?import=${d.id}`}>
                      {d.fileName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{d.createdByName ?? "–"}</Table.Td>
                  <Table.Td>{format.dateTime(d.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
      {result?.ok && (
        <Alert color="green" role="status">
          {t(result.notice)}
        </Alert>
      )}
    </Stack>
  );
}
