import { Box, Group, Pagination } from "@mantine/core";
import { Link } from "react-router";
import { useT } from "~/i18n/i18n-context";

/**
 * Mantine's pagination as plain links (`?q=…&page=n`), so paging works without JavaScript and
 * search engines can follow it. The search term stays in every link.
 */
export function NewsPagination({ q, page, pageCount }: { q: string; page: number; pageCount: number }) {
  const t = useT();
  const to = (target: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(target > 1 ? { page: String(target) } : {}) }).toString()}`;
  return (
    <Box component="nav" aria-label={t("newsList.pagination")} data-testid="news-pagination">
      <Group justify="center">
        <Pagination
          total={pageCount}
          value={Math.min(page, pageCount)}
          siblings={1}
          boundaries={1}
          getItemProps={(target) => ({
            component: Link,
            to: to(target),
            "aria-label": t("search.page", { page: target }),
            "aria-current": target === page ? "page" : undefined,
          })}
          getControlProps={(control) => {
            const target = control === "previous" ? page - 1 : control === "next" ? page + 1 : control === "first" ? 1 : pageCount;
            const label = t(control === "previous" ? "search.previousPage" : control === "next" ? "search.nextPage" : control === "first" ? "search.firstPage" : "search.lastPage");
            const rel = control === "previous" ? "prev" : control === "next" ? "next" : undefined;
            return target >= 1 && target <= pageCount && target !== page ? { component: Link, to: to(target), rel, "aria-label": label } : { "aria-label": label };
          }}
        />
      </Group>
    </Box>
  );
}
