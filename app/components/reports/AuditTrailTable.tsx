import { Anchor, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { ScrollTable } from "~/components/b2b/ScrollTable";
import { useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";

export interface AuditTrailRow {
  id: string;
  action: string;
  actionLabel: string;
  time: string;
  /** ISO, for the <time> element. */
  at: string;
  person: string | null;
  email: string | null;
  /** Why there is no person (deleted account, anonymous, system). */
  missingPerson: string | null;
  company: { id: string | null; name: string; linkable: boolean } | null;
  details: string;
}

/** One line per entry, newest first; the wide table scrolls inside its own box on a phone. */
export function AuditTrailTable({ rows }: { rows: AuditTrailRow[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ScrollTable minWidth={900} label={t("page.adminAuditTrail.title")}>
      <Table striped verticalSpacing="xs" data-testid="audit-table">
        <Table.Caption>{t("page.adminAuditTrail.title")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("auditTrail.col.time")}</Table.Th>
            <Table.Th scope="col">{t("auditTrail.col.action")}</Table.Th>
            <Table.Th scope="col">{t("auditTrail.col.person")}</Table.Th>
            <Table.Th scope="col">{t("auditTrail.col.company")}</Table.Th>
            <Table.Th scope="col">{t("auditTrail.col.details")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid="audit-row" data-action={r.action}>
              <Table.Td>
                <time dateTime={r.at}>{r.time}</time>
              </Table.Td>
              <Table.Td>{r.actionLabel}</Table.Td>
              <Table.Td>
                {r.person !== null ? (
                  <>
                    <Text size="sm">{r.person}</Text>
                    <Text size="sm" c="dimmed">
                      {r.email}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" fs="italic">
                    {r.missingPerson}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {r.company?.linkable && r.company.id ? (
                  <Anchor component={Link} to={href("companyDetail", locale, { id: r.company.id })}>
                    {r.company.name}
                  </Anchor>
                ) : (
                  (r.company?.name ?? "")
                )}
              </Table.Td>
              <Table.Td>{r.details}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
