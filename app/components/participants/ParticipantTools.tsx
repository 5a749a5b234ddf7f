import { Button, Group, Paper, Text } from "@mantine/core";
import { useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import { isFiltered, type ParticipantFilter, selectionSearchParams } from "~/schemas/participant-selection";

export const TOOLS_FORM_ID = "participant-tools";

export interface ToolAvailability {
  mail: boolean;
  nameTags: boolean;
  pdf: boolean;
}

/**
 * What the organiser does with the participants shown: e-mail, name tags, CSV and PDF. One GET form
 * carries the filter as hidden fields and the ticked rows (their checkboxes name this form), so each
 * tool receives exactly the selection in its query string — with or without JavaScript.
 */
export function ParticipantTools({ eventId, filter, tools, ticked, shown }: { eventId: string; filter: ParticipantFilter; tools: ToolAvailability; ticked: number; shown: number }) {
  const t = useT();
  const locale = useLocale();
  const hidden = [...selectionSearchParams({ filter, ids: [] }, { withIds: false }).entries()];
  const scope = ticked > 0 ? t("participants.tools.scopeSelected", { count: ticked }) : isFiltered(filter) ? t("participants.tools.scopeFiltered", { count: shown }) : t("participants.tools.scopeAll", { count: shown });
  const target = (page: string) => href(page, locale, { id: eventId });
  return (
    <Paper withBorder p="sm">
      <form id={TOOLS_FORM_ID} method="get" aria-label={t("participants.tools.title")}>
        {hidden.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text role="status" data-testid="participants-scope">
            {scope}
          </Text>
          <Group gap="xs" wrap="wrap">
            {tools.mail && (
              <Button type="submit" formAction={target("adminParticipantMail")} size="compact-md" variant="light" data-testid="tool-mail">
                {t("participants.tools.mail")}
              </Button>
            )}
            {tools.nameTags && (
              <Button type="submit" formAction={target("adminNameTags")} size="compact-md" variant="light" data-testid="tool-name-tags">
                {t("participants.tools.nameTags")}
              </Button>
            )}
            <Button type="submit" formAction={target("adminParticipantsCsv")} size="compact-md" variant="default" data-testid="tool-csv">
              {t("participants.tools.csv")}
            </Button>
            {tools.pdf && (
              <Button type="submit" formAction={target("adminParticipantsPdf")} size="compact-md" variant="default" data-testid="tool-pdf">
                {t("participants.tools.pdf")}
              </Button>
            )}
          </Group>
        </Group>
      </form>
    </Paper>
  );
}
