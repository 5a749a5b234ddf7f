import { Text } from "@mantine/core";
import { useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { useT } from "~/i18n/i18n-context";
import { SEARCH_KINDS, type SearchKindParam } from "~/schemas/search";
import classes from "./SearchForm.module.css";

/** Navigation state key: the page was opened by switching the tab, so the tabs take the focus. */
export const TYPE_TABS_FOCUS = "focusTypeTabs";

/**
 * Companies / offers / inquiries as tabs built from native radio buttons named `type`, so the
 * choice is part of the GET form with or without JavaScript. `onChange` lets the page search at once.
 */
export function TypeTabs({ defaultValue, onChange }: { defaultValue: SearchKindParam; onChange?: () => void }) {
  const t = useT();
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
            <label className={classes.label} htmlFor={`${id}-${kind}`}>
              {t(`search.type.${kind}`)}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
