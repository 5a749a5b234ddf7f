import { Box, Group, Pagination } from "@mantine/core";
import { Link } from "react-router";
import { useT } from "~/i18n/i18n-context";

interface Props {
  page: number;
  pageCount: number;
  /** The link of a page (the list's filters kept). */
  hrefOf: (page: number) => string;
  /** The navigation landmark's name (unique on the page). */
  label: string;
  testId: string;
}

/**
 * Mantine's pagination as plain links, so paging works without JavaScript and search engines can
 * follow it (`rel` prev/next on the arrows). Used by the search and the news list.
 */
export function LinkPagination({ page, pageCount, hrefOf, label, testId }: Props) {
  const t = useT();
  return (
    <Box component="nav" aria-label={label} data-testid={testId}>
      <Group justify="center">
        <Pagination
          total={pageCount}
          value={Math.min(page, pageCount)}
          siblings={1}
          boundaries={1}
          getItemProps={(target) => ({
            component: Link,
            to: hrefOf(target),
            "aria-label": t("search.page", { page: target }),
            "aria-current": target === page ? "page" : undefined,
          })}
          getControlProps={(control) => {
            const target = control === "previous" ? page - 1 : control === "next" ? page + 1 : control === "first" ? 1 : pageCount;
            const name = t(control === "previous" ? "search.previousPage" : control === "next" ? "search.nextPage" : control === "first" ? "search.firstPage" : "search.lastPage");
            const rel = control === "previous" ? "prev" : control === "next" ? "next" : undefined;
            return target >= 1 && target <= pageCount && target !== page ? { component: Link, to: hrefOf(target), rel, "aria-label": name } : { "aria-label": name };
          }}
        />
      </Group>
    </Box>
  );
}
