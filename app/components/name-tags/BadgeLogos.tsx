import { ActionIcon, Alert, Button, Group, Image, Input, Modal, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { type FieldErrorMap, useLiveValidation } from "~/components/forms/use-live-validation";
import { useT } from "~/i18n/i18n-context";
import { BADGE_LOGO_LIMITS, LOGO_FIELD, logoFileError, uploadedLogos } from "~/schemas/name-tags";

export interface LogoItem {
  id: string;
  fileName: string;
  src: string;
}

interface Props {
  logos: LogoItem[];
  /** The server's error at the file field (count, size, type). */
  serverErrors?: FieldErrorMap | undefined;
}

const MAX_MB = BADGE_LOGO_LIMITS.maxBytes / (1024 * 1024);

/**
 * The event's name-tag logos: shown in print order, each moved left/right or removed (after a
 * confirmation), and an upload form for more. The browser checks count, size and type before
 * sending; the server checks again (decision 022).
 */
export function BadgeLogos({ logos, serverErrors }: Props) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const [confirm, setConfirm] = useState<LogoItem | null>(null);
  const full = logos.length >= BADGE_LOGO_LIMITS.count;
  const validate = (form: FormData): FieldErrorMap => {
    const error = logoFileError(uploadedLogos(form), logos.length);
    return error ? { [LOGO_FIELD]: error } : {};
  };
  const { formProps, error } = useLiveValidation({ validate, serverErrors });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="badge-logos-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="badge-logos-title">
          {t("nameTags.logos.title")}
        </Title>
        <Text size="sm">{t("nameTags.logos.hint", { max: BADGE_LOGO_LIMITS.count, maxMb: MAX_MB })}</Text>
        {logos.length === 0 ? (
          <Text c="dimmed">{t("nameTags.logos.none")}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} data-testid="badge-logos">
            {logos.map((logo, index) => (
              <Paper key={logo.id} withBorder p="xs" data-testid="badge-logo">
                <Image src={logo.src} alt={logo.fileName} h={60} fit="contain" bg="white" />
                <Text size="sm" truncate mt={4}>
                  {logo.fileName}
                </Text>
                <Group gap={4} mt={4} wrap="wrap">
                  <MoveButton logo={logo} direction="up" disabled={busy || index === 0} label={t("nameTags.logos.moveUp", { name: logo.fileName })} symbol="←" />
                  <MoveButton logo={logo} direction="down" disabled={busy || index === logos.length - 1} label={t("nameTags.logos.moveDown", { name: logo.fileName })} symbol="→" />
                  <Button size="compact-sm" color="red" variant="light" onClick={() => setConfirm(logo)} aria-label={t("nameTags.logos.remove", { name: logo.fileName })} data-testid="badge-logo-remove">
                    {t("nameTags.logos.removeButton")}
                  </Button>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        {full ? (
          <Alert color="blue" variant="light">
            {t("nameTags.logos.full", { max: BADGE_LOGO_LIMITS.count })}
          </Alert>
        ) : (
          // Keyed by the logos: a saved upload leaves an empty form.
          <Form key={logos.map((l) => l.id).join()} method="post" encType="multipart/form-data" {...formProps} data-testid="badge-logo-form">
            <Group align="flex-end" gap="sm">
              <Input.Wrapper label={t("nameTags.logos.add")} labelProps={{ htmlFor: "badge-logo-input" }} error={error(LOGO_FIELD)} data-field={LOGO_FIELD}>
                <input
                  id="badge-logo-input"
                  type="file"
                  name={LOGO_FIELD}
                  multiple
                  accept={BADGE_LOGO_LIMITS.types.join(",")}
                  aria-invalid={error(LOGO_FIELD) ? "true" : undefined}
                  style={{ display: "block", marginTop: 4 }}
                  data-testid="badge-logo-input"
                />
              </Input.Wrapper>
              <Button type="submit" disabled={busy} data-testid="badge-logo-upload">
                {t("nameTags.logos.upload")}
              </Button>
            </Group>
          </Form>
        )}
      </Stack>

      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={t("nameTags.logos.removeTitle")}>
        <Form method="post" onSubmit={() => setConfirm(null)}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="logoId" value={confirm?.id ?? ""} />
          <Text mb="md">{t("nameTags.logos.removeText", { name: confirm?.fileName ?? "" })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t("action.cancel")}
            </Button>
            <Button type="submit" color="red" data-testid="badge-logo-remove-confirm">
              {t("nameTags.logos.removeButton")}
            </Button>
          </Group>
        </Form>
      </Modal>
    </Paper>
  );
}

function MoveButton({ logo, direction, disabled, label, symbol }: { logo: LogoItem; direction: "up" | "down"; disabled: boolean; label: string; symbol: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="logoId" value={logo.id} />
      <input type="hidden" name="direction" value={direction} />
      <ActionIcon type="submit" variant="default" disabled={disabled} aria-label={label} data-testid={`badge-logo-${direction}`}>
        {symbol}
      </ActionIcon>
    </Form>
  );
}
