import { ActionIcon, Box, Group, Image, Input, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useFormat, useT } from "~/i18n/i18n-context";
import { EVENT_LIMITS } from "~/schemas/event";

export interface ExistingFile {
  id: string;
  storageKey: string;
  fileName: string;
  sizeBytes: number;
}

interface Props {
  kind: "images" | "attachments";
  existing: ExistingFile[];
  /** Ids of the existing files to keep, in order (refill after a refused submit). */
  keep: string[];
  error?: string | undefined;
}

/**
 * Images or PDF attachments of an event: the stored ones (kept in the shown order via hidden
 * `keepImages`/`keepAttachments` inputs; move up, remove) and new uploads with previews. The
 * limits are shown; the server enforces them for the result.
 */
export function EventFilesField({ kind, existing, keep, error }: Props) {
  const t = useT();
  const format = useFormat();
  const isImage = kind === "images";
  const [kept, setKept] = useState<ExistingFile[]>(() => keep.map((id) => existing.find((f) => f.id === id)).filter((f): f is ExistingFile => !!f));
  const [chosen, setChosen] = useState<File[]>([]);
  const [previews, setPreviews] = useState<string[]>([]);
  useEffect(() => {
    if (!isImage) return;
    const urls = chosen.map((f) => URL.createObjectURL(f));
    setPreviews(urls);
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, [chosen, isImage]);
  const max = isImage ? EVENT_LIMITS.images : EVENT_LIMITS.attachments;
  const maxMb = isImage ? 4 : 10;
  const label = t(isImage ? "eventForm.images" : "eventForm.attachments");
  const move = (index: number) => setKept((list) => (index === 0 ? list : [...list.slice(0, index - 1), list[index]!, list[index - 1]!, ...list.slice(index + 1)]));
  const inputId = `event-${kind}`;

  return (
    <Input.Wrapper label={label} description={t(isImage ? "eventForm.imagesHint" : "eventForm.attachmentsHint", { max, maxMb })} error={error} data-field={kind}>
      <Stack gap="xs" mt={6}>
        {kept.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid={`kept-${kind}`}>
            {kept.map((file, index) => (
              <Paper key={file.id} withBorder p="xs">
                <input type="hidden" name={isImage ? "keepImages" : "keepAttachments"} value={file.id} />
                {isImage && <Image src={`/files/${file.storageKey}`} alt={file.fileName} h={100} fit="contain" />}
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate>
                    {file.fileName} ({format.number(Math.max(1, Math.round(file.sizeBytes / 1024)))} KB)
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    {index > 0 && (
                      <ActionIcon variant="default" onClick={() => move(index)} aria-label={t("eventForm.moveUp", { name: file.fileName })}>
                        ↑
                      </ActionIcon>
                    )}
                    <ActionIcon variant="default" color="red" onClick={() => setKept((list) => list.filter((f) => f.id !== file.id))} aria-label={t("eventForm.removeFile", { name: file.fileName })}>
                      ×
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        <label htmlFor={inputId}>
          <Text span size="sm">
            {t(isImage ? "eventForm.addImages" : "eventForm.addAttachments")}
          </Text>
        </label>
        <input
          id={inputId}
          type="file"
          name={kind}
          multiple
          accept={isImage ? "image/jpeg,image/png,image/webp" : "application/pdf,.pdf"}
          onChange={(e) => setChosen([...(e.currentTarget.files ?? [])])}
          data-testid={`input-${kind}`}
          aria-invalid={error ? "true" : undefined}
        />
        {chosen.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
            {chosen.map((file, i) => (
              <Box key={`${file.name}-${i}`}>
                {isImage && previews[i] && <Image src={previews[i]} alt={file.name} h={80} fit="contain" />}
                <Text size="xs" truncate>
                  {file.name}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
