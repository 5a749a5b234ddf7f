import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { ConfirmDialog } from "~/components/company-detail/lazy-dialogs";
import { FormError } from "~/components/FormError";
import { useFormat, useT } from "~/i18n/i18n-context";
import { pageMeta } from "~/routing/current-page";
import { getDb } from "~/server/db/client.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { userContext } from "~/server/http/context";
import { grantRegistration, grantsOverview, revokeRegistrationGrant } from "~/server/members/members.server";
import type { Route } from "./+types/account-registration-grants";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.accountRegistrationGrants.title");
}

export async function loader({ context }: Route.LoaderArgs) {
  return grantsOverview(await getDb(), context.get(userContext));
}

const grantSchema = z.object({ companyId: z.uuid(), granteeCompanyId: z.uuid() });
const revokeSchema = z.object({ grantId: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, { intent: "" });
  if (!(form instanceof FormData)) return form;
  const intent = String(form.get("intent"));
  return handleAction(
    async () => {
      const db = await getDb();
      const actor = context.get(userContext);
      if (intent === "grant") {
        await grantRegistration(db, actor, parseForm(grantSchema, form));
        return { ok: true as const, intent };
      }
      if (intent === "revoke") {
        await revokeRegistrationGrant(db, actor, parseForm(revokeSchema, form).grantId);
        return { ok: true as const, intent };
      }
      return { ok: false as const, intent, error: "INVALID_INPUT" as const };
    },
    { intent },
  );
}

type Overview = Awaited<ReturnType<typeof loader>>;

function CompanyGrants({ c, onRevoke }: { c: Overview["companies"][number]; onRevoke: (g: { id: string; name: string }) => void }) {
  const t = useT();
  const format = useFormat();
  const busy = useNavigation().state !== "idle";
  const [grantee, setGrantee] = useState(c.options[0]?.id ?? "");
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={`grants-${c.id}`} data-testid="grants-company">
      <Stack gap="sm">
        <Title order={2} size="h3" id={`grants-${c.id}`}>
          {c.name}
        </Title>
        {c.grants.length === 0 ? (
          <Text size="sm">{t("grants.none")}</Text>
        ) : (
          <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: "none" }}>
            {c.grants.map((g) => (
              <li key={g.id} data-testid="grant">
                <Group gap="sm" wrap="wrap">
                  <Text fw={600}>{g.granteeName}</Text>
                  <Text size="sm">{t("grants.since", { date: format.date(g.createdAt) })}</Text>
                  <Button size="xs" variant="default" color="red" onClick={() => onRevoke({ id: g.id, name: g.granteeName })} data-testid="grant-revoke" aria-label={t("grants.revokeLabel", { name: g.granteeName })}>
                    {t("grants.revoke")}
                  </Button>
                </Group>
              </li>
            ))}
          </Stack>
        )}
        {c.options.length > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="grant" />
            <input type="hidden" name="companyId" value={c.id} />
            <Group align="flex-end" wrap="wrap">
              <NativeSelect
                name="granteeCompanyId"
                label={t("grants.organisation")}
                value={grantee}
                onChange={(e) => setGrantee(e.currentTarget.value)}
                data={c.options.map((o) => ({ value: o.id, label: o.name }))}
                data-testid="grant-organisation"
                maw={420}
              />
              <Button type="submit" loading={busy} data-testid="grant-submit">
                {t("grants.grant")}
              </Button>
            </Group>
          </Form>
        )}
      </Stack>
    </Paper>
  );
}

export default function AccountRegistrationGrantsPage() {
  const t = useT();
  const d = useLoaderData<typeof loader>();
  const result = useActionData() as { ok: boolean; intent?: string; error?: string } | undefined;
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>{t("page.accountRegistrationGrants.title")}</Title>
      <Text>{t("grants.intro")}</Text>
      {result?.ok && result.intent === "grant" && (
        <Alert color="green" role="status" data-testid="grant-done">
          {t("grants.granted")}
        </Alert>
      )}
      <FormError code={result && !result.ok ? result.error : undefined} />
      {d.companies.length === 0 ? (
        <Alert color="gray" data-testid="grants-no-company">
          {t("grants.noCompany")}
        </Alert>
      ) : (
        d.companies.map((c) => <CompanyGrants key={c.id} c={c} onRevoke={setRevoking} />)
      )}
      {revoking && (
        <ConfirmDialog
          opened
          onClose={() => setRevoking(null)}
          title={t("grants.revokeTitle")}
          text={t("grants.revokeText", { name: revoking.name })}
          confirmLabel={t("grants.revoke")}
          fields={{ intent: "revoke", grantId: revoking.id }}
          successMessage="grants.revoked"
        />
      )}
    </Stack>
  );
}
