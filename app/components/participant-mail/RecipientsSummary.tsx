import { Alert, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";
import type { SelectionAudience } from "~/schemas/participant-selection";

interface Props {
  audience: SelectionAudience;
  recipients: Array<{ registrationId: string; name: string; email: string; locale: "de" | "cs" }>;
}

/** Who gets the mail: how the organiser chose them, how many, and (on demand) their names. */
export function RecipientsSummary({ audience, recipients }: Props) {
  const t = useT();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="mail-recipients-title">
      <Stack gap="xs">
        <Title order={2} size="h3" id="mail-recipients-title">
          {t("participantMail.recipients.title")}
        </Title>
        <Text>
          {t(`participantMail.audience.${audience}`)}: <strong data-testid="recipient-count">{t("participantMail.recipientCount", { count: recipients.length })}</strong>
        </Text>
        {recipients.length === 0 ? (
          <Alert color="orange" data-testid="no-recipients">
            {t("participantMail.noRecipients")}
          </Alert>
        ) : (
          <details>
            <summary style={{ cursor: "pointer" }}>{t("participantMail.showRecipients")}</summary>
            <List size="sm" mt="xs" data-testid="recipient-list">
              {recipients.map((r) => (
                <List.Item key={r.email} data-registration-id={r.registrationId} data-email={r.email}>
                  {r.name} ({r.email}, {t(`participantMail.lang.${r.locale}`)})
                </List.Item>
              ))}
            </List>
          </details>
        )}
      </Stack>
    </Paper>
  );
}
