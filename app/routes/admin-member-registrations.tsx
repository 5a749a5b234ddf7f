import { Alert, Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { data, Form, Link, useLoaderData, useSubmit } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { ConfirmDialog } from "~/components/company-detail/lazy-dialogs";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { getDb } from "~/server/db/client.server";
import { runRegistrationIntent } from "~/server/events/registration-actions.server";
import { handleAction, readForm } from "~/server/http/actions.server";
import { userContext } from "~/server/http/context";
import { memberRegistrationList } from "~/server/members/members.server";
import { memberPolicy } from "~/server/policy/member-policy";
import type { Route } from "./+types/admin-member-registrations";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.adminMemberRegistrations.title");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  // Multiplikators: their members' registrations; admins: all made by Multiplikators (decision 063).
  if (!memberPolicy.canSeeMemberRegistrations(actor)) throw data(null, { status: 404 });
  const eventParam = new URL(request.url).searchParams.get("event") ?? "";
  const eventId = /^[0-9a-f-]{36}$/i.test(eventParam) ? eventParam : undefined;
  const list = await memberRegistrationList(await getDb(), actor, { eventId });
  return { ...list, eventId: eventId ?? "", admin: actor?.role === "Admin" };
}

/** Cancelling a registration the Multiplikator made (the rules of decision 018 apply: until registration closes). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => runRegistrationIntent(await getDb(), context.get(userContext), form), { intent: "cancel" });
}

const STATUS_COLOR: Record<string, string> = { REGISTERED: "#1b5e20", ATTENDED: "#1b5e20", WAITING: "#8a3c00", CANCELLED: "gray.7" };

export default function AdminMemberRegistrationsPage() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const d = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const title = (e: { titleDe: string; titleCs: string }) => (locale === "cs" ? e.titleCs : e.titleDe);
  const [target, setTarget] = useState<{ id: string; label: string } | null>(null);
  const now = Date.now();
  return (
    <Stack gap="lg" maw={1100}>
      <AdminMobileNotice />
      <Title order={1}>{t("page.adminMemberRegistrations.title")}</Title>
      <Text>{t(d.admin ? "memberList.introAdmin" : "memberList.intro")}</Text>
      <Form method="get" onChange={(e) => submit(e.currentTarget)}>
        <Group align="flex-end">
          <NativeSelect
            name="event"
            label={t("memberList.filterEvent")}
            defaultValue={d.eventId}
            data={[{ value: "", label: t("memberList.allEvents") }, ...d.events.map((e) => ({ value: e.id, label: `${format.date(e.startsAt)} – ${title(e)}` }))]}
            data-testid="member-list-event"
            maw={520}
          />
          <noscript>
            <button type="submit">{t("memberList.apply")}</button>
          </noscript>
        </Group>
      </Form>
      {d.rows.length === 0 ? (
        <Alert color="gray" data-testid="member-list-empty">
          {t("memberList.empty")}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="member-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("memberList.col.event")}</Table.Th>
                <Table.Th>{t("memberList.col.date")}</Table.Th>
                <Table.Th>{t("memberList.col.company")}</Table.Th>
                <Table.Th>{t("memberList.col.contact")}</Table.Th>
                <Table.Th>{t("memberList.col.status")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.rows.map((r) => (
                <Table.Tr key={r.id} data-testid="member-list-row" data-status={r.status}>
                  <Table.Td>
                    <Anchor component={Link} to={href("eventDetail", locale, { id: r.eventId })}>
                      {title(r)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <time dateTime={new Date(r.startsAt).toISOString()}>{format.date(r.startsAt)}</time>
                  </Table.Td>
                  <Table.Td>{r.companyName}</Table.Td>
                  <Table.Td>{r.contact ?? "–"}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="wrap">
                      <Badge color={STATUS_COLOR[r.status] ?? "gray.7"}>{t(`myEvents.status.${r.status}` as MessageKey)}</Badge>
                      {r.byMe && <Text size="xs">{t("memberList.byMe")}</Text>}
                      {r.byMe && (r.status === "REGISTERED" || r.status === "WAITING") && new Date(r.startsAt).getTime() > now && (
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          onClick={() => setTarget({ id: r.id, label: `${r.companyName} – ${title(r)}` })}
                          aria-label={t("memberList.cancelLabel", { label: `${r.companyName} – ${title(r)}` })}
                          data-testid="member-list-cancel"
                        >
                          {t("eventDetail.own.cancel")}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {d.truncated && <Text size="sm">{t("memberList.truncated")}</Text>}
      {target && (
        <ConfirmDialog
          opened
          onClose={() => setTarget(null)}
          title={t("eventDetail.own.cancelTitle")}
          text={t("memberList.cancelText", { label: target.label })}
          confirmLabel={t("eventDetail.own.cancelConfirm")}
          fields={{ intent: "cancel", registrationId: target.id }}
          successMessage="eventDetail.own.cancelled"
        />
      )}
    </Stack>
  );
}
