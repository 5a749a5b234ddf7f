import { Progress, Stack, Text } from "@mantine/core";
import { useFormat, useT } from "~/i18n/i18n-context";
import type { ImportStatus } from "~/schemas/imports";

export interface ImportProgressRow {
  fileName: string;
  status: ImportStatus;
  rowsDone: number;
  rowsTotal: number | null;
  bytesDone: number;
  fileSize: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Logos the import named (decision 042): fetched, failed, still waiting; null when it named none. */
  logos?: { queued: number; fetched: number; failed: number } | null;
}

/**
 * An import's progress: a bar while it is queued or running (rows of the known total, else the
 * share of the file read), and its counters in words. The bar has its value and label for
 * assistive technology; the words below say the same.
 */
export function ImportProgressCell({ row }: { row: ImportProgressRow }) {
  const t = useT();
  const format = useFormat();
  const running = row.status === "PROCESSING" || row.status === "FILE_UPLOADED";
  const share = row.rowsTotal ? row.rowsDone / Math.max(row.rowsTotal, 1) : row.bytesDone / Math.max(row.fileSize, 1);
  const percent = Math.min(100, Math.round((row.status === "READY" ? 1 : share) * 100));
  if (row.status === "DRAFT") return null;
  return (
    <Stack gap={4} miw={220}>
      {running && (
        <Progress
          value={percent}
          size="lg"
          animated={row.status === "PROCESSING"}
          aria-label={t("import.progress.label", { file: row.fileName })}
          aria-valuetext={`${format.number(percent)} %`}
          data-testid="import-progress-bar"
        />
      )}
      <Text size="sm" data-testid="import-rows">
        {row.rowsTotal !== null ? t("import.progress.rows", { done: row.rowsDone, total: row.rowsTotal }) : t("import.progress.rowsOpen", { done: row.rowsDone })}
        {running && row.rowsTotal === null && ` · ${t("import.progress.bytes", { percent })}`}
      </Text>
      <Text size="sm" data-testid="import-counts">
        {t("import.progress.counts", { created: row.created, updated: row.updated, skipped: row.skipped, failed: row.failed })}
      </Text>
      {row.logos && (
        <Text size="sm" data-testid="import-logos">
          {t("importLogo.counts", row.logos)}
        </Text>
      )}
    </Stack>
  );
}
