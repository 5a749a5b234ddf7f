import { FileInput, Group, Image, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useT } from "~/i18n/i18n-context";
import { LOGO_MIME_TYPES } from "~/schemas/company-form";

interface Props {
  required: boolean;
  /** Storage key of the current logo (edit), shown until a new file is picked. */
  currentLogoKey?: string | null | undefined;
  error?: string | undefined;
}

/**
 * Logo upload: a real file input named `logo` (so the browser submits it with the form), with a
 * preview of the picked file. Required on create; on edit an empty field keeps the current logo.
 */
export function LogoField({ required, currentLogoKey, error }: Props) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const current = currentLogoKey ? `/files/${currentLogoKey}` : null;

  return (
    <Stack gap="xs">
      <FileInput
        name="logo"
        label={t("company.field.logo")}
        description={t(required ? "company.field.logoDescription" : "company.field.logoKeep")}
        placeholder={t("company.field.logoPlaceholder")}
        accept={LOGO_MIME_TYPES.join(",")}
        value={file}
        onChange={setFile}
        clearable
        withAsterisk={required}
        // The placeholder is real text here (not a native placeholder): give it readable contrast.
        styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
        error={error}
        fileInputProps={{ "data-testid": "logo-input" } as React.InputHTMLAttributes<HTMLInputElement>}
      />
      {(preview ?? current) && (
        <Group gap="sm" align="center">
          <Image
            src={preview ?? current}
            alt={t(preview ? "company.field.logoPreviewAlt" : "company.field.logoCurrentAlt")}
            h={80}
            w="auto"
            maw={240}
            fit="contain"
            radius="sm"
            bd="1px solid var(--mantine-color-default-border)"
            p={4}
            data-testid="logo-preview"
          />
          <Text size="sm" c="dimmed">
            {t(preview ? "company.field.logoNew" : "company.field.logoCurrent")}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
