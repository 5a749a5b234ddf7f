import { Anchor, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { ScrollTable } from "~/components/b2b/ScrollTable";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { AccountSort } from "~/schemas/admin-accounts";

export interface AccountListRow {
  id: string;
  name: string;
  email: string;
  role: "Admin" | "Organisation" | "Multiplikator";
  active: boolean;
  verified: boolean;
  createdAt: string;
  companies: Array<{ id: string; name: string }>;
  /** The signed-in admin's own row: no actions on it (decision 033). */
  self: boolean;
}

export type AccountIntent = "role" | "deactivate" | "activate" | "delete";

interface Sorting {
  sort: AccountSort;
  dir: "asc" | "desc";
  /** The list's query without sort, direction and page. */
  query: string;
  base: string;
}

function SortHeader({ column, label, sorting }: { column: AccountSort; label: string; sorting: Sorting }) {
  const t = useT();
  const current = sorting.sort === column;
  const params = new URLSearchParams(sorting.query);
  params.set("sort", column);
  params.set("dir", current && sorting.dir === "asc" ? "desc" : "asc");
  return (
    <Table.Th scope="col" aria-sort={current ? (sorting.dir === "asc" ? "ascending" : "descending") : undefined}>
      <Anchor component={Link} to={`${sorting.base}?${params.toString()}`} title={t("accountAdmin.sortBy", { column: label })} data-testid={`account-sort-${column}`}>
        {label}
        {current ? (sorting.dir === "asc" ? " ▲" : " ▼") : ""}
      </Anchor>
    </Table.Th>
  );
}

/** One row per account with its linked companies and what the admin may do with it. */
export function AccountTable({ rows, sorting, onAction }: { rows: AccountListRow[]; sorting: Sorting; onAction: (row: AccountListRow, intent: AccountIntent) => void }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  return (
    <ScrollTable minWidth={980} label={t("page.adminUsers.title")}>
      <Table striped verticalSpacing="xs" data-testid="account-table">
        <Table.Caption>{t("page.adminUsers.title")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="name" label={t("accountAdmin.col.name")} sorting={sorting} />
            <SortHeader column="email" label={t("accountAdmin.col.email")} sorting={sorting} />
            <SortHeader column="role" label={t("accountAdmin.col.role")} sorting={sorting} />
            <SortHeader column="active" label={t("accountAdmin.col.active")} sorting={sorting} />
            <SortHeader column="created" label={t("accountAdmin.col.created")} sorting={sorting} />
            <Table.Th scope="col">{t("accountAdmin.col.companies")}</Table.Th>
            <Table.Th scope="col">{t("accountAdmin.col.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.id} data-testid="account-row" data-account-row={a.id} data-email={a.email}>
              <Table.Td>{a.name}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm">{a.email}</Text>
                  {!a.verified && (
                    <Text size="xs" c="dimmed">
                      {t("accountAdmin.unverified")}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td data-testid="account-role">{t(`role.${a.role}`)}</Table.Td>
              <Table.Td>
                <Badge color={a.active ? "green" : "gray"} variant="dot" data-testid="account-state">
                  {t(a.active ? "accountAdmin.state.active" : "accountAdmin.state.inactive")}
                </Badge>
              </Table.Td>
              <Table.Td>{format.date(a.createdAt)}</Table.Td>
              <Table.Td>
                {a.companies.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t("accountAdmin.noCompany")}
                  </Text>
                ) : (
                  <Stack gap={2}>
                    {a.companies.map((c) => (
                      <Anchor key={c.id} component={Link} to={href("companyDetail", locale, { id: c.id })} size="sm">
                        {c.name}
                      </Anchor>
                    ))}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td>
                {a.self ? (
                  <Text size="sm" c="dimmed">
                    {t("accountAdmin.you")}
                  </Text>
                ) : (
                  <Group gap={4}>
                    <Button size="compact-sm" variant="light" onClick={() => onAction(a, "role")} data-testid="account-action-role">
                      {t("accountAdmin.action.role")}
                    </Button>
                    {a.active ? (
                      <Button size="compact-sm" variant="default" onClick={() => onAction(a, "deactivate")} data-testid="account-action-deactivate">
                        {t("accountAdmin.action.deactivate")}
                      </Button>
                    ) : (
                      <Button size="compact-sm" variant="light" onClick={() => onAction(a, "activate")} data-testid="account-action-activate">
                        {t("accountAdmin.action.activate")}
                      </Button>
                    )}
                    <Button size="compact-sm" variant="light" color="red" onClick={() => onAction(a, "delete")} data-testid="account-action-delete">
                      {t("accountAdmin.action.delete")}
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
