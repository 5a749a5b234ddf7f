import { Box, type ComboboxItem, MultiSelect, type OptionsFilter, Text } from "@mantine/core";
import { useMemo, useRef, useState } from "react";
import { filterNace, naceLabel } from "~/components/company/nace-options";
import type { NaceOption } from "~/components/company/types";
import { useLocale, useT } from "~/i18n/i18n-context";
import { SEARCH_LIMITS } from "~/schemas/search-params";

export interface TagChoice {
  value: string;
  label: string;
}

/** Existing tags only (a search never creates one); submitted as repeated hidden `tag` inputs. */
export function SearchTagPicker({ tags, defaultValue, error }: { tags: TagChoice[]; defaultValue: string[]; error?: string | undefined }) {
  const t = useT();
  const known = useMemo(() => new Set(tags.map((tag) => tag.value)), [tags]);
  const [value, setValue] = useState(() => defaultValue.filter((id) => known.has(id)));
  return (
    <>
      <MultiSelect
        label={t("search.tags")}
        placeholder={value.length === 0 ? t("search.tagsPlaceholder") : undefined}
        nothingFoundMessage={t("search.tagsNothingFound")}
        data={tags}
        value={value}
        onChange={setValue}
        searchable
        clearable
        hidePickedOptions
        maxValues={SEARCH_LIMITS.maxTags}
        error={error}
        data-testid="search-tags"
      />
      {value.map((id) => (
        <input key={id} type="hidden" name="tag" value={id} />
      ))}
    </>
  );
}

/**
 * Industries: any level of the NACE tree (a section or division covers everything below it),
 * searchable by code or label; submitted as repeated hidden `nace` inputs. With `partial`, the
 * page sent only the top of the tree and the picked codes; the whole tree loads from /api/nace
 * when the picker is first opened or typed into (issue 22: it is a hundred kilobytes).
 */
export function SearchNacePicker({
  options: given,
  defaultValue,
  error,
  partial = false,
}: {
  options: NaceOption[];
  defaultValue: string[];
  error?: string | undefined;
  partial?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const [loaded, setLoaded] = useState<NaceOption[] | null>(null);
  const loading = useRef(false);
  const loadAll = () => {
    if (!partial || loaded || loading.current) return;
    loading.current = true;
    fetch(`/api/nace?locale=${locale}`)
      .then((response) => (response.ok ? (response.json() as Promise<{ options: NaceOption[] }>) : Promise.reject(new Error(String(response.status)))))
      .then((body) => setLoaded(body.options))
      // The top of the tree stays usable; the next opening tries again.
      .catch(() => (loading.current = false));
  };
  const options = loaded ?? given;
  const byCode = useMemo(() => new Map(options.map((o) => [o.code, o])), [options]);
  const data = useMemo(() => options.map((o) => ({ value: o.code, label: naceLabel(o) })), [options]);
  const [value, setValue] = useState(() => defaultValue.filter((code) => byCode.has(code)));

  const filter: OptionsFilter = ({ search }) => {
    const visible = new Set(filterNace(options, search).map((o) => o.code));
    return data.filter((item) => visible.has(item.value));
  };
  const renderOption = ({ option }: { option: ComboboxItem }) => {
    const level = byCode.get(option.value)?.level ?? 1;
    return (
      <Box pl={(level - 1) * 14}>
        <Text size="sm" fw={level <= 2 ? 600 : 400} span>
          {option.label}
        </Text>
      </Box>
    );
  };

  return (
    <>
      <MultiSelect
        label={t("search.nace")}
        description={t("search.naceDescription")}
        placeholder={value.length === 0 ? t("search.nacePlaceholder") : undefined}
        nothingFoundMessage={t("search.naceNothingFound")}
        data={data}
        value={value}
        onChange={setValue}
        filter={filter}
        renderOption={renderOption}
        searchable
        clearable
        maxValues={SEARCH_LIMITS.maxNace}
        maxDropdownHeight={320}
        onDropdownOpen={loadAll}
        onSearchChange={loadAll}
        error={error}
        data-testid="search-nace"
      />
      {value.map((code) => (
        <input key={code} type="hidden" name="nace" value={code} />
      ))}
    </>
  );
}
