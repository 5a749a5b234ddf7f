import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { ImportDraftEditor } from "~/components/import-admin/ImportDraftEditor";
import { ImportUploadForm } from "~/components/import-admin/ImportUploadForm";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { ImportMappingFormSchema, ImportSettingsSchema, ImportUploadSchema, SaveMappingSchema, SEPARATOR_NAMES } from "~/schemas/import-create";
import { getDb } from "~/server/db/client.server";
import { AppError, isAppError } from "~/server/errors";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import {
  createImportDraft,
  deleteMapping,
  discardDraft,
  draftHeaders,
  listDrafts,
  listMappings,
  previewDraft,
  saveDraftMapping,
  saveMapping,
  startImport,
  updateDraftSettings,
} from "~/server/imports/drafts.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/admin-import-create";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminImportCreate.title");
}

/** Without `?import=<id>`: the upload form and the open drafts. With it: that draft's mapping step. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  const id = url.searchParams.get("import");
  const doneParam = url.searchParams.get("done");
  const done = doneParam === "discarded" ? ("import.create.doneDiscarded" as const) : doneParam === "settings" ? ("import.create.doneSettings" as const) : null;
  if (!id) {
    const drafts = await listDrafts(db, user);
    return { step: "upload" as const, done, drafts: drafts.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })) };
  }
  try {
    const view = await previewDraft(db, getStorage(), user, id);
    const mappings = await listMappings(db, user);
    return { step: "mapping" as const, done, view: { ...view, draft: { ...view.draft, createdAt: view.draft.createdAt.toISOString() } }, mappings };
  } catch (error) {
    // A started import is followed on the import list; an unknown id is not a page.
    if (isAppError(error) && error.code === "IMPORT_NOT_DRAFT") throw redirect(href("adminImports", locale));
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
    if (isAppError(error) && error.code === "IMPORT_FILE_UNREADABLE") return { step: "unreadable" as const, done, id };
    throw error;
  }
}

const uploadedFile = (form: FormData) => {
  const file = form.get("file");
  return file instanceof File && file.size > 0 ? file : null;
};

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const intent = String(form.get("intent") ?? "");
  return handleAction(async () => {
    const user = requireUser(context);
    const db = await getDb();
    const storage = getStorage();
    const createHref = href("adminImportCreate", locale);
    if (intent === "upload") {
      const input = parseForm(ImportUploadSchema, form);
      const { id } = await createImportDraft(db, storage, user, { ...input, file: uploadedFile(form) });
      return redirect(`${createHref}?import=${id}`);
    }
    const id = String(form.get("import") ?? "");
    const draftHref = `${createHref}?import=${encodeURIComponent(id)}`;
    if (intent === "settings") {
      const input = parseForm(ImportSettingsSchema, form);
      await updateDraftSettings(db, storage, user, id, { ...input, separator: input.separator ? SEPARATOR_NAMES[input.separator] : undefined });
      return redirect(`${draftHref}&done=settings`);
    }
    if (intent === "save-draft") {
      const { mapping, verify } = parseForm(ImportMappingFormSchema, form);
      await saveDraftMapping(db, user, id, { mapping, verify });
      return { ok: true as const, notice: "import.create.draftSaved" as const };
    }
    if (intent === "start") {
      const input = parseForm(ImportMappingFormSchema, form);
      await startImport(db, user, id, input);
      return redirect(`${href("adminImports", locale)}?started=${encodeURIComponent(id)}`);
    }
    if (intent === "save-mapping") {
      const input = parseForm(SaveMappingSchema, form);
      await saveMapping(db, user, { ...input, headers: await draftHeaders(db, user, id) });
      return { ok: true as const, notice: "import.create.savedDone" as const };
    }
    if (intent === "delete-mapping") {
      await deleteMapping(db, user, String(form.get("mappingId") ?? ""));
      return { ok: true as const, notice: "import.create.savedDeleted" as const };
    }
    if (intent === "discard") {
      await discardDraft(db, storage, user, id);
      return redirect(`${createHref}?done=discarded`);
    }
    throw new AppError("INVALID_INPUT");
  });
}

export default function AdminImportCreate() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminImportCreate.title")}</Title>
      <Anchor component={Link} to={href("adminImports", locale)} data-testid="import-back">
        {t("import.create.backToList")}
      </Anchor>
      {loaded.done && (
        <Alert color="green" role="status" data-testid="import-notice">
          {t(loaded.done)}
        </Alert>
      )}
      {loaded.step === "upload" && <ImportUploadForm drafts={loaded.drafts} result={result} />}
      {loaded.step === "mapping" && <ImportDraftEditor key={loaded.view.draft.id + JSON.stringify(loaded.view.draft.mapping) + loaded.view.inspection.headers.join("|")} view={loaded.view} mappings={loaded.mappings} result={result} />}
      {loaded.step === "unreadable" && (
        <Text role="alert" c="red" data-testid="import-unreadable">
          {t("error.IMPORT_FILE_UNREADABLE")}
        </Text>
      )}
    </Stack>
  );
}
