import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { useT } from "~/i18n/i18n-context";

/** Previous / next links keeping the list's filters (`query`, without the page). */
export function NewsPager({ base, query, page, pageCount }: { base: string; query: string; page: number; pageCount: number }) {
  const t = useT();
  if (pageCount <= 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(query);
    params.set("page", String(n));
    return `${base}?${params.toString()}`;
  };
  return (
    <Group component="nav" aria-label={t("newsAdmin.pages")} data-testid="news-pager">
      {page > 1 && (
        <Anchor component={Link} to={to(page - 1)}>
          {t("newsAdmin.previous")}
        </Anchor>
      )}
      <Text>{t("newsAdmin.pageOf", { page, pages: pageCount })}</Text>
      {page < pageCount && (
        <Anchor component={Link} to={to(page + 1)}>
          {t("newsAdmin.next")}
        </Anchor>
      )}
    </Group>
  );
}
