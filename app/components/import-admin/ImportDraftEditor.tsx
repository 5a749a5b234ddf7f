import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMemo, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormError } from "~/components/FormError";
import { ConfirmPostModal } from "~/components/forms/ConfirmPostModal";
import { ScrollRegion } from "~/components/participant-mail/ScrollRegion";
import { failureCode } from "~/components/failure-code";
import { useFormat, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import {
  applySavedMapping,
  choiceOf,
  FIELD_CHOICES,
  type FieldChoice,
  IMPORT_MAX_ADDRESS_GROUPS,
  isAddressField,
  SEPARATOR_NAMES,
  separatorName,
  withChoice,
} from "~/schemas/import-create";
import {
  type ColumnMapping,
  CSV_ENCODINGS,
  type ImportProblem,
  type ImportRow,
} from "~/schemas/imports";
import { AppError } from "~/server/errors";
import { importedCellValue, normaliseRow, validateMapping } from "~/server/imports/read/normalise";

interface DraftViewData {
  draft: {
    id: string;
    fileName: string;
    fileSize: number;
    format: "CSV" | "XLSX";
    encoding: (typeof CSV_ENCODINGS)[number] | null;
    separator: string | null;
    sheet: number | null;
    hasHeader: boolean;
    language: "de" | "cs";
    country: "DE" | "CZ";
    verify: boolean;
    mapping: ColumnMapping[];
    createdAt: string;
    createdByName: string | null;
  };
  inspection: {
    headers: string[];
    columnCount: number;
    sampleRows: ImportRow[];
  };
}

interface Props {
  view: DraftViewData;
  mappings: Array<{
    id: string;
    name: string;
    columns: Array<ColumnMapping & { header: string | null }>;
  }>;
  result:
    | { ok: true; notice: MessageKey }
    | { ok: false; error?: string; details?: Record<string, string | number> }
    | undefined;
}

const FORM_ID = "import-mapping-form";

const short = (value: string) => (value.length > 80 ? `${value.slice(0, 80)}…` : value);

function choiceLabel(t: ReturnType<typeof useT>, choice: FieldChoice): string {
  if (choice === "") return t("import.field.ignore");
  return t(`import.field.${choice.replace(":", ".")}` as MessageKey);
}

function problemText(
  t: ReturnType<typeof useT>,
  problem: ImportProblem,
): string {
  return t(`import.problem.${problem.code}` as MessageKey);
}

/** The mapping's first problem as an error code, or null when it may start. */
function mappingError(
  mapping: ColumnMapping[],
): { code: string; column: number | null } | null {
  try {
    validateMapping(mapping);
    return null;
  } catch (error) {
    if (error instanceof AppError)
      return {
        code: error.code,
        column:
          typeof error.details?.column === "number"
            ? error.details.column
            : null,
      };
    return { code: "INVALID_INPUT", column: null };
  }
}

/**
 * Step 2 of an import (decision 038): how the file is read (changeable), the column mapping
 * (suggested from the headers and values, or a saved one), the preview of the first 10 rows as
 * they will be imported (computed in the browser with the server's own rules as the mapping
 * changes), and the start, after a confirmation.
 */
export function ImportDraftEditor({ view, mappings, result }: Props) {
  const t = useT();
  const format = useFormat();
  const navigation = useNavigation();
  const { draft, inspection } = view;
  const [mapping, setMapping] = useState<ColumnMapping[]>(draft.mapping);
  const [verify, setVerify] = useState(draft.verify);
  const [confirmContacts, setConfirmContacts] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [savedId, setSavedId] = useState(mappings[0]?.id ?? "");
  const [deleting, setDeleting] = useState<string | null>(null);
  const [applied, setApplied] = useState(false);
  const contactsRef = useRef<HTMLInputElement>(null);
  const busy = navigation.state !== "idle";

  const columns = Array.from({ length: inspection.columnCount }, (_, i) => i);
  const headerOf = (column: number) =>
    inspection.headers[column]?.trim() ||
    t("import.create.columnN", { n: column + 1 });
  const byColumn = new Map(mapping.map((m) => [m.column, m]));
  const preview = useMemo(
    () =>
      inspection.sampleRows.map((row) => ({
        row,
        ...normaliseRow(row, mapping, { country: draft.country }),
      })),
    [inspection.sampleRows, mapping, draft.country],
  );
  const refused = preview.filter((p) => p.candidate === null).length;
  const error = mappingError(mapping);
  const shownError = attempted
    ? (error?.code ??
      (confirmContacts ? null : "IMPORT_CONTACT_CONFIRMATION_REQUIRED"))
    : null;
  const mapped = mapping.map((m) => m.column);
  const failure = result && !result.ok ? result : undefined;
  const [nameErrorCleared, setNameErrorCleared] = useState(false);
  const [lastResult, setLastResult] = useState(result);
  if (lastResult !== result) {
    setLastResult(result);
    setNameErrorCleared(false);
  }
  // A refused name is shown at its field and clears as soon as it is edited.
  const nameFailure =
    failure?.error === "IMPORT_MAPPING_NAME_TAKEN" ||
    failure?.error === "IMPORT_MAPPING_NAME_REQUIRED"
      ? failure.error
      : null;
  const nameError = nameErrorCleared ? null : nameFailure;

  function setColumn(column: number, next: ColumnMapping | null) {
    setMapping((current) =>
      [
        ...current.filter((m) => m.column !== column),
        ...(next ? [next] : []),
      ].sort((a, b) => a.column - b.column),
    );
    setApplied(false);
  }

  function tryStart() {
    setAttempted(true);
    if (error) {
      const column =
        error.column ??
        (error.code === "IMPORT_NAME_REQUIRED" ||
        error.code === "IMPORT_IDENTIFIER_REQUIRED"
          ? columns[0]
          : null);
      if (column !== undefined && column !== null)
        document.getElementById(`import-field-${column}`)?.focus();
      return;
    }
    if (!confirmContacts) {
      contactsRef.current?.focus();
      return;
    }
    setConfirming(true);
  }

  const separatorLabels: Record<keyof typeof SEPARATOR_NAMES, MessageKey> = {
    comma: "import.create.separatorComma",
    semicolon: "import.create.separatorSemicolon",
    tab: "import.create.separatorTab",
    pipe: "import.create.separatorPipe",
  };

  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {draft.fileName}
          </Title>
          <Text size="sm" data-testid="import-file-info">
            {t("import.create.fileInfo", {
              size: format.number(Math.ceil(draft.fileSize / 1024)),
              format: draft.format,
              by: draft.createdByName ?? "–",
              date: format.dateTime(draft.createdAt),
            })}
          </Text>
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Form method="post" data-testid="import-settings-form">
          <input type="hidden" name="intent" value="settings" />
          <input type="hidden" name="import" value={draft.id} />
          <Stack>
            <Title order={2} size="h3">
              {t("import.create.settingsTitle")}
            </Title>
            <Text size="sm">
              {t(
                draft.format === "CSV"
                  ? "import.create.detectedCsv"
                  : "import.create.detectedXlsx",
              )}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {draft.format === "CSV" ? (
                <>
                  <NativeSelect
                    name="encoding"
                    label={t("import.create.encoding")}
                    defaultValue={draft.encoding ?? "utf-8"}
                    data={CSV_ENCODINGS.map((e) => ({
                      value: e,
                      label: t(`import.encoding.${e}`),
                    }))}
                    data-testid="import-encoding"
                  />
                  <NativeSelect
                    name="separator"
                    label={t("import.create.separator")}
                    defaultValue={separatorName(draft.separator)}
                    data={Object.keys(SEPARATOR_NAMES).map((s) => ({
                      value: s,
                      label: t(
                        separatorLabels[s as keyof typeof SEPARATOR_NAMES],
                      ),
                    }))}
                    data-testid="import-separator"
                  />
                </>
              ) : (
                <NumberInput
                  name="sheet"
                  label={t("import.create.sheet")}
                  defaultValue={draft.sheet ?? 1}
                  min={1}
                  max={255}
                  allowDecimal={false}
                  data-testid="import-sheet"
                />
              )}
              <NativeSelect
                name="language"
                label={t("import.create.language")}
                defaultValue={draft.language}
                data={[
                  { value: "de", label: t("import.create.languageDe") },
                  { value: "cs", label: t("import.create.languageCs") },
                ]}
              />
              <NativeSelect
                name="country"
                label={t("import.create.country")}
                defaultValue={draft.country}
                data={[
                  { value: "DE", label: t("country.DE") },
                  { value: "CZ", label: t("country.CZ") },
                ]}
              />
            </SimpleGrid>
            <Checkbox
              name="hasHeader"
              value="true"
              defaultChecked={draft.hasHeader}
              label={t("import.create.hasHeader")}
            />
            <Button
              type="submit"
              variant="default"
              style={{ alignSelf: "flex-start" }}
              loading={
                busy && navigation.formData?.get("intent") === "settings"
              }
              data-testid="import-reread"
            >
              {t("import.create.reread")}
            </Button>
          </Stack>
        </Form>
      </Paper>

      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h3" id="import-mapping-title">
            {t("import.create.mappingTitle")}
          </Title>
          <Text size="sm">{t("import.create.mappingHint")}</Text>
          <Group align="flex-end" wrap="wrap" data-testid="import-saved">
            {mappings.length > 0 ? (
              <>
                <NativeSelect
                  label={t("import.create.savedSelect")}
                  value={savedId}
                  onChange={(e) => setSavedId(e.currentTarget.value)}
                  data={mappings.map((m) => ({ value: m.id, label: m.name }))}
                  data-testid="import-saved-select"
                />
                <Button
                  variant="default"
                  onClick={() => {
                    const saved = mappings.find((m) => m.id === savedId);
                    if (saved) {
                      setMapping(
                        applySavedMapping(
                          saved.columns,
                          inspection.headers,
                          inspection.columnCount,
                        ),
                      );
                      setApplied(true);
                    }
                  }}
                  data-testid="import-saved-apply"
                >
                  {t("import.create.savedApply")}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => setDeleting(savedId)}
                  data-testid="import-saved-delete"
                >
                  {t("import.create.savedDelete")}
                </Button>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t("import.create.savedNone")}
              </Text>
            )}
          </Group>
          {applied && (
            <Text size="sm" role="status" data-testid="import-saved-applied">
              {t("import.create.savedApplied")}
            </Text>
          )}
          <Stack
            gap={0}
            data-testid="import-mapping"
            role="list"
            aria-labelledby="import-mapping-title"
          >
            <SimpleGrid
              cols={3}
              spacing="sm"
              pb="xs"
              visibleFrom="sm"
              aria-hidden="true"
            >
              <Text fw={700} size="sm">
                {t("import.create.colColumn")}
              </Text>
              <Text fw={700} size="sm">
                {t("import.create.colSample")}
              </Text>
              <Text fw={700} size="sm">
                {t("import.create.colField")}
              </Text>
            </SimpleGrid>
            {columns.map((column) => {
              const m = byColumn.get(column);
              const samples = inspection.sampleRows
                .map((r) => r.cells[column]?.trim() ?? "")
                .filter(Boolean)
                .slice(0, 3);
              const fieldError =
                attempted && error?.column === column
                  ? t(`error.${error.code}` as MessageKey)
                  : undefined;
              return (
                <SimpleGrid
                  key={column}
                  cols={{ base: 1, sm: 3 }}
                  spacing="sm"
                  verticalSpacing={4}
                  py="xs"
                  role="listitem"
                  style={{
                    borderTop: "1px solid var(--mantine-color-default-border)",
                  }}
                  data-testid={`import-column-${column}`}
                >
                  <Text fw={600} size="sm" style={{ wordBreak: "break-word" }}>
                    {headerOf(column)}
                  </Text>
                  <Text
                    size="sm"
                    c="dimmed"
                    style={{ wordBreak: "break-word" }}
                  >
                    {samples
                      .map((s) => (s.length > 40 ? `${s.slice(0, 40)}…` : s))
                      .join(" · ") || "–"}
                  </Text>
                  <Stack gap={4}>
                    <NativeSelect
                      id={`import-field-${column}`}
                      aria-label={t("import.create.fieldFor", {
                        column: headerOf(column),
                      })}
                      value={choiceOf(m)}
                      error={fieldError}
                      onChange={(e) =>
                        setColumn(
                          column,
                          withChoice(
                            column,
                            e.currentTarget.value as FieldChoice,
                            m,
                            inspection.headers[column] ?? "",
                          ),
                        )
                      }
                      data={FIELD_CHOICES.map((c) => ({
                        value: c,
                        label: choiceLabel(t, c),
                      }))}
                      data-testid={`import-field-${column}`}
                    />
                    {m?.field === "identifier" &&
                      m.identifierKind === "OTHER" && (
                        <TextInput
                          size="xs"
                          label={t("import.create.identifierLabel")}
                          value={m.identifierLabel ?? ""}
                          maxLength={60}
                          error={
                            !m.identifierLabel?.trim() && attempted
                              ? t("error.IMPORT_IDENTIFIER_LABEL_REQUIRED")
                              : undefined
                          }
                          onChange={(e) =>
                            setColumn(column, {
                              ...m,
                              identifierLabel: e.currentTarget.value,
                            })
                          }
                          data-testid={`import-label-${column}`}
                        />
                      )}
                    {m && isAddressField(m.field) && (
                      <NativeSelect
                        size="xs"
                        label={t("import.create.group")}
                        value={String(m.group ?? 1)}
                        onChange={(e) =>
                          setColumn(column, {
                            ...m,
                            group: Number(e.currentTarget.value),
                          })
                        }
                        data={Array.from(
                          { length: IMPORT_MAX_ADDRESS_GROUPS },
                          (_, i) => ({
                            value: String(i + 1),
                            label: t(
                              i === 0
                                ? "import.create.groupMain"
                                : "import.create.groupN",
                              { n: i + 1 },
                            ),
                          }),
                        )}
                        data-testid={`import-group-${column}`}
                      />
                    )}
                  </Stack>
                </SimpleGrid>
              );
            })}
          </Stack>
          <Form method="post" data-testid="import-save-mapping-form">
            <input type="hidden" name="intent" value="save-mapping" />
            <input type="hidden" name="import" value={draft.id} />
            <input
              type="hidden"
              name="mapping"
              value={JSON.stringify(mapping)}
            />
            <Group align="flex-end" wrap="wrap">
              <TextInput
                name="name"
                label={t("import.create.savedName")}
                maxLength={100}
                required
                error={nameError ? t(`error.${nameError}`) : undefined}
                onChange={() => setNameErrorCleared(true)}
                data-testid="import-saved-name"
              />
              <Button
                type="submit"
                variant="default"
                data-testid="import-saved-save"
              >
                {t("import.create.savedSave")}
              </Button>
            </Group>
          </Form>
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h3" id="import-preview-title">
            {t("import.create.previewTitle")}
          </Title>
          <Text size="sm" role="status" data-testid="import-preview-summary">
            {t("import.create.previewSummary", {
              rows: preview.length,
              refused,
            })}
          </Text>
          <ScrollRegion labelledBy="import-preview-title">
            <Table
              data-testid="import-preview"
              withTableBorder
              withColumnBorders
              verticalSpacing="xs"
              miw={Math.max(480, 160 + mapped.length * 160)}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("import.create.previewRow")}</Table.Th>
                  <Table.Th>{t("import.create.previewStatus")}</Table.Th>
                  {mapped.map((column) => (
                    <Table.Th key={column} style={{ minWidth: 150 }}>
                      {headerOf(column)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.map(({ row, candidate, problems }) => {
                  const rowProblems = problems.filter(
                    (p) => p.column === null || !mapped.includes(p.column),
                  );
                  return (
                    <Table.Tr
                      key={row.rowNumber}
                      data-testid={`import-preview-row-${row.rowNumber}`}
                      data-refused={candidate ? "false" : "true"}
                    >
                      <Table.Td>{row.rowNumber}</Table.Td>
                      <Table.Td>
                        <Stack gap={2}>
                          {/* Filled dark shades keep white text above 4.5:1 in both themes. */}
                          <Badge
                            color={candidate ? "#1b5e20" : "red.9"}
                            variant="filled"
                            tt="none"
                            style={{ overflow: "visible" }}
                            styles={{ label: { overflow: "visible" } }}
                          >
                            {t(
                              candidate
                                ? "import.create.previewOk"
                                : "import.create.previewRefused",
                            )}
                          </Badge>
                          {rowProblems.map((p, i) => (
                            <Text key={i} size="xs" fw={600}>
                              {t(
                                p.severity === "error"
                                  ? "import.create.problemError"
                                  : "import.create.problemWarning",
                                { reason: problemText(t, p) },
                              )}
                            </Text>
                          ))}
                        </Stack>
                      </Table.Td>
                      {mapped.map((column) => {
                        const cellProblems = problems.filter(
                          (p) => p.column === column,
                        );
                        const value = row.cells[column] ?? "";
                        const m = byColumn.get(column);
                        const imported = m ? importedCellValue(candidate, m, value) : null;
                        const worst = cellProblems.some(
                          (p) => p.severity === "error",
                        )
                          ? "error"
                          : cellProblems.length
                            ? "warning"
                            : null;
                        return (
                          <Table.Td
                            key={column}
                            data-testid={`import-cell-${row.rowNumber}-${column}`}
                            data-problem={worst ?? undefined}
                            style={
                              worst
                                ? {
                                    boxShadow: `inset 4px 0 0 var(--mantine-color-${worst === "error" ? "red" : "orange"}-7)`,
                                  }
                                : undefined
                            }
                          >
                            <Text size="sm" style={{ wordBreak: "break-word" }}>
                              {short(imported ?? value)}
                            </Text>
                            {imported !== null && imported !== value.trim() && (
                              <Text size="xs" c="dimmed" style={{ wordBreak: "break-word" }}>
                                {t("import.create.previewFromFile", { value: short(value) })}
                              </Text>
                            )}
                            {cellProblems.map((p, i) => (
                              <Text key={i} size="xs" fw={600}>
                                {t(
                                  p.severity === "error"
                                    ? "import.create.problemError"
                                    : "import.create.problemWarning",
                                  { reason: problemText(t, p) },
                                )}
                              </Text>
                            ))}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Form method="post" id={FORM_ID} data-testid="import-mapping-form">
          <input type="hidden" name="import" value={draft.id} />
          <input type="hidden" name="mapping" value={JSON.stringify(mapping)} />
          <Stack>
            <Checkbox
              name="verify"
              value="true"
              checked={verify}
              onChange={(e) => setVerify(e.currentTarget.checked)}
              label={t("import.create.verify")}
              description={t("import.create.verifyHint")}
              data-testid="import-verify"
            />
            <Checkbox
              ref={contactsRef}
              name="confirmContacts"
              value="true"
              checked={confirmContacts}
              onChange={(e) => setConfirmContacts(e.currentTarget.checked)}
              label={t("import.create.confirmContacts")}
              error={
                attempted && !confirmContacts && !error
                  ? t("error.IMPORT_CONTACT_CONFIRMATION_REQUIRED")
                  : undefined
              }
              data-testid="import-confirm-contacts"
            />
            {shownError && <FormError code={shownError} />}
            {!shownError && failure && !nameFailure && (
              <FormError code={failureCode(failure)} values={failure.details} />
            )}
            {result?.ok && (
              <Alert color="green" role="status" data-testid="import-done">
                {t(result.notice)}
              </Alert>
            )}
            <Group wrap="wrap">
              <Button
                type="button"
                onClick={tryStart}
                data-testid="import-start"
              >
                {t("import.create.start")}
              </Button>
              <Button
                type="submit"
                name="intent"
                value="save-draft"
                variant="default"
                data-testid="import-save-draft"
              >
                {t("import.create.saveDraft")}
              </Button>
              <Button
                type="button"
                variant="subtle"
                color="red"
                onClick={() => setDiscarding(true)}
                data-testid="import-discard"
              >
                {t("import.create.discard")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("import.create.startTitle")}
      >
        <Stack>
          <Text>{t("import.create.startText", { file: draft.fileName })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("action.cancel")}
            </Button>
            <Button
              type="submit"
              form={FORM_ID}
              name="intent"
              value="start"
              onClick={() => setTimeout(() => setConfirming(false))}
              data-testid="import-start-confirm"
            >
              {t("import.create.startConfirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmPostModal
        opened={discarding}
        onClose={() => setDiscarding(false)}
        title={t("import.create.discardTitle")}
        text={t("import.create.discardText", { file: draft.fileName })}
        fields={{ intent: "discard", import: draft.id }}
        confirmLabel={t("import.create.discardConfirm")}
        destructive
        testId="import-discard-confirm"
      />
      <ConfirmPostModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("import.create.savedDeleteTitle")}
        text={t("import.create.savedDeleteText", { name: mappings.find((m) => m.id === deleting)?.name ?? "" })}
        fields={{ intent: "delete-mapping", import: draft.id, mappingId: deleting ?? "" }}
        confirmLabel={t("action.delete")}
        destructive
        testId="import-saved-delete-confirm"
      />
    </Stack>
  );
}
