import { Alert, Anchor, Badge, Button, Group, Modal, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useLoaderData, useRevalidator } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { ImportProgressCell } from "~/components/import-admin/ImportProgressCell";
import { ScrollRegion } from "~/components/participant-mail/ScrollRegion";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { ImportDeleteSchema } from "~/schemas/import-list";
import type { ImportStatus } from "~/schemas/imports";
import { getDb } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { deleteImport, listImports } from "~/server/imports/list.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/admin-imports";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminImports.title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const items = await listImports(await getDb(), user);
  return { items: items.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const actor = requireUser(context);
    if (form.get("intent") !== "delete") throw new AppError("INVALID_INPUT");
    const { id } = parseForm(ImportDeleteSchema, form);
    await deleteImport(await getDb(), actor, id, getStorage());
    return { ok: true as const };
  });
}

/** How often the list asks for the state while an import is queued or running. */
const REFRESH_MS = 1000;

// Filled dark shades keep white text above 4.5:1 (as the mail progress badges).
const STATUS_COLORS: Record<ImportStatus, string> = { DRAFT: "gray.7", FILE_UPLOADED: "gray.7", PROCESSING: "brand.7", READY: "#1b5e20", ERROR: "#a61e1e" };

export default function AdminImports() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && !result.ok ? result : undefined;
  const [target, setTarget] = useState<{ id: string; fileName: string } | null>(null);
  const revalidator = useRevalidator();
  const active = loaded.items.some((i) => i.status === "FILE_UPLOADED" || i.status === "PROCESSING");
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);

  const errorText = (code: string | null) => {
    const known = code === "IMPORT_FILE_UNREADABLE" || code === "IMPORT_ATTEMPTS_EXHAUSTED";
    return t((known ? `import.status.error.${code}` : "import.status.error.other") as MessageKey);
  };

  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminImports.title")}</Title>
      <Text>{t("page.adminImports.intro")}</Text>
      <Group>
        <Button component={Link} to={href("adminImportCreate", locale)} data-testid="import-new">
          {t("import.list.new")}
        </Button>
      </Group>
      {result?.ok && (
        <Alert color="green" role="status" data-testid="import-deleted">
          {t("import.list.deleted")}
        </Alert>
      )}
      <FormError code={failureCode(failure)} values={failure?.details} />
      {loaded.items.length === 0 ? (
        <Text c="dimmed" data-testid="import-empty">
          {t("import.list.empty")}
        </Text>
      ) : (
        <ScrollRegion labelledBy="import-list-caption">
          <Table striped miw={900} data-testid="import-list">
            <Table.Caption id="import-list-caption">{t("import.list.caption")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("import.list.file")}</Table.Th>
                <Table.Th>{t("import.list.importer")}</Table.Th>
                <Table.Th>{t("import.list.date")}</Table.Th>
                <Table.Th>{t("import.list.status")}</Table.Th>
                <Table.Th>{t("import.list.progress")}</Table.Th>
                <Table.Th>{t("import.list.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaded.items.map((item) => (
                <Table.Tr key={item.id} data-testid="import-row" data-status={item.status} data-id={item.id}>
                  <Table.Td>{item.fileName}</Table.Td>
                  <Table.Td>{item.importer ?? t("import.list.unknownImporter")}</Table.Td>
                  <Table.Td>{format.dateTime(item.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[item.status]} variant="filled" tt="none" data-testid="import-status">
                      {t(`import.status.${item.status}`)}
                    </Badge>
                    {item.status === "ERROR" && (
                      <Text size="sm" mt={4} data-testid="import-error">
                        {errorText(item.errorCode)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ImportProgressCell row={item} />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      {item.status === "DRAFT" && (
                        <Anchor component={Link} to={`${href("adminImportCreate", locale)}?import=${item.id}`} data-testid="import-continue">
                          {t("import.list.continue")}
                        </Anchor>
                      )}
                      {item.failed > 0 && (
                        <>
                          <Anchor href={href("adminImportsReportCsv", locale, { id: item.id })} download data-testid="import-report-csv">
                            {t("import.list.reportCsv")}
                          </Anchor>
                          <Anchor href={href("adminImportsReportXlsx", locale, { id: item.id })} download data-testid="import-report-xlsx">
                            {t("import.list.reportXlsx")}
                          </Anchor>
                        </>
                      )}
                      {item.status !== "PROCESSING" && (
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          onClick={() => setTarget({ id: item.id, fileName: item.fileName })}
                          aria-label={t("import.list.deleteLabel", { file: item.fileName })}
                          data-testid="import-delete"
                        >
                          {t("import.list.delete")}
                        </Button>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
      <Modal opened={target !== null} onClose={() => setTarget(null)} title={t("import.list.deleteTitle")}>
        <Form method="post" onSubmit={() => setTarget(null)} data-testid="import-delete-dialog">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={target?.id ?? ""} />
          <Text mb="md">{t("import.list.deleteText", { file: target?.fileName ?? "" })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTarget(null)}>
              {t("import.list.cancel")}
            </Button>
            <Button type="submit" color="red" data-testid="import-delete-confirm">
              {t("import.list.deleteConfirm")}
            </Button>
          </Group>
        </Form>
      </Modal>
    </Stack>
  );
}
