import { Alert, Anchor, Badge, Button, Group, Paper, Progress, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { failureCode } from "~/components/failure-code";
import { FormError, useFieldError } from "~/components/FormError";
import { ConfirmPostModal } from "~/components/forms/ConfirmPostModal";
import { useLocale, useT } from "~/i18n/i18n-context";
import { isMessageKey, type MessageKey } from "~/i18n/translate";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { LIMITS, NewTagSchema } from "~/schemas/company";
import { getDb } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { queueAllMissingTranslations, translationServiceConfigured } from "~/server/translation/jobs.server";
import { type LastJob, listMissingTranslations, updateTagLabels } from "~/server/translation/missing.server";
import type { Route } from "./+types/admin-translations";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminTranslations.title");
}

const pageParam = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 1_000_000 ? n : 1;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const list = await listMissingTranslations(await getDb(), requireUser(context), {
    companyPage: pageParam(url.searchParams.get("cp")),
    tagPage: pageParam(url.searchParams.get("tp")),
  });
  return { ...list, serviceConfigured: translationServiceConfigured() };
}

const TagLabelsSchema = NewTagSchema.extend({ id: z.uuid("INVALID_INPUT") });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const intent = String(form.get("intent"));
  return handleAction(
    async () => {
      const actor = requireUser(context);
      const db = await getDb();
      if (intent === "translateAll") {
        const queued = await queueAllMissingTranslations(db, actor);
        return { ok: true as const, notice: "page.adminTranslations.queued" as MessageKey, count: queued.companies + queued.tags, tagId: null };
      }
      if (intent === "saveTag") {
        const { id, de, cs } = parseForm(TagLabelsSchema, form);
        await updateTagLabels(db, actor, id, { de, cs });
        return { ok: true as const, notice: "page.adminTranslations.tagSaved" as MessageKey, count: 0, tagId: id };
      }
      throw new AppError("INVALID_INPUT");
    },
    { tagId: typeof form.get("id") === "string" ? String(form.get("id")) : null },
  );
}

/** Refreshes the lists while a bulk translation runs (a reload shows the same without JavaScript). */
const REFRESH_MS = 2_000;

export default function AdminTranslations() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const busy = useNavigation().state !== "idle";
  const running = loaded.progress.open > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const failure = result && !result.ok ? result : undefined;
  const base = href("adminTranslations", locale);
  const pageHref = (cp: number, tp: number) => `${base}?cp=${cp}&tp=${tp}`;
  const { progress } = loaded;
  const finished = progress.done + progress.failed;
  const all = finished + progress.open;

  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminTranslations.title")}</Title>
      <Text>{t("page.adminTranslations.intro")}</Text>
      {!loaded.serviceConfigured && (
        <Alert color="gray" variant="light" data-testid="translations-no-service">
          {t("page.adminTranslations.noService")}
        </Alert>
      )}
      {result?.ok && (
        <Alert color="green" role="status" data-testid="translations-done">
          {t(result.notice, { count: result.count })}
        </Alert>
      )}
      {failure && !failure.fieldErrors && <FormError code={failureCode(failure)} values={failure.details} />}

      {loaded.serviceConfigured && (
        <Paper withBorder p="md" component="section" aria-labelledby="translations-bulk-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="translations-bulk-title">
              {t("page.adminTranslations.bulkTitle")}
            </Title>
            <Text size="sm">{t("page.adminTranslations.bulkText", { count: loaded.translatable })}</Text>
            {all > 0 && (
              <Stack gap={4} data-testid="translations-progress" data-open={progress.open}>
                <Progress.Root size="lg" aria-hidden>
                  <Progress.Section value={(progress.done / all) * 100} color="green" />
                  <Progress.Section value={(progress.failed / all) * 100} color="red" />
                </Progress.Root>
                <Text size="sm" role="status">
                  {t("page.adminTranslations.progress", { done: progress.done, failed: progress.failed, total: all })}
                </Text>
              </Stack>
            )}
            <Group>
              <Button onClick={() => setConfirming(true)} disabled={loaded.translatable === 0 || running} data-testid="translations-translate-all">
                {t("page.adminTranslations.translateAll")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      <Stack gap="xs" component="section" aria-labelledby="translations-companies-title">
        <Title order={2} size="h3" id="translations-companies-title">
          {t("page.adminTranslations.companiesTitle", { count: loaded.companies.total })}
        </Title>
        {loaded.companies.rows.length === 0 ? (
          <Text c="dimmed" data-testid="translations-companies-empty">
            {t("page.adminTranslations.companiesEmpty")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped data-testid="translations-companies">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("page.adminTranslations.colCompany")}</Table.Th>
                  <Table.Th>{t("page.adminTranslations.colMissing")}</Table.Th>
                  <Table.Th>{t("page.adminTranslations.colMachine")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loaded.companies.rows.map((row) => (
                  <Table.Tr key={row.id} data-company-row={row.id}>
                    <Table.Td>
                      <Anchor component={Link} to={href("companyEdit", locale, { id: row.id })}>
                        {row.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Missing de={row.missingDe} cs={row.missingCs} />
                    </Table.Td>
                    <Table.Td>
                      <JobState job={row.lastJob} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager page={loaded.companies.page} pageCount={loaded.companies.pageCount} hrefOf={(n) => pageHref(n, loaded.tags.page)} label={t("page.adminTranslations.companiesPages")} />
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="translations-tags-title">
        <Title order={2} size="h3" id="translations-tags-title">
          {t("page.adminTranslations.tagsTitle", { count: loaded.tags.total })}
        </Title>
        {loaded.tags.rows.length === 0 ? (
          <Text c="dimmed" data-testid="translations-tags-empty">
            {t("page.adminTranslations.tagsEmpty")}
          </Text>
        ) : (
          <Stack gap="sm" data-testid="translations-tags">
            {loaded.tags.rows.map((row) => (
              <TagRow key={row.id} row={row} busy={busy} failure={failure && "tagId" in failure && failure.tagId === row.id ? failure : undefined} />
            ))}
          </Stack>
        )}
        <Pager page={loaded.tags.page} pageCount={loaded.tags.pageCount} hrefOf={(n) => pageHref(loaded.companies.page, n)} label={t("page.adminTranslations.tagsPages")} />
      </Stack>

      <ConfirmPostModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("page.adminTranslations.confirmTitle")}
        text={t("page.adminTranslations.confirmText", { count: loaded.translatable })}
        fields={{ intent: "translateAll" }}
        confirmLabel={t("page.adminTranslations.confirm")}
        testId="translations-confirm"
      />
    </Stack>
  );
}

function Missing({ de, cs }: { de: boolean; cs: boolean }) {
  const t = useT();
  return (
    <Group gap={4}>
      {de && (
        <Badge color="gray.7">
          {t("page.adminTranslations.missingDe")}
        </Badge>
      )}
      {cs && (
        <Badge color="gray.7">
          {t("page.adminTranslations.missingCs")}
        </Badge>
      )}
    </Group>
  );
}

function JobState({ job }: { job: LastJob | null }) {
  const t = useT();
  if (!job) return <Text size="sm">–</Text>;
  const reason = `translation.reason.${job.errorCode ?? ""}`;
  return (
    <Text size="sm" c={job.status === "FAILED" ? "red.8" : undefined} data-job-status={job.status}>
      {t(`page.adminTranslations.job.${job.status}`)}
      {job.status === "FAILED" && isMessageKey(reason) ? ` (${t(reason)})` : ""}
    </Text>
  );
}

interface TagFailure {
  error?: string;
  fieldErrors?: Record<string, string>;
  details?: Record<string, string | number>;
}

/** One tag's two labels, completed by hand (both required, as for a new tag). */
function TagRow({ row, busy, failure }: { row: { id: string; labelDe: string; labelCs: string; lastJob: LastJob | null }; busy: boolean; failure: TagFailure | undefined }) {
  const t = useT();
  const fieldError = useFieldError();
  const [errors, setErrors] = useState<Record<string, string | undefined>>(failure?.fieldErrors ?? {});
  useEffect(() => setErrors(failure?.fieldErrors ?? {}), [failure]);
  return (
    <Paper withBorder p="sm" data-tag-row={row.id}>
      <Form method="post">
        <input type="hidden" name="intent" value="saveTag" />
        <input type="hidden" name="id" value={row.id} />
        <Group align="flex-end" wrap="wrap">
          <TextInput
            name="de"
            lang="de"
            label={t("company.tag.labelDe")}
            defaultValue={row.labelDe}
            maxLength={LIMITS.tagLabel}
            withAsterisk
            error={fieldError(errors["de"])}
            onChange={() => setErrors((e) => ({ ...e, de: undefined }))}
            data-testid="tag-label-de"
          />
          <TextInput
            name="cs"
            lang="cs"
            label={t("company.tag.labelCs")}
            defaultValue={row.labelCs}
            maxLength={LIMITS.tagLabel}
            withAsterisk
            error={fieldError(errors["cs"])}
            onChange={() => setErrors((e) => ({ ...e, cs: undefined }))}
            data-testid="tag-label-cs"
          />
          <Button type="submit" loading={busy} data-testid="tag-save">
            {t("action.save")}
          </Button>
          <JobState job={row.lastJob} />
        </Group>
        {failure && !failure.fieldErrors && <FormError code={failureCode(failure)} values={failure.details} />}
      </Form>
    </Paper>
  );
}

function Pager({ page, pageCount, hrefOf, label }: { page: number; pageCount: number; hrefOf: (page: number) => string; label: string }) {
  const t = useT();
  if (pageCount <= 1) return null;
  return (
    <Group component="nav" aria-label={label}>
      {page > 1 && (
        <Anchor component={Link} to={hrefOf(page - 1)}>
          {t("page.adminTranslations.previous")}
        </Anchor>
      )}
      <Text>{t("page.adminTranslations.pageOf", { page, pages: pageCount })}</Text>
      {page < pageCount && (
        <Anchor component={Link} to={hrefOf(page + 1)}>
          {t("page.adminTranslations.next")}
        </Anchor>
      )}
    </Group>
  );
}
