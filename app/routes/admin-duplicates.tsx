import { Alert, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { DuplicateConfirmDialog, type DuplicateChoice } from "~/components/duplicates/DuplicateConfirmDialog";
import { DuplicatePairCard } from "~/components/duplicates/DuplicatePairCard";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { NewsPager } from "~/components/news-admin/NewsPager";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import type { MessageKey, MessageValues } from "~/i18n/translate";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { DUPLICATE_DECISIONS, type DuplicateDecision, DuplicateResolveSchema } from "~/schemas/duplicates";
import { getDb } from "~/server/db/client.server";
import { listDuplicatePairs, requestDetection, resolvePairs } from "~/server/duplicates/resolution.server";
import { AppError } from "~/server/errors";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import type { Route } from "./+types/admin-duplicates";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminDuplicates.title");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const list = await listDuplicatePairs(await getDb(), user, Number.isFinite(page) ? page : 1, locale);
  const d = list.detection;
  return {
    items: list.items,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    detection: {
      running: d.running,
      failed: d.failed,
      finishedAt: d.finishedAt?.toISOString() ?? null,
      pairsFound: d.pairsFound,
      seconds: d.durationMs === null ? null : Math.round(d.durationMs / 100) / 10,
    },
  };
}

/** "Run detection now", or one choice for one or many pairs (confirmed in the dialog first). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const intent = String(form.get("intent"));
  return handleAction(async () => {
    const actor = requireUser(context);
    const db = await getDb();
    if (intent === "detect") {
      await requestDetection(db, actor);
      return { ok: true as const, notice: "duplicates.done.detection" as MessageKey, values: {} as MessageValues };
    }
    if (intent !== "resolve") throw new AppError("INVALID_INPUT");
    const { decision, pairs } = parseForm(DuplicateResolveSchema, form, ["pairs"]);
    const result = await resolvePairs(db, actor, pairs, decision);
    if (pairs.length === 1) {
      return { ok: true as const, notice: (decision === "KEEP_BOTH" ? "duplicates.done.keptBoth" : "duplicates.done.merged") as MessageKey, values: {} as MessageValues };
    }
    return {
      ok: true as const,
      notice: "duplicates.done.bulk" as MessageKey,
      values: { resolved: result.resolved, deleted: result.deleted, skipped: result.skipped } as MessageValues,
    };
  });
}

/** While detection runs, the page looks again every few seconds (state and the new pairs). */
function useRefreshWhile(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

export default function AdminDuplicates() {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkDecision, setBulkDecision] = useState<DuplicateDecision>("KEEP_BOTH");
  const [choice, setChoice] = useState<DuplicateChoice | null>(null);
  const failure = result && !result.ok ? result : undefined;
  const listHref = href("adminDuplicates", locale);
  const detection = loaded.detection;
  useRefreshWhile(detection.running);

  // A selection names pairs of this page as loaded: what is no longer listed drops out.
  const listed = loaded.items.map((p) => `${p.left.id}:${p.right.id}`);
  const listedKey = listed.join(",");
  useEffect(() => {
    setSelected((current) => new Set([...current].filter((key) => listedKey.split(",").includes(key))));
  }, [listedKey]);
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const allSelected = listed.length > 0 && listed.every((key) => selected.has(key));

  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminDuplicates.title")}</Title>
      <Text>{t("page.adminDuplicates.intro")}</Text>

      <Paper withBorder p="md" component="section" aria-labelledby="duplicate-detection-title">
        <Title order={2} size="h4" id="duplicate-detection-title" mb="xs">
          {t("page.adminDuplicates.detection.title")}
        </Title>
        <Group justify="space-between" wrap="wrap">
          <Text role="status" data-testid="duplicate-detection-state" data-running={detection.running ? "true" : "false"}>
            {detection.running
              ? t("page.adminDuplicates.detection.running")
              : detection.failed
                ? t("page.adminDuplicates.detection.failed")
                : detection.finishedAt
                  ? t("page.adminDuplicates.detection.last", { date: format.dateTime(detection.finishedAt), count: detection.pairsFound ?? 0, seconds: detection.seconds ?? 0 })
                  : t("page.adminDuplicates.detection.never")}
          </Text>
          <Form method="post">
            <input type="hidden" name="intent" value="detect" />
            <Button type="submit" variant="light" loading={detection.running || (navigation.state !== "idle" && navigation.formData?.get("intent") === "detect")} data-testid="duplicate-detect">
              {t("page.adminDuplicates.detection.run")}
            </Button>
          </Form>
        </Group>
      </Paper>

      {result?.ok && (
        <Alert color="green" role="status" data-testid="duplicate-done">
          {t(result.notice, result.values)}
        </Alert>
      )}
      <FormError code={failureCode(failure)} values={failure?.details} />

      <Text role="status" data-testid="duplicate-count">
        {t("page.adminDuplicates.count", { count: loaded.total })}
      </Text>

      {loaded.items.length === 0 ? (
        <Text c="dimmed" data-testid="duplicate-empty">
          {t("page.adminDuplicates.empty")}
        </Text>
      ) : (
        <>
          <Paper withBorder p="md" component="section" aria-labelledby="duplicate-bulk-title">
            <Title order={2} size="h4" id="duplicate-bulk-title" mb="xs">
              {t("page.adminDuplicates.bulk.title")}
            </Title>
            <Group align="flex-end" wrap="wrap">
              <Checkbox
                label={t("page.adminDuplicates.selectAll")}
                checked={allSelected}
                indeterminate={!allSelected && selected.size > 0}
                onChange={() => setSelected(allSelected ? new Set() : new Set(listed))}
                data-testid="duplicate-select-all"
              />
              <NativeSelect
                label={t("page.adminDuplicates.bulk.decision")}
                value={bulkDecision}
                onChange={(e) => setBulkDecision(e.currentTarget.value as DuplicateDecision)}
                data={DUPLICATE_DECISIONS.map((d) => ({ value: d, label: t(`duplicates.decision.${d}`) }))}
                data-testid="duplicate-bulk-decision"
              />
              <Button
                disabled={selected.size === 0}
                onClick={() => setChoice({ kind: "bulk", pairs: [...selected], decision: bulkDecision })}
                data-testid="duplicate-bulk-apply"
              >
                {t("page.adminDuplicates.bulk.apply", { count: selected.size })}
              </Button>
            </Group>
          </Paper>
          <Stack data-testid="duplicate-list">
            {loaded.items.map((pair) => {
              const key = `${pair.left.id}:${pair.right.id}`;
              return (
                <DuplicatePairCard key={key} pair={pair} selected={selected.has(key)} onToggle={() => toggle(key)} onChoose={(decision) => setChoice({ kind: "single", pair, decision })} />
              );
            })}
          </Stack>
        </>
      )}
      <NewsPager base={listHref} query="" page={loaded.page} pageCount={loaded.pageCount} />
      <DuplicateConfirmDialog choice={choice} onClose={() => setChoice(null)} />
    </Stack>
  );
}
