import { Alert, Stack, Text, Title } from "@mantine/core";
import { LinkPagination } from "~/components/LinkPagination";
import { useT } from "~/i18n/i18n-context";
import { searchParamsOf, type SearchQuery } from "~/schemas/search-params";
import type { SearchPage } from "~/server/search/types";
import type { PickedLocation } from "./location";
import { SearchHitCard } from "./SearchHitCard";
import { SearchMap } from "./SearchMap";

interface Props {
  /** The search in the URL (null: fresh form; with `result` null: the form shows what to fix). */
  query: SearchQuery | null;
  result: SearchPage | null;
  onPickLocation: (location: PickedLocation) => void;
}

/** Number of matches, the map, the list and the page links of one search. */
export function SearchResults({ query, result, onPickLocation }: Props) {
  const t = useT();
  const hits = result?.hits ?? [];

  return (
    <Stack gap="md" component="section" aria-labelledby="search-results-title">
      <div role="status">
        <Title order={2} size="h3" id="search-results-title" data-testid="search-count">
          {!result
            ? t("search.results")
            : result.totalCapped
              ? t("search.countCapped", { count: result.total })
              : t("search.count", { count: result.total })}
        </Title>
      </div>
      {!query && <Text>{t("search.intro")}</Text>}
      {query && !result && (
        <Alert color="red" variant="light" data-testid="search-invalid">
          {t("search.fixErrors")}
        </Alert>
      )}
      <SearchMap hits={hits} query={query} onPick={onPickLocation} />
      {result && result.total === 0 && (
        <Alert color="gray" variant="light" data-testid="search-empty">
          {t("search.noResults")}
        </Alert>
      )}
      {hits.length > 0 && (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }} data-testid="search-hits">
          {hits.map((hit) => (
            <li key={`${hit.kind}-${hit.id}`}>
              <SearchHitCard hit={hit} />
            </li>
          ))}
        </Stack>
      )}
      {query && result && result.pageCount > 1 && <PageLinks query={query} page={result.page} pageCount={result.pageCount} />}
    </Stack>
  );
}

/** The same search on another page, as links (no JavaScript needed). */
function PageLinks({ query, page, pageCount }: { query: SearchQuery; page: number; pageCount: number }) {
  const t = useT();
  const hrefOf = (target: number) => `?${searchParamsOf(query, { page: target }).toString()}`;
  return <LinkPagination page={page} pageCount={pageCount} hrefOf={hrefOf} label={t("search.pagination")} testId="search-pagination" />;
}
