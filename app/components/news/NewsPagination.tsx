import { LinkPagination } from "~/components/LinkPagination";
import { useT } from "~/i18n/i18n-context";

/** The news list's pages as links (`?q=…&page=n`): the search term stays in every link. */
export function NewsPagination({ q, page, pageCount }: { q: string; page: number; pageCount: number }) {
  const t = useT();
  const hrefOf = (target: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(target > 1 ? { page: String(target) } : {}) }).toString()}`;
  return <LinkPagination page={page} pageCount={pageCount} hrefOf={hrefOf} label={t("newsList.pagination")} testId="news-pagination" />;
}
