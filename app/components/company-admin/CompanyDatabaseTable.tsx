import { Anchor, Badge, Button, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { ScrollTable } from "~/components/b2b/ScrollTable";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";

export interface CompanyDatabaseRow {
  id: string;
  name: string;
  status: "VERIFIED" | "PENDING" | "DEACTIVATED";
  place: string;
  createdAt: string;
  deletedAt: string | null;
  restorableUntil: string | null;
  /** Deleted and still within the restore period. */
  canRestore: boolean;
}

/** One row per profile; a deleted one says since and until when, with its restore action. */
export function CompanyDatabaseTable({ rows, onRestore }: { rows: CompanyDatabaseRow[]; onRestore: (row: { id: string; name: string }) => void }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  return (
    <ScrollTable minWidth={720} label={t("page.adminCompanies.title")}>
      <Table striped verticalSpacing="xs" data-testid="company-table">
        <Table.Caption>{t("page.adminCompanies.title")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("companyAdmin.col.name")}</Table.Th>
            <Table.Th scope="col">{t("companyAdmin.col.place")}</Table.Th>
            <Table.Th scope="col">{t("companyAdmin.col.state")}</Table.Th>
            <Table.Th scope="col">{t("companyAdmin.col.created")}</Table.Th>
            <Table.Th scope="col">{t("companyAdmin.col.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c.id} data-testid="company-row" data-company-row={c.id}>
              <Table.Td>
                {c.deletedAt ? (
                  c.name
                ) : (
                  <Anchor component={Link} to={href("companyDetail", locale, { id: c.id })}>
                    {c.name}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>{c.place}</Table.Td>
              <Table.Td>
                {c.deletedAt ? (
                  <Stack gap={2}>
                    <Badge color="red" variant="light">
                      {t("companyAdmin.state.DELETED")}
                    </Badge>
                    <Text size="sm" data-testid="company-deleted-info">
                      {t("companyAdmin.deletedInfo", { deleted: format.dateTime(c.deletedAt), until: format.dateTime(c.restorableUntil!) })}
                    </Text>
                  </Stack>
                ) : (
                  <Badge color={c.status === "VERIFIED" ? "green" : "gray"} variant="light">
                    {t(`companyAdmin.state.${c.status}`)}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{format.date(c.createdAt)}</Table.Td>
              <Table.Td>
                {c.canRestore && (
                  <Button size="compact-sm" variant="light" onClick={() => onRestore({ id: c.id, name: c.name })} data-testid="company-restore">
                    {t("companyAdmin.restore")}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
