import { Box, type ComboboxItem, MultiSelect, type OptionsFilter, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { useT } from "~/i18n/i18n-context";
import { LIMITS } from "~/schemas/company";
import { filterNace, naceLabel } from "./nace-options";
import type { NaceOption } from "./types";

interface Props {
  options: NaceOption[];
  defaultValue: string[];
  error?: string | undefined;
  onChange?: (codes: string[]) => void;
}

/**
 * Industries (NACE) picker: the hierarchy section → division → group → class, indented by level,
 * searchable by code ("25.11", "2511") and label in the page's language. The choice is submitted
 * as repeated hidden `nace` inputs.
 */
export function NacePicker({ options, defaultValue, error, onChange }: Props) {
  const t = useT();
  const [value, setValue] = useState<string[]>(defaultValue);
  const byCode = useMemo(() => new Map(options.map((o) => [o.code, o])), [options]);
  const data = useMemo(() => options.map((o) => ({ value: o.code, label: naceLabel(o) })), [options]);

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

  const change = (codes: string[]) => {
    setValue(codes);
    onChange?.(codes);
  };

  return (
    <>
      <MultiSelect
        label={t("company.field.nace")}
        description={t("company.field.naceDescription")}
        placeholder={value.length === 0 ? t("company.field.nacePlaceholder") : undefined}
        nothingFoundMessage={t("company.field.naceNothingFound")}
        data={data}
        value={value}
        onChange={change}
        filter={filter}
        renderOption={renderOption}
        searchable
        clearable
        withAsterisk
        maxValues={LIMITS.maxNace}
        maxDropdownHeight={360}
        error={error}
        data-testid="nace-picker"
      />
      {value.map((code) => (
        <input key={code} type="hidden" name="nace" value={code} />
      ))}
    </>
  );
}
