import { Text } from "@mantine/core";
import { useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { useFormat, useT } from "~/i18n/i18n-context";
import { SEARCH_KINDS, type SearchKindParam } from "~/schemas/search-params";
import type { KindCount } from "~/server/search/types";
import classes from "./SearchForm.module.css";

/** Navigation state key: the page was opened by switching the tab, so the tabs take the focus. */
export const TYPE_TABS_FOCUS = "focusTypeTabs";

/**
 * Companies / offers / inquiries as tabs built from native radio buttons named `type`, so the
 * choice is part of the GET form with or without JavaScript. `onChange` lets the page search at once.
 * With `counts` (a search is shown), each tab says how many of its kind match the same filters.
 */
export function TypeTabs({
  defaultValue,
  onChange,
  counts,
}: {
  defaultValue: SearchKindParam;
  onChange?: (() => void) | undefined;
  counts?: Record<SearchKindParam, KindCount> | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const checked = useRef<HTMLInputElement>(null);
  const refocus = Boolean((useLocation().state as Record<string, unknown> | null)?.[TYPE_TABS_FOCUS]);
  useEffect(() => {
    if (refocus) checked.current?.focus();
  }, [refocus]);
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }} data-testid="search-type">
      <Text component="legend" size="sm" fw={500} mb={4} p={0}>
        {t("search.type")}
      </Text>
      <div className={classes.tabs}>
        {SEARCH_KINDS.map((kind) => (
          <div key={kind} className={classes.tab}>
            <input
              className={classes.input}
              type="radio"
              name="type"
              value={kind}
              id={`${id}-${kind}`}
              defaultChecked={kind === defaultValue}
              ref={kind === defaultValue ? checked : undefined}
              onChange={onChange}
            />
            <label className={classes.label} htmlFor={`${id}-${kind}`} data-testid={`search-type-${kind}`}>
              {t(`search.type.${kind}`)}
              {counts && (
                <span className={classes.count} data-testid={`search-type-count-${kind}`}>
                  {` (${format.number(counts[kind].total)}${counts[kind].totalCapped ? "+" : ""})`}
                </span>
              )}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
