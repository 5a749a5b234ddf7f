import { Anchor, Badge, Button, Checkbox, List, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { ScrollTable } from "~/components/b2b/ScrollTable";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { CompanyDatabaseSort } from "~/schemas/company-database";
import type { CompanyOrigin } from "~/schemas/enums";

export interface CompanyDatabaseRow {
  id: string;
  name: string;
  status: "VERIFIED" | "PENDING" | "DEACTIVATED";
  origin: CompanyOrigin;
  place: string;
  accounts: string[];
  contacts: number;
  updatedAt: string;
  deletedAt: string | null;
  restorableUntil: string | null;
  /** Deleted and still within the restore period. */
  canRestore: boolean;
}

export interface SortState {
  sort: CompanyDatabaseSort;
  dir: "asc" | "desc";
  /** The list's query without sort, dir and page. */
  query: string;
  base: string;
}

/** A column header that sorts by it (ascending first, a second click turns it round). */
function SortHeader({ column, label, state }: { column: CompanyDatabaseSort; label: string; state: SortState }) {
  const active = state.sort === column;
  const params = new URLSearchParams(state.query);
  params.set("sort", column);
  params.set("dir", active && state.dir === "asc" ? "desc" : "asc");
  return (
    <Table.Th scope="col" aria-sort={active ? (state.dir === "asc" ? "ascending" : "descending") : "none"}>
      <Anchor component={Link} to={`${state.base}?${params.toString()}`} data-testid={`company-sort-${column}`}>
        {label}
        {active && <span aria-hidden="true">{state.dir === "asc" ? " ▲" : " ▼"}</span>}
      </Anchor>
    </Table.Th>
  );
}

/** One row per profile with a tick box for the bulk actions; a deleted one says since and until when. */
export function CompanyDatabaseTable({
  rows,
  sort,
  selected,
  onToggle,
  onToggleAll,
  onRestore,
}: {
  rows: CompanyDatabaseRow[];
  sort: SortState;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (all: boolean) => void;
  onRestore: (row: { id: string; name: string }) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const ticked = rows.filter((r) => selected.has(r.id)).length;
  return (
    <ScrollTable minWidth={1100} label={t("page.adminCompanies.title")}>
      <Table striped verticalSpacing="xs" data-testid="company-table">
        <Table.Caption>{t("page.adminCompanies.title")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Checkbox
                aria-label={t("companyAdmin.selectAll")}
                checked={rows.length > 0 && ticked === rows.length}
                indeterminate={ticked > 0 && ticked < rows.length}
                onChange={(e) => onToggleAll(e.currentTarget.checked)}
                data-testid="company-select-all"
              />
            </Table.Th>
            <SortHeader column="name" label={t("companyAdmin.col.name")} state={sort} />
            <Table.Th scope="col">{t("companyAdmin.col.place")}</Table.Th>
            <SortHeader column="state" label={t("companyAdmin.col.state")} state={sort} />
            <SortHeader column="origin" label={t("companyAdmin.col.origin")} state={sort} />
            <Table.Th scope="col">{t("companyAdmin.col.accounts")}</Table.Th>
            <Table.Th scope="col">{t("companyAdmin.col.contacts")}</Table.Th>
            <SortHeader column="updated" label={t("companyAdmin.col.updated")} state={sort} />
            <Table.Th scope="col">{t("companyAdmin.col.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c.id} data-testid="company-row" data-company-row={c.id}>
              <Table.Td>
                <Checkbox aria-label={t("companyAdmin.selectRow", { name: c.name })} checked={selected.has(c.id)} onChange={() => onToggle(c.id)} data-testid="company-select" />
              </Table.Td>
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
                    <Badge color="#a61e1e" variant="filled">
                      {t("companyAdmin.state.DELETED")}
                    </Badge>
                    <Text size="sm" data-testid="company-deleted-info">
                      {t("companyAdmin.deletedInfo", { deleted: format.dateTime(c.deletedAt), until: format.dateTime(c.restorableUntil!) })}
                    </Text>
                  </Stack>
                ) : (
                  <Badge color={c.status === "VERIFIED" ? "#1b5e20" : "gray.7"} variant="filled" data-testid="company-state">
                    {t(`companyAdmin.state.${c.status}`)}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{t(`company.origin.${c.origin}`)}</Table.Td>
              <Table.Td>
                {c.accounts.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t("companyAdmin.noAccounts")}
                  </Text>
                ) : (
                  <List size="sm" listStyleType="none" data-testid="company-accounts">
                    {c.accounts.map((a) => (
                      <List.Item key={a}>{a}</List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
              <Table.Td>{format.number(c.contacts)}</Table.Td>
              <Table.Td>{format.date(c.updatedAt)}</Table.Td>
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
