import { Alert, Anchor, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormError, useFieldError } from "~/components/FormError";
import { useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import { SAVED_SEARCH_FREQUENCIES, SAVED_SEARCH_NAME_MAX } from "~/schemas/saved-search-limits";

export interface SaveSearchOutcome {
  ok: boolean;
  error?: string | undefined;
  fieldErrors?: Record<string, string> | undefined;
}

/**
 * "Save this search" (issue 25, decision 061) for a signed-in user: a name and how often new
 * matches are mailed. The form posts to the page's own URL, so the search saved is the one shown.
 */
export function SaveSearchPanel({ defaultName, outcome }: { defaultName: string; outcome: SaveSearchOutcome | undefined }) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const fieldError = useFieldError();
  const [open, setOpen] = useState(outcome !== undefined && !outcome.ok);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "saveSearch";

  if (outcome?.ok) {
    return (
      <Alert color="green" variant="light" role="status" data-testid="save-search-done">
        <Group gap="sm">
          <Text size="sm">{t("savedSearch.save.done")}</Text>
          <Anchor component={Link} to={href("savedSearches", locale)} size="sm" data-testid="save-search-manage">
            {t("savedSearch.save.manageLink")}
          </Anchor>
        </Group>
      </Alert>
    );
  }
  if (!open) {
    return (
      <Group>
        <Button variant="light" onClick={() => setOpen(true)} data-testid="save-search-open">
          {t("savedSearch.save.open")}
        </Button>
      </Group>
    );
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="save-search-title">
      <Form method="post">
        <Stack gap="sm">
          <Title order={2} size="h4" id="save-search-title">
            {t("savedSearch.save.title")}
          </Title>
          <Text size="sm">{t("savedSearch.save.intro")}</Text>
          <input type="hidden" name="intent" value="saveSearch" />
          <TextInput
            name="name"
            label={t("savedSearch.name")}
            defaultValue={defaultName.slice(0, SAVED_SEARCH_NAME_MAX)}
            maxLength={SAVED_SEARCH_NAME_MAX}
            required
            error={fieldError(outcome?.fieldErrors?.name)}
            data-testid="save-search-name"
          />
          <Radio.Group name="frequency" label={t("savedSearch.frequency")} defaultValue="DAILY">
            <Group mt="xs">
              {SAVED_SEARCH_FREQUENCIES.map((f) => (
                <Radio key={f} value={f} label={t(`savedSearch.frequency.${f}`)} data-testid={`save-search-${f}`} />
              ))}
            </Group>
          </Radio.Group>
          {outcome && !outcome.ok && !outcome.fieldErrors?.name && <FormError code={outcome.error} />}
          <Group>
            <Button type="submit" loading={busy} data-testid="save-search-submit">
              {t("savedSearch.save.submit")}
            </Button>
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("action.cancel")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
