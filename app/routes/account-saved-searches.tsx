import { Alert, Anchor, Badge, Button, Group, Modal, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormError, useFieldError } from "~/components/FormError";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { SAVED_SEARCH_FREQUENCIES, SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_PER_USER, SavedSearchIdSchema, UpdateSavedSearchSchema } from "~/schemas/saved-search";
import { AppError } from "~/server/errors";
import { getDb } from "~/server/db/client.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { deleteSavedSearch, listSavedSearches, setSavedSearchPaused, updateSavedSearch } from "~/server/saved-searches/saved-searches.server";
import type { Route } from "./+types/account-saved-searches";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.savedSearches.title");
}

/** The user's saved searches (issue 25, decision 061): rename, frequency, pause, delete, open. */
export async function loader({ context }: Route.LoaderArgs) {
  const items = await listSavedSearches(await getDb(), requireUser(context));
  return {
    items: items.map((s) => ({ ...s, lastDigestAt: s.lastDigestAt?.toISOString() ?? null, createdAt: s.createdAt.toISOString() })),
    max: SAVED_SEARCHES_PER_USER,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, { intent: "", id: "" });
  if (!(form instanceof FormData)) return form;
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  return handleAction(
    async () => {
      const actor = requireUser(context);
      const db = await getDb();
      if (intent === "update") {
        await updateSavedSearch(db, actor, parseForm(UpdateSavedSearchSchema, form));
      } else if (intent === "pause" || intent === "resume") {
        await setSavedSearchPaused(db, actor, parseForm(SavedSearchIdSchema, form).id, intent === "pause");
      } else if (intent === "delete") {
        await deleteSavedSearch(db, actor, parseForm(SavedSearchIdSchema, form).id);
      } else {
        throw new AppError("INVALID_INPUT");
      }
      return { ok: true as const, intent, id };
    },
    { intent, id },
  );
}

type Item = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

export default function AccountSavedSearches() {
  const t = useT();
  const locale = useLocale();
  const { items, max } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [toDelete, setToDelete] = useState<Item | null>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  return (
    <Stack>
      <Title order={1}>{t("page.savedSearches.title")}</Title>
      <Group gap="lg">
        <Anchor component={Link} to={href("account", locale)} data-testid="saved-searches-back">
          {t("accountInvoices.back")}
        </Anchor>
        <Anchor component={Link} to={href("search", locale)}>
          {t("savedSearches.toSearch")}
        </Anchor>
      </Group>
      <Text c="dimmed">{t("savedSearches.intro")}</Text>
      <Text role="status" data-testid="saved-search-count">
        {t("savedSearches.count", { count: items.length, max })}
      </Text>
      {result?.ok && (
        <Alert color="green" variant="light" role="status" data-testid="saved-searches-ok">
          {result.intent === "delete" ? t("savedSearches.deleted") : t("savedSearches.saved")}
        </Alert>
      )}
      {result && !result.ok && !result.fieldErrors && <FormError code={result.error} />}
      {items.length === 0 ? (
        <Text c="dimmed">{t("savedSearches.empty")}</Text>
      ) : (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: "none" }} data-testid="saved-search-list">
          {items.map((item) => (
            <li key={item.id}>
              <SavedSearchCard item={item} busy={busy} fieldErrors={result && !result.ok && result.id === item.id ? result.fieldErrors : undefined} onDelete={() => setToDelete(item)} />
            </li>
          ))}
        </Stack>
      )}
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title={t("savedSearches.deleteTitle")}>
        {toDelete && (
          <Form method="post" onSubmit={() => setToDelete(null)}>
            <Stack>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={toDelete.id} />
              <Text>{t("savedSearches.deleteText", { name: toDelete.name })}</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setToDelete(null)}>
                  {t("action.cancel")}
                </Button>
                <Button type="submit" color="red.9" data-testid="saved-search-delete-confirm">
                  {t("savedSearches.deleteConfirm")}
                </Button>
              </Group>
            </Stack>
          </Form>
        )}
      </Modal>
    </Stack>
  );
}

function SavedSearchCard({ item, busy, fieldErrors, onDelete }: { item: Item; busy: boolean; fieldErrors: Record<string, string> | undefined; onDelete: () => void }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const fieldError = useFieldError();
  const headingId = `saved-search-${item.id}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid="saved-search">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: "anywhere" }} data-testid="saved-search-name">
            {item.name}
          </Title>
          <Badge color={item.paused ? "gray.7" : "#1b5e20"} variant="filled" data-testid="saved-search-state">
            {item.paused ? t("savedSearches.paused") : t("savedSearches.active")}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {item.lastDigestAt ? t("savedSearches.lastDigest", { date: format.date(item.lastDigestAt) }) : t("savedSearches.noDigestYet")}
        </Text>
        <Anchor component={Link} to={`${href("search", locale)}?${item.params}`} data-testid="saved-search-open">
          {t("savedSearches.open")}
        </Anchor>
        <Form method="post">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={item.id} />
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              name="name"
              label={t("savedSearch.name")}
              defaultValue={item.name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              required
              error={fieldError(fieldErrors?.name)}
              style={{ flex: "1 1 14rem" }}
              data-testid="saved-search-rename"
            />
            <NativeSelect
              name="frequency"
              label={t("savedSearch.frequency")}
              defaultValue={item.frequency}
              data={SAVED_SEARCH_FREQUENCIES.map((f) => ({ value: f, label: t(`savedSearch.frequency.${f}`) }))}
              data-testid="saved-search-frequency"
            />
            <Button type="submit" variant="light" loading={busy} data-testid="saved-search-update">
              {t("action.save")}
            </Button>
          </Group>
        </Form>
        <Group gap="sm" role="group" aria-label={t("savedSearches.actionsFor", { name: item.name })}>
          <Form method="post">
            <input type="hidden" name="intent" value={item.paused ? "resume" : "pause"} />
            <input type="hidden" name="id" value={item.id} />
            <Button type="submit" variant="default" data-testid="saved-search-pause">
              {item.paused ? t("savedSearches.resume") : t("savedSearches.pause")}
            </Button>
          </Form>
          <Button variant="outline" color="var(--mantine-color-error)" onClick={onDelete} data-testid="saved-search-delete">
            {t("savedSearches.delete")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
