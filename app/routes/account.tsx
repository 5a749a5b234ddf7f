import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect } from "react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { MyCompaniesCard } from "~/components/account/MyCompaniesCard";
import { AdMatchesCard } from "~/components/ad-matches/AdMatchesCard";
import { MyEventsCard } from "~/components/account/MyEventsCard";
import { RoleRequestCard } from "~/components/account/RoleRequestCard";
import { FormError, useFieldError } from "~/components/FormError";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/translate";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { UpdateNameSchema } from "~/schemas/account";
import { deleteAccount, getAccount, updateAccountName } from "~/server/accounts/account.server";
import { getRoleRequestState, requestMultiplikatorRole } from "~/server/accounts/role-requests.server";
import { memberCompanies } from "~/server/companies/membership.server";
import { companyMatchSummary } from "~/server/ad-matches/ad-matches.server";
import { deleteCompany, deletionImpact } from "~/server/companies/deletion.server";
import { COMPANY_RESTORE_DAYS } from "~/server/companies/deleted";
import { getDb } from "~/server/db/client.server";
import { myEventsSummary } from "~/server/events/my-events.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { userContext } from "~/server/http/context";
import { clearSessionCookie } from "~/server/http/cookies.server";
import { AppError } from "~/server/errors";
import type { Route } from "./+types/account";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.account.title");
}

function actorOf(context: Route.LoaderArgs["context"]) {
  const user = context.get(userContext);
  if (!user) throw new AppError("UNAUTHENTICATED");
  return user;
}

export async function loader({ context }: Route.LoaderArgs) {
  const actor = actorOf(context);
  const db = await getDb();
  const [account, roleRequest, mine, events] = await Promise.all([
    getAccount(db, actor, actor.id),
    getRoleRequestState(db, actor),
    memberCompanies(db, actor.id),
    myEventsSummary(db, actor),
  ]);
  // What deleting each profile would take away, for its confirmation dialog (decision 026).
  const companies = await Promise.all(mine.map(async (c) => ({ ...c, impact: await deletionImpact(db, actor, c.id) })));
  // Offers meet requests (issue 25, decision 060): who looks for or offers what the user's companies advertise.
  const adMatches = await Promise.all(mine.map(async (c) => ({ companyId: c.id, companyName: c.name, ads: await companyMatchSummary(db, actor, c.id) })));
  return { account: { ...account, createdAt: account.createdAt.toISOString() }, roleRequest, companies, events, restoreDays: COMPANY_RESTORE_DAYS, adMatches };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, { intent: "" });
  if (!(form instanceof FormData)) return form;
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const intent = String(form.get("intent"));
  return handleAction(
    async () => {
      const actor = actorOf(context);
      const db = await getDb();
      if (intent === "delete") {
        await deleteAccount(db, actor, actor.id, String(form.get("confirmEmail") ?? ""));
        return redirect(`${href("home", locale)}?deleted=1`, { headers: { "Set-Cookie": clearSessionCookie() } });
      }
      if (intent === "deleteCompany") {
        await deleteCompany(db, actor, String(form.get("companyId") ?? ""), String(form.get("confirmName") ?? ""));
        return { ok: true as const, intent };
      }
      if (intent === "requestRole") {
        await requestMultiplikatorRole(db, actor);
        return { ok: true as const, intent };
      }
      const { name } = parseForm(UpdateNameSchema, form);
      await updateAccountName(db, actor, actor.id, name);
      return { ok: true as const, intent };
    },
    { intent },
  );
}

const ROLE_LABEL: Record<string, MessageKey> = {
  Admin: "role.Admin",
  Organisation: "role.Organisation",
  Multiplikator: "role.Multiplikator",
};

export default function Account() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const { account, roleRequest, companies, events, restoreDays, adMatches } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // The role request card shows its own progress.
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") !== "requestRole";
  const fieldError = useFieldError();
  const [confirmOpen, { open, close }] = useDisclosure(false);
  // Straight from the verification link: the address is confirmed and the user signed in.
  const [params] = useSearchParams();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const deleteFailed = failure?.intent === "delete";
  const roleFailed = failure?.intent === "requestRole";
  const companyDeleteFailed = failure?.intent === "deleteCompany";
  useEffect(() => {
    if (deleteFailed) open();
  }, [deleteFailed, open, actionData]);

  return (
    <Stack maw={720}>
      <Title order={1}>{t("page.account.title")}</Title>
      {params.get("verified") === "1" && (
        <Alert color="green" role="status" data-testid="verified-welcome">
          {t("verify.success")}
        </Alert>
      )}
      <Paper withBorder p="lg">
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t("account.personal")}
          </Title>
          {/* Long addresses wrap instead of widening the page on phones. */}
          <Text style={{ overflowWrap: "anywhere" }}>
            <strong>{t("field.email")}:</strong> <span data-testid="account-email">{account.email}</span>
          </Text>
          <Group gap="xs">
            <strong>{t("field.role")}:</strong> <Badge variant="light">{t(ROLE_LABEL[account.role] ?? "role.Organisation")}</Badge>
          </Group>
          <Text>
            <strong>{t("account.memberSince")}:</strong> {format.date(account.createdAt)}
          </Text>
          <Form method="post" noValidate>
            <Stack mt="sm">
              <input type="hidden" name="intent" value="updateName" />
              <TextInput
                name="name"
                label={t("field.fullName")}
                defaultValue={account.name}
                required
                maxLength={120}
                error={fieldError(actionData?.intent === "updateName" ? failure?.fieldErrors?.name : undefined)}
              />
              {actionData?.ok && actionData.intent === "updateName" && (
                <Alert color="green" role="status" data-testid="account-saved">
                  {t("account.saved")}
                </Alert>
              )}
              {!deleteFailed && !roleFailed && !companyDeleteFailed && <FormError code={failure?.fieldErrors ? undefined : failure?.error} />}
              <Group>
                <Button type="submit" loading={busy}>
                  {t("action.save")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Stack>
      </Paper>

      {actionData?.ok && actionData.intent === "deleteCompany" && (
        <Alert color="green" role="status" data-testid="company-deleted">
          {t("account.companies.deleted")}
        </Alert>
      )}
      <MyCompaniesCard companies={companies} restoreDays={restoreDays} error={companyDeleteFailed ? failure?.error : undefined} busy={busy} />

      <AdMatchesCard summaries={adMatches} />

      <MyEventsCard upcoming={events.upcoming} past={events.past} />

      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t("account.invoices.title")}
          </Title>
          <Text>{t("account.invoices.text")}</Text>
          <Anchor component={Link} to={href("accountInvoices", locale)} data-testid="account-invoices-link">
            {t("account.invoices.link")}
          </Anchor>
        </Stack>
      </Paper>

      {(companies.length > 0 || account.role === "Multiplikator") && (
        <Paper withBorder p="lg">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t("account.members.title")}
            </Title>
            {companies.length > 0 && <Text>{t("account.members.grantsText")}</Text>}
            <Group gap="lg" wrap="wrap">
              {companies.length > 0 && (
                <Anchor component={Link} to={href("accountRegistrationGrants", locale)} data-testid="account-grants-link">
                  {t("account.members.grantsLink")}
                </Anchor>
              )}
              {account.role === "Multiplikator" && (
                <Anchor component={Link} to={href("adminMemberRegistrations", locale)} data-testid="admin-member-registrations-link">
                  {t("account.members.listLink")}
                </Anchor>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t("account.savedSearches.title")}
          </Title>
          <Text>{t("account.savedSearches.text")}</Text>
          <Anchor component={Link} to={href("savedSearches", locale)} data-testid="account-saved-searches-link">
            {t("account.savedSearches.link")}
          </Anchor>
        </Stack>
      </Paper>

      <RoleRequestCard
        state={roleRequest}
        sent={actionData?.ok === true && actionData.intent === "requestRole"}
        error={roleFailed ? failure?.error : undefined}
      />

      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t("account.deleteTitle")}
          </Title>
          <Text>{t("account.deleteExplanation")}</Text>
          <Group>
            <Button color="var(--mantine-color-error)" variant="outline" onClick={open} data-testid="delete-account">
              {t("account.deleteButton")}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Modal opened={confirmOpen} onClose={close} title={t("account.deleteTitle")}>
        <Form method="post">
          <Stack>
            <input type="hidden" name="intent" value="delete" />
            <Text>{t("account.deleteConfirmText", { email: account.email })}</Text>
            <TextInput name="confirmEmail" label={t("account.deleteConfirmLabel")} autoComplete="off" required data-autofocus />
            {deleteFailed && <FormError code={failure?.error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("action.cancel")}
              </Button>
              <Button type="submit" color="red.9" loading={busy} data-testid="confirm-delete-account">
                {t("account.deleteConfirmButton")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Modal>
    </Stack>
  );
}
