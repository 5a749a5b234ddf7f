import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useActionData, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { BadgeLogos } from "~/components/name-tags/BadgeLogos";
import { BadgePreview } from "~/components/name-tags/BadgePreview";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { sheetCount } from "~/schemas/badge-layout";
import { LOGO_FIELD, logoActionSchema, uploadedLogos } from "~/schemas/name-tags";
import { parseParticipantSelection, selectionQuery } from "~/schemas/participant-selection";
import { getDb } from "~/server/db/client.server";
import { parseForm } from "~/server/http/actions.server";
import { throwPageError } from "~/server/http/page-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { addBadgeLogos, moveBadgeLogo, removeBadgeLogo } from "~/server/name-tags/logos.server";
import { badgeFor, nameTagSet } from "~/server/name-tags/name-tags.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/admin-name-tags";
import { toolkitAction } from "~/server/participants/toolkit-action.server";
import { privateFileUrl } from "~/server/storage/file-kinds";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminNameTags.title");
}

/**
 * Name tags for the participant list's selection (decision 022): whom they are for, the event's
 * logos, a true-size preview of the first badge and the link to the PDF with the same selection.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const selection = parseParticipantSelection(url.searchParams);
  const set = await nameTagSet(await getDb(), requireUser(context), params.id, selection, locale).catch(throwPageError);
  const first = set.rows[0];
  const hasLogos = set.logos.length > 0;
  return {
    eventId: set.eventId,
    title: set.title,
    audience: set.audience,
    count: set.rows.length,
    sheets: sheetCount(set.rows.length),
    leftOut: set.leftOut,
    query: selectionQuery(selection),
    listQuery: selectionQuery(selection, { withIds: false }),
    logos: set.logos.map((logo) => ({ id: logo.id, fileName: logo.fileName, src: privateFileUrl(logo.storageKey) })),
    preview: first ? { name: first.personName ?? "", ...pick(badgeFor(first, set.eventId, locale, hasLogos)) } : null,
  };
}

/** What the browser needs of a badge (the URL itself stays in the QR code). */
const pick = ({ text, qr }: ReturnType<typeof badgeFor>) => ({ text, qr });

export async function action({ request, params, context }: Route.ActionArgs) {
  return toolkitAction(request, context, params.id, async ({ db, user, form }) => {
    const intent = form.get("intent");
    if (intent === "remove" || intent === "move") {
      const input = parseForm(logoActionSchema, form);
      if (input.intent === "remove") await removeBadgeLogo(db, user, params.id, input.logoId, getStorage());
      else await moveBadgeLogo(db, user, params.id, input.logoId, input.direction);
      return { ok: true as const, done: input.intent === "remove" ? ("removed" as const) : ("moved" as const) };
    }
    await addBadgeLogos(db, user, params.id, uploadedLogos(form), getStorage());
    return { ok: true as const, done: "uploaded" as const };
  });
}

export default function AdminNameTags() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && !result.ok ? result : undefined;
  // File errors show at the file field; any other refusal above the page's forms.
  const atField = failure?.details?.["field"] === LOGO_FIELD && failure.error;
  const serverErrors = atField ? { [LOGO_FIELD]: { code: failure.error!, values: failure.details } } : undefined;
  const ids = { id: loaded.eventId };
  const listHref = `${href("adminParticipants", locale, ids)}${loaded.listQuery}`;

  return (
    <Stack maw={1100}>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminNameTags.title")}</Title>
      <Text fw={600}>{t("nameTags.event", { title: loaded.title })}</Text>
      <Anchor component={Link} to={listHref} data-testid="name-tags-back">
        {t("nameTags.backToList")}
      </Anchor>
      <Text>{t("nameTags.intro")}</Text>

      {result?.ok && (
        <Alert color="green" role="status" data-testid="name-tags-done">
          {t(`nameTags.logos.${result.done}`)}
        </Alert>
      )}
      {!atField && <FormError code={failureCode(failure)} values={failure?.details} />}

      <Paper withBorder p="md" component="section" aria-labelledby="name-tags-whom">
        <Stack gap="xs">
          <Title order={2} size="h3" id="name-tags-whom">
            {t("nameTags.whom.title")}
          </Title>
          <Text>{t(`nameTags.whom.${loaded.audience}`)}</Text>
          <Text fw={600} role="status" data-testid="name-tags-count">
            {t("nameTags.count", { count: loaded.count, sheets: Math.max(1, loaded.sheets) })}
          </Text>
          {loaded.leftOut > 0 && (
            <Text size="sm" data-testid="name-tags-left-out">
              {t("nameTags.leftOut", { count: loaded.leftOut })}
            </Text>
          )}
          <Group gap="sm">
            {loaded.count > 0 ? (
              <Button component="a" href={`${href("adminNameTagsPdf", locale, ids)}${loaded.query}`} data-testid="name-tags-print">
                {t("nameTags.print")}
              </Button>
            ) : (
              <Text c="dimmed">{t("error.NAME_TAGS_NONE")}</Text>
            )}
            <Anchor component={Link} to={listHref}>
              {t("nameTags.changeSelection")}
            </Anchor>
          </Group>
        </Stack>
      </Paper>

      {loaded.preview && (
        <Paper withBorder p="md" component="section" aria-labelledby="name-tags-preview">
          <Stack gap="xs">
            <Title order={2} size="h3" id="name-tags-preview">
              {t("nameTags.preview.title")}
            </Title>
            <Text size="sm">{t("nameTags.preview.hint")}</Text>
            <BadgePreview name={loaded.preview.name} text={loaded.preview.text} qr={loaded.preview.qr} logos={loaded.logos.map((l) => ({ id: l.id, src: l.src, alt: l.fileName }))} />
          </Stack>
        </Paper>
      )}

      <BadgeLogos logos={loaded.logos} serverErrors={serverErrors} />
    </Stack>
  );
}
