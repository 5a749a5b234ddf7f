import { Anchor, Button, Group, Image, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { ScrollTable } from "~/components/b2b/ScrollTable";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { NewsState } from "~/schemas/news";
import { NewsIntentButton } from "./NewsIntentButton";
import { NewsStateBadge } from "./NewsStateBadge";

export interface NewsRow {
  id: string;
  title: string;
  imageKey: string;
  companyName: string;
  authorName: string;
  publishAt: string;
  state: NewsState;
}

interface Props {
  rows: NewsRow[];
  /** Admins activate, deactivate and restore (news policy); Multiplikators edit and delete. */
  isAdmin: boolean;
  onDelete: (row: { id: string; title: string }) => void;
}

/** The news the actor manages, one row each with its row actions. */
export function NewsTable({ rows, isAdmin, onDelete }: Props) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  return (
    <ScrollTable minWidth={960} label={t("page.adminNews.title")}>
      <Table striped verticalSpacing="xs" data-testid="news-table">
        <Table.Caption>{t("page.adminNews.title")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("newsAdmin.col.image")}</Table.Th>
            <Table.Th scope="col">{t("newsAdmin.col.title")}</Table.Th>
            <Table.Th scope="col">{t("newsAdmin.col.company")}</Table.Th>
            <Table.Th scope="col">{t("newsAdmin.col.author")}</Table.Th>
            <Table.Th scope="col">{t("newsAdmin.col.published")}</Table.Th>
            <Table.Th scope="col">{t("newsAdmin.col.state")}</Table.Th>
            <Table.Th scope="col">{t("newsAdmin.col.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((n) => {
            const editHref = href("adminNewsEdit", locale, { id: n.id });
            const deleted = n.state === "DELETED";
            return (
              <Table.Tr key={n.id} data-testid={`news-row-${n.id}`} data-news-row={n.id}>
                <Table.Td>
                  {/* Decorative: the title beside it names the item. */}
                  <Image src={`/files/${n.imageKey}`} alt="" w={72} h={48} fit="cover" radius="sm" loading="lazy" />
                </Table.Td>
                <Table.Td>
                  {deleted ? (
                    n.title
                  ) : (
                    <Anchor component={Link} to={editHref}>
                      {n.title}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{n.companyName}</Table.Td>
                <Table.Td>{n.authorName}</Table.Td>
                <Table.Td>
                  <Text size="sm">{format.dateTime(n.publishAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <NewsStateBadge state={n.state} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="wrap">
                    {deleted ? (
                      isAdmin && <NewsIntentButton id={n.id} intent="restore" label={t("newsAdmin.restore")} />
                    ) : (
                      <>
                        <Button component={Link} to={editHref} size="compact-sm" variant="default" aria-label={t("newsAdmin.editNamed", { title: n.title })} data-testid="news-edit">
                          {t("action.edit")}
                        </Button>
                        {isAdmin && (
                          <NewsIntentButton
                            id={n.id}
                            intent={n.state === "INACTIVE" ? "activate" : "deactivate"}
                            label={t(n.state === "INACTIVE" ? "newsAdmin.activate" : "newsAdmin.deactivate")}
                          />
                        )}
                        <Button
                          size="compact-sm"
                          color="red"
                          variant="light"
                          onClick={() => onDelete({ id: n.id, title: n.title })}
                          aria-label={t("newsAdmin.deleteNamed", { title: n.title })}
                          data-testid="news-delete"
                        >
                          {t("action.delete")}
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
