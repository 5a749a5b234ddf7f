import { Anchor, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { Country } from "~/schemas/enums";
import { DecisionButtons } from "./DecisionButtons";
import { AccountCell, WorkSection } from "./WorkSection";

type When = Date | string;

export interface PendingCompany {
  id: string;
  name: string;
  createdAt: When;
  city: string | null;
  country: Country | null;
  creatorName: string | null;
  creatorEmail: string | null;
  /** Upcoming events the company registered for while it waits (decision 031), nearest first. */
  events: Array<{ eventId: string; titleDe: string; titleCs: string; startsAt: When }>;
}
export interface PendingLink {
  id: string;
  createdAt: When;
  userName: string;
  userEmail: string;
  companyId: string;
  companyName: string;
  companyCity: string | null;
}
export interface PendingRoleRequest {
  id: string;
  createdAt: When;
  requestedRole: "Multiplikator";
  userName: string;
  userEmail: string;
  userRole: "Admin" | "Organisation" | "Multiplikator";
  companies: string[];
}

function CompanyLink({ id, name }: { id: string; name: string }) {
  const locale = useLocale();
  return (
    <Anchor component={Link} to={href("companyDetail", locale, { id })}>
      {name}
    </Anchor>
  );
}

/** New profiles (decision 006): approve publishes them and mails the members; decline keeps them hidden. */
export function PendingCompaniesTable({ rows }: { rows: PendingCompany[] }) {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  return (
    <WorkSection
      id="approvals-companies"
      title={t("approvals.companies.title")}
      count={rows.length}
      countLabel={t("admin.openCount", { count: rows.length })}
      empty={t("approvals.companies.empty")}
      columns={[t("approvals.col.company"), t("approvals.col.location"), t("approvals.col.createdBy"), t("approvals.col.receivedAt"), t("approvals.col.decision")]}
    >
      {rows.map((row) => (
        <Table.Tr key={row.id} data-testid="approval-company" data-registered={row.events.length > 0 ? "true" : undefined}>
          <Table.Td>
            <CompanyLink id={row.id} name={row.name} />
            {row.events.length > 0 && (
              <Text size="sm" fw={700} data-testid="approval-company-events">
                {t("approvals.companies.registered", {
                  events: row.events.map((e) => `${locale === "cs" ? e.titleCs : e.titleDe} (${format.date(e.startsAt)})`).join("; "),
                })}
              </Text>
            )}
          </Table.Td>
          <Table.Td>{row.city && row.country ? `${row.city} (${t(`country.${row.country}`)})` : "–"}</Table.Td>
          {/* Imported and demo profiles have no creator. */}
          <Table.Td>{row.creatorName ? <AccountCell name={row.creatorName} email={row.creatorEmail} /> : "–"}</Table.Td>
          <Table.Td>{format.date(row.createdAt)}</Table.Td>
          <Table.Td>
            <DecisionButtons
              intent="company"
              id={row.id}
              options={[
                { value: "VERIFY", label: t("approvals.approveCompany"), primary: true },
                { value: "DEACTIVATE", label: t("approvals.reject"), confirm: { title: t("approvals.confirmReject.title"), text: t("approvals.confirmReject.company", { name: row.name }) } },
              ]}
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </WorkSection>
  );
}

export function PendingLinksTable({ rows }: { rows: PendingLink[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <WorkSection
      id="approvals-links"
      title={t("approvals.links.title")}
      count={rows.length}
      countLabel={t("admin.openCount", { count: rows.length })}
      empty={t("approvals.links.empty")}
      columns={[t("approvals.col.account"), t("approvals.col.company"), t("approvals.col.receivedAt"), t("approvals.col.decision")]}
    >
      {rows.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <AccountCell name={row.userName} email={row.userEmail} />
          </Table.Td>
          <Table.Td>
            <CompanyLink id={row.companyId} name={row.companyName} />
            {row.companyCity && <Text size="sm" c="dimmed">{row.companyCity}</Text>}
          </Table.Td>
          <Table.Td>{format.date(row.createdAt)}</Table.Td>
          <Table.Td>
            <DecisionButtons
              intent="link"
              id={row.id}
              options={[
                { value: "CONFIRMED", label: t("approvals.confirmLink"), primary: true },
                {
                  value: "REJECTED",
                  label: t("approvals.reject"),
                  confirm: { title: t("approvals.confirmReject.title"), text: t("approvals.confirmReject.link", { account: `${row.userName} (${row.userEmail})`, company: row.companyName }) },
                },
              ]}
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </WorkSection>
  );
}

export function RoleRequestsTable({ rows }: { rows: PendingRoleRequest[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <WorkSection
      id="approvals-roles"
      title={t("approvals.roles.title")}
      count={rows.length}
      countLabel={t("admin.openCount", { count: rows.length })}
      empty={t("approvals.roles.empty")}
      columns={[t("approvals.col.account"), t("approvals.col.roleChange"), t("approvals.col.linkedCompanies"), t("approvals.col.receivedAt"), t("approvals.col.decision")]}
    >
      {rows.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <AccountCell name={row.userName} email={row.userEmail} />
          </Table.Td>
          <Table.Td>{t("approvals.roleChange", { from: t(`role.${row.userRole}`), to: t(`role.${row.requestedRole}`) })}</Table.Td>
          <Table.Td>{row.companies.length > 0 ? row.companies.join(", ") : t("approvals.noCompany")}</Table.Td>
          <Table.Td>{format.date(row.createdAt)}</Table.Td>
          <Table.Td>
            <DecisionButtons
              intent="role"
              id={row.id}
              options={[
                { value: "APPROVED", label: t("approvals.approveRole"), primary: true },
                {
                  value: "REJECTED",
                  label: t("approvals.reject"),
                  confirm: { title: t("approvals.confirmReject.title"), text: t("approvals.confirmReject.role", { account: `${row.userName} (${row.userEmail})` }) },
                },
              ]}
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </WorkSection>
  );
}
