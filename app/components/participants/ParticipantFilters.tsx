import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, TextInput } from "@mantine/core";
import { Form, Link } from "react-router";
import { useT } from "~/i18n/i18n-context";
import { COUNTRIES, REGISTRATION_STATUSES } from "~/schemas/enums";
import { PARTICIPANT_Q_MAX, type ParticipantFilter } from "~/schemas/participant-selection";

/** The participant list's filter: a GET form, so the filter lives in the URL and works without JavaScript. */
export function ParticipantFilters({ filter, action }: { filter: ParticipantFilter; action: string }) {
  const t = useT();
  return (
    <Paper withBorder p="md">
      <Form method="get" action={action} role="search" aria-label={t("participants.filter.title")}>
        {/* The sort order survives a new filter. */}
        {filter.sort !== "registeredAt" && <input type="hidden" name="sort" value={filter.sort} />}
        {filter.dir !== "asc" && <input type="hidden" name="dir" value={filter.dir} />}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput name="q" label={t("participants.filter.q")} defaultValue={filter.q} maxLength={PARTICIPANT_Q_MAX} data-testid="participants-q" />
          <NativeSelect
            name="state"
            label={t("participants.filter.state")}
            data={[{ value: "", label: t("participants.filter.anyState") }, ...REGISTRATION_STATUSES.map((s) => ({ value: s, label: t(`participants.status.${s}`) }))]}
            defaultValue={filter.state ?? ""}
            data-testid="participants-state"
          />
          <NativeSelect
            name="country"
            label={t("participants.filter.country")}
            data={[{ value: "", label: t("participants.filter.anyCountry") }, ...COUNTRIES.map((c) => ({ value: c, label: t(`country.${c}`) }))]}
            defaultValue={filter.country ?? ""}
            data-testid="participants-country"
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" variant="light" data-testid="participants-filter-submit">
            {t("participants.filter.apply")}
          </Button>
          <Anchor component={Link} to={action}>
            {t("participants.filter.reset")}
          </Anchor>
        </Group>
      </Form>
    </Paper>
  );
}
