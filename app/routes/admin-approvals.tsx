import { Alert, Stack, Text, Title } from "@mantine/core";
import { useActionData, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { PendingCompaniesTable, PendingLinksTable, RoleRequestsTable } from "~/components/admin/ApprovalTables";
import { failureCode } from "~/components/failure-code";
import { FormError } from "~/components/FormError";
import { useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { pageMeta } from "~/routing/current-page";
import { CompanyDecisionSchema, LinkDecisionSchema, RoleDecisionSchema } from "~/schemas/approvals";
import { decideRoleRequest } from "~/server/accounts/role-requests.server";
import { getApprovals } from "~/server/admin/approvals.server";
import { decideLink } from "~/server/companies/links.server";
import { deactivateCompany, verifyCompany } from "~/server/companies/moderation.server";
import { getDb } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import type { Route } from "./+types/admin-approvals";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminApprovals.title");
}

export async function loader({ context }: Route.LoaderArgs) {
  return getApprovals(await getDb(), requireUser(context));
}

/** One decision per post: intent says what is decided, the domain checks the admin policy. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const intent = String(form.get("intent"));
  return handleAction(async () => {
    const actor = requireUser(context);
    const db = await getDb();
    let notice: MessageKey;
    if (intent === "company") {
      const { id, decision } = parseForm(CompanyDecisionSchema, form);
      await (decision === "VERIFY" ? verifyCompany(db, actor, id) : deactivateCompany(db, actor, id));
      notice = decision === "VERIFY" ? "approvals.done.companyApproved" : "approvals.done.companyRejected";
    } else if (intent === "link") {
      const { id, decision } = parseForm(LinkDecisionSchema, form);
      await decideLink(db, actor, id, decision);
      notice = decision === "CONFIRMED" ? "approvals.done.linkConfirmed" : "approvals.done.linkRejected";
    } else if (intent === "role") {
      const { id, decision } = parseForm(RoleDecisionSchema, form);
      await decideRoleRequest(db, actor, id, decision);
      notice = decision === "APPROVED" ? "approvals.done.roleApproved" : "approvals.done.roleRejected";
    } else {
      throw new AppError("INVALID_INPUT");
    }
    return { ok: true as const, notice };
  });
}

export default function AdminApprovals() {
  const t = useT();
  const { companies, links, roleRequests } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminApprovals.title")}</Title>
      <Text>{t("approvals.intro")}</Text>
      {actionData?.ok && (
        <Alert color="green" role="status" data-testid="approval-done">
          {t(actionData.notice)}
        </Alert>
      )}
      <FormError code={failureCode(failure)} />
      <PendingCompaniesTable rows={companies} />
      <PendingLinksTable rows={links} />
      <RoleRequestsTable rows={roleRequests} />
    </Stack>
  );
}
