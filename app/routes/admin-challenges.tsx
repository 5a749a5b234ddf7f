import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useActionData, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { ChallengeTable } from "~/components/admin/ChallengeTable";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { useLocale, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { type ChallengeFilter, ChallengeDecisionSchema, ChallengeFilterSchema } from "~/schemas/approvals";
import { handleChallenge, listChallenges } from "~/server/companies/challenges.server";
import { getDb } from "~/server/db/client.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import type { Route } from "./+types/admin-challenges";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminChallenges.title");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { status } = ChallengeFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { status, rows: await listChallenges(await getDb(), requireUser(context), status) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const { id, status } = parseForm(ChallengeDecisionSchema, form);
    await handleChallenge(await getDb(), requireUser(context), id, status);
    return { ok: true as const, status };
  });
}

const FILTERS: Array<{ value: ChallengeFilter; label: MessageKey }> = [
  { value: "PENDING", label: "challengeStatus.PENDING" },
  { value: "COMPANY_UPDATED", label: "challengeStatus.COMPANY_UPDATED" },
  { value: "NO_UPDATES", label: "challengeStatus.NO_UPDATES" },
  { value: "ALL", label: "adminChallenges.all" },
];

export default function AdminChallenges() {
  const t = useT();
  const locale = useLocale();
  const { status, rows } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const current = FILTERS.find((f) => f.value === status) ?? FILTERS[0]!;
  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminChallenges.title")}</Title>
      <Text>{t("adminChallenges.intro")}</Text>
      <Group component="nav" aria-label={t("adminChallenges.filter")} gap="xs">
        {FILTERS.map((filter) => (
          <Button
            key={filter.value}
            component={Link}
            to={`${href("adminChallenges", locale)}?status=${filter.value}`}
            variant={filter.value === status ? "filled" : "default"}
            aria-current={filter.value === status ? "page" : undefined}
            size="xs"
          >
            {t(filter.label)}
          </Button>
        ))}
      </Group>
      {actionData?.ok && (
        <Alert color="green" role="status" data-testid="challenge-done">
          {t(actionData.status === "COMPANY_UPDATED" ? "adminChallenges.done.updated" : "adminChallenges.done.noUpdates")}
        </Alert>
      )}
      <FormError code={failureCode(failure)} />
      <ChallengeTable rows={rows} title={t("adminChallenges.listTitle", { filter: t(current.label) })} />
    </Stack>
  );
}
