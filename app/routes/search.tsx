import { Grid, Stack, Title } from "@mantine/core";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  data,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
} from "react-router";
import {
  naceOptionsFor,
  topOfNaceTree,
} from "~/components/company/nace-options";
import {
  SearchForm,
  type SearchFormHandle,
} from "~/components/search/SearchForm";
import { SearchResults } from "~/components/search/SearchResults";
import { useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { parseSearchParams } from "~/schemas/search";
import { SEARCH_KINDS, searchParamsOf } from "~/schemas/search-params";
import { hasForbiddenControl } from "~/schemas/text";
import { listTags } from "~/server/companies/tags.server";
import { type Db, getDb } from "~/server/db/client.server";
import { userContext } from "~/server/http/context";
import { listNace } from "~/server/reference/nace.server";
import { searchPlaces } from "~/server/reference/geocode.server";
import { searchCatalogue } from "~/server/search/search.server";
import {
  handleAction,
  parseForm,
  readForm,
} from "~/server/http/actions.server";
import { SaveSearchSchema } from "~/schemas/saved-search";
import { saveSearch } from "~/server/saved-searches/saved-searches.server";
import { AppError } from "~/server/errors";
import type { Route } from "./+types/search";

/**
 * Only signed-in visitors can save a search: its form (and Radio's CSS) stays out of the anonymous
 * page (issue 22). It is drawn once the page is interactive, so its button never takes a click that
 * nothing answers yet (saving needs JavaScript; searching does not).
 */
const SaveSearchPanel = lazy(() =>
  import("~/components/search/SaveSearchPanel").then((m) => ({
    default: m.SaveSearchPanel,
  })),
);

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.search.title");
}

/**
 * A place typed but not picked from the suggestions (or sent without JavaScript) has no
 * coordinates: the best suggestion stands in for it, and the search continues at a URL that
 * carries them. Null when nothing needs resolving; `notFound` when the place is unknown.
 */
async function resolveTypedPlace(
  db: Db,
  params: URLSearchParams,
): Promise<URLSearchParams | "notFound" | null> {
  const place = params.get("place")?.trim() ?? "";
  if (!place || params.get("lat") || params.get("lon")) return null;
  const [hit] = await searchPlaces(db, place, 1);
  if (!hit) return "notFound";
  const next = new URLSearchParams(params);
  next.set("lat", hit.lat.toFixed(5));
  next.set("lon", hit.lon.toFixed(5));
  next.set("place", hit.label);
  return next;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const db = await getDb();
  // A control character (NUL …) in any parameter is a malformed request: 400, and nothing of it reaches the database.
  const malformed = [...url.searchParams.values()].some(hasForbiddenControl);
  const resolved = malformed
    ? null
    : await resolveTypedPlace(db, url.searchParams);
  if (resolved instanceof URLSearchParams)
    throw redirect(`${url.pathname}?${resolved.toString()}`);

  let search = parseSearchParams(url.searchParams);
  if (malformed && search.kind !== "empty") {
    search = {
      kind: "invalid",
      query: search.query,
      errors: {
        q: "INVALID_INPUT",
        ...(search.kind === "invalid" ? search.errors : {}),
      },
    };
  }
  if (resolved === "notFound" && search.kind !== "empty") {
    search = {
      kind: "invalid",
      query: search.query,
      errors: {
        ...(search.kind === "invalid" ? search.errors : {}),
        location: "SEARCH_LOCATION_REQUIRED",
      },
    };
  }
  const [tags, nace, result] = await Promise.all([
    listTags(db, locale),
    listNace(db),
    search.kind === "ok"
      ? searchCatalogue(
          db,
          context.get(userContext),
          search.query,
          locale,
          undefined,
          { withKindCounts: true },
        )
      : null,
  ]);
  // A search that names no kind (the home page's box) opens the first tab with matches.
  if (
    search.kind === "ok" &&
    result?.kindCounts &&
    !url.searchParams.has("type") &&
    result.total === 0
  ) {
    const counts = result.kindCounts;
    const first = SEARCH_KINDS.find((kind) => counts[kind].total > 0);
    if (first)
      throw redirect(
        `${url.pathname}?${searchParamsOf(search.query, { type: first }).toString()}`,
      );
  }
  return data(
    {
      search,
      result,
      tags: tags.map((tag) => ({
        value: tag.id,
        label: locale === "cs" ? tag.labelCs : tag.labelDe,
      })),
      // The top of the tree and what is picked; the picker loads the rest when opened (/api/nace).
      nace: naceOptionsFor(
        topOfNaceTree(nace, search.kind === "empty" ? [] : search.query.nace),
        locale,
      ),
      /** The place the user typed (kept in the field when it could not be found). */
      typedPlace: malformed ? "" : (url.searchParams.get("place") ?? ""),
      /** Signed-in users may save the search (issue 25). */
      canSave: context.get(userContext) !== null && search.kind === "ok",
    },
    { status: malformed ? 400 : 200 },
  );
}

/** "Save this search" (issue 25, decision 061): the search saved is the page's own URL. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, { intent: "saveSearch" as const });
  if (!(form instanceof FormData)) return form;
  return handleAction(
    async () => {
      if (form.get("intent") !== "saveSearch")
        throw new AppError("INVALID_INPUT");
      const input = parseForm(SaveSearchSchema, form);
      await saveSearch(
        await getDb(),
        context.get(userContext),
        new URL(request.url).searchParams,
        input,
      );
      return { ok: true as const, intent: "saveSearch" as const };
    },
    { intent: "saveSearch" as const },
  );
}

export default function SearchPage() {
  const t = useT();
  const { search, result, tags, nace, typedPlace, canSave } =
    useLoaderData<typeof loader>();
  const saved = useActionData<typeof action>();
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const location = useLocation();
  const form = useRef<SearchFormHandle>(null);
  const query = search.kind === "empty" ? null : search.query;
  const errors = search.kind === "invalid" ? search.errors : {};

  return (
    <Stack gap="lg">
      <Title order={1}>{t("page.search.title")}</Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          {/* A new URL (submit, pagination, back/forward) remounts the form with that URL's values. */}
          <SearchForm
            key={location.search}
            handle={form}
            query={query}
            errors={errors}
            tags={tags}
            nace={nace}
            typedPlace={typedPlace}
            counts={result?.kindCounts}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }} miw={0}>
          <Stack gap="md">
            {canSave && query && interactive && (
              <Suspense fallback={null}>
                <SaveSearchPanel
                  key={location.search}
                  defaultName={query.term || query.location?.label || ""}
                  outcome={
                    saved
                      ? {
                          ok: saved.ok,
                          error: "error" in saved ? saved.error : undefined,
                          fieldErrors:
                            "fieldErrors" in saved
                              ? saved.fieldErrors
                              : undefined,
                        }
                      : undefined
                  }
                />
              </Suspense>
            )}
            <SearchResults
              query={query}
              result={result}
              onPickLocation={(point) => form.current?.searchAround(point)}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
