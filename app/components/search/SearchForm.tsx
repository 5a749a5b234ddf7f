import { Anchor, Button, Checkbox, Group, Paper, Stack, TextInput } from "@mantine/core";
import { type Ref, useId, useImperativeHandle, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { NaceOption } from "~/components/company/types";
import { useFieldError } from "~/components/FormError";
import { useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import { COUNTRIES } from "~/schemas/enums";
import { SEARCH_FORM_MARKER, SEARCH_LIMITS, type SearchKindParam, type SearchParseResult, type SearchQuery } from "~/schemas/search-params";
import type { KindCount } from "~/server/search/types";
import { SearchNacePicker, SearchTagPicker, type TagChoice } from "./FilterPickers";
import { LocationFields } from "./LocationFields";
import type { PickedLocation } from "./location";
import classes from "./SearchForm.module.css";
import { TYPE_TABS_FOCUS, TypeTabs } from "./TypeTabs";

export type SearchErrors = Extract<SearchParseResult, { kind: "invalid" }>["errors"];

/** What the page may do with the form from outside (a click in the map). */
export interface SearchFormHandle {
  /** Sets the search point and submits the form with everything else the user entered. */
  searchAround: (location: PickedLocation) => void;
}

interface Props {
  /** The search in the URL; null for a fresh form. */
  query: SearchQuery | null;
  errors: SearchErrors;
  tags: TagChoice[];
  nace: NaceOption[];
  /** The place text from the URL (also when it could not be located). */
  typedPlace: string;
  /** Matches per kind of the shown search (the tabs' numbers). */
  counts?: Record<SearchKindParam, KindCount> | undefined;
  handle?: Ref<SearchFormHandle>;
}

/** Filters beyond the term and the kind; their number is shown on the phone's "filters" button. */
function activeFilters(query: SearchQuery | null): number {
  if (!query) return 0;
  return query.tagIds.length + query.nace.length + (query.countries.length === 1 ? 1 : 0) + (query.location ? 1 : 0);
}

/**
 * The whole search as a GET form: every filter is a URL parameter (see parseSearchParams), so
 * results are server-rendered, bookmarkable and work without JavaScript.
 */
export function SearchForm({ query, errors, tags, nace, typedPlace, counts, handle }: Props) {
  const t = useT();
  const locale = useLocale();
  const fieldError = useFieldError();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [location, setLocation] = useState<PickedLocation | null>(query?.location ?? null);
  const [placeText, setPlaceText] = useState(query?.location?.label || typedPlace);
  const searching = navigation.state !== "idle" && navigation.formMethod === "GET";
  // On phones and tablets a shown search folds its filters away (results first); a fresh form
  // or a filter to fix keeps them open. From lg up they are always shown (CSS). Folded inputs
  // are still in the form, so a new term or tab keeps every filter.
  const filterError = Boolean(errors.tag || errors.nace || errors.country || errors.location || errors.r);
  const [filtersOpen, setFiltersOpen] = useState(!query || filterError);
  const filtersId = useId();
  const filterCount = activeFilters(query);

  const pickLocation = (point: PickedLocation) => {
    setLocation(point);
    setPlaceText(point.label);
  };
  const typePlace = (text: string) => {
    setPlaceText(text);
    setLocation((current) => (current && current.label !== text ? null : current));
  };

  useImperativeHandle(handle, () => ({
    searchAround: (point) => {
      flushSync(() => pickLocation(point));
      if (formRef.current) void submit(formRef.current, { preventScrollReset: true });
    },
  }));

  // Switching the tab of a search that is already shown searches again at once (like tabs), and
  // the new page puts the focus back on the tabs (arrow keys keep working); on a fresh form it
  // only selects what the first search looks for.
  const switchType = query
    ? () => {
        if (formRef.current) void submit(formRef.current, { preventScrollReset: true, state: { [TYPE_TABS_FOCUS]: true } });
      }
    : undefined;

  return (
    <Paper withBorder p="md">
      <Form method="get" ref={formRef} role="search" aria-label={t("search.formLabel")} data-testid="search-form">
        <Stack gap="md">
          <TextInput
            name="q"
            type="search"
            label={t("search.term")}
            description={t("search.termDescription")}
            defaultValue={query?.term ?? ""}
            maxLength={SEARCH_LIMITS.term}
            error={fieldError(errors.q)}
            data-testid="search-term"
          />
          <TypeTabs defaultValue={query?.type ?? "COMPANY"} onChange={switchType} counts={counts} />
          <Button
            hiddenFrom="lg"
            variant="default"
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            data-testid="search-filters-toggle"
          >
            {t(filtersOpen ? "search.filters.hide" : "search.filters.show", { count: filterCount })}
          </Button>
          <Stack gap="md" id={filtersId} className={filtersOpen ? undefined : classes.collapsed} data-testid="search-filters">
            <SearchTagPicker tags={tags} defaultValue={query?.tagIds ?? []} error={fieldError(errors.tag)} />
            <SearchNacePicker options={nace} partial defaultValue={query?.nace ?? []} error={fieldError(errors.nace)} />
            {/* Tells the server the country boxes were shown: none ticked is then an error, not "both". */}
            <input type="hidden" name={SEARCH_FORM_MARKER} value="1" />
            <Checkbox.Group
              label={t("search.countries")}
              defaultValue={query ? query.countries : [...COUNTRIES]}
              error={fieldError(errors.country)}
              data-testid="search-countries"
            >
              <Group gap="lg" mt={6}>
                {COUNTRIES.map((country) => (
                  <Checkbox key={country} name="country" value={country} label={t(`country.${country}`)} />
                ))}
              </Group>
            </Checkbox.Group>
            <LocationFields
              location={location}
              text={placeText}
              onTextChange={typePlace}
              onPick={pickLocation}
              radiusKm={query?.radiusKm ?? null}
              sort={query?.sort ?? "relevance"}
              error={errors.location}
              radiusError={errors.r}
            />
          </Stack>
          <Group justify="space-between" gap="sm">
            <Button type="submit" loading={searching} data-testid="search-submit">
              {t("search.submit")}
            </Button>
            {query && (
              <Anchor component={Link} to={href("search", locale)} size="sm">
                {t("search.reset")}
              </Anchor>
            )}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
