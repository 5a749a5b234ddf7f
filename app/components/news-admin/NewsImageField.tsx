import { Group, Image, Input, Stack, Text } from "@mantine/core";
import { useEffect, useId, useState } from "react";
import { useT } from "~/i18n/i18n-context";
import { NEWS_IMAGE_TYPES, NEWS_LIMITS } from "~/schemas/news";

interface Props {
  /** Create: an image is required. Edit: an empty field keeps the current one. */
  required: boolean;
  /** Storage key of the current image (edit), shown until another file is chosen. */
  currentKey?: string | undefined;
  error?: string | undefined;
}

const MAX_MB = NEWS_LIMITS.imageMaxBytes / (1024 * 1024);

/**
 * The news image: a native file input named `image` (it takes the focus when it is the first
 * invalid field, and works without JavaScript), with a preview of the chosen file or the current
 * image. Size and type are checked as the file is chosen (news-form-errors.ts) and on the server.
 */
export function NewsImageField({ required, currentKey, error }: Props) {
  const t = useT();
  const id = useId();
  const inputId = `${id}-image`;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    // Only images the browser can show get a preview; anything else is refused anyway.
    if (!file || !file.type.startsWith("image/")) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? (currentKey ? `/files/${currentKey}` : null);
  const describedBy = [`${inputId}-description`, error ? `${inputId}-error` : null].filter(Boolean).join(" ");

  return (
    <Input.Wrapper
      id={inputId}
      label={t("newsForm.image")}
      description={t(required ? "newsForm.imageHint" : "newsForm.imageReplaceHint", { maxMb: MAX_MB })}
      error={error}
      withAsterisk={required}
      data-field="image"
    >
      <Stack gap="xs" mt={6}>
        <input
          id={inputId}
          type="file"
          name="image"
          accept={NEWS_IMAGE_TYPES.join(",")}
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={describedBy}
          data-testid="news-image-input"
        />
        {shown && (
          <Group gap="sm" align="center">
            <Image
              src={shown}
              alt={t(preview ? "newsForm.imagePreviewAlt" : "newsForm.imageCurrentAlt")}
              h={120}
              w="auto"
              maw={280}
              fit="contain"
              radius="sm"
              bd="1px solid var(--mantine-color-default-border)"
              p={4}
              data-testid="news-image-preview"
              data-current={preview ? "false" : "true"}
            />
            <Text size="sm" c="dimmed">
              {t(preview ? "newsForm.imageNew" : "newsForm.imageCurrent")}
            </Text>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
