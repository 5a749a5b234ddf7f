import { Button, Group, MultiSelect, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useLocale, useT } from "~/i18n/i18n-context";
import { LIMITS } from "~/schemas/company";
import { NewTagDialog } from "./NewTagDialog";
import { findExistingTag, isNewTagValue, NEW_TAG_PREFIX, newTagPair, newTagValue, sameNewTag, tagLabel } from "./tag-values";
import type { TagOption } from "./types";

interface Props {
  tags: TagOption[];
  defaultTags: string[];
  /** "de|cs" pairs typed earlier (refilled after a failed submission). */
  defaultNewTags: string[];
  error?: string | undefined;
  onChange?: (count: number) => void;
}

/**
 * Tags: pick existing ones (labels in the page's language) and add new ones in a dialog asking for
 * the German and Czech text. Submitted as hidden `tags` (ids) and `newTags` ("de|cs") inputs.
 */
export function TagPicker({ tags, defaultTags, defaultNewTags, error, onChange }: Props) {
  const t = useT();
  const locale = useLocale();
  const [value, setValue] = useState<string[]>(() => [...defaultTags, ...defaultNewTags.map((pair) => `${NEW_TAG_PREFIX}${pair}`)]);
  const [dialogOpen, dialog] = useDisclosure(false);

  const data = useMemo(() => {
    const existing = tags.map((tag) => ({ value: tag.id, label: tagLabel(tag, locale) }));
    const typed = value.filter(isNewTagValue).map((v) => {
      const pair = newTagPair(v);
      return { value: v, label: t("company.tag.newLabel", { label: locale === "cs" ? pair.cs : pair.de }) };
    });
    return [...existing, ...typed];
  }, [tags, value, locale, t]);

  const change = (next: string[]) => {
    setValue(next);
    onChange?.(next.length);
  };

  const addTag = ({ de, cs }: { de: string; cs: string }) => {
    const existing = findExistingTag(tags, de, cs);
    const next = existing ? existing.id : newTagValue(de, cs);
    if (!value.some((v) => v === next || sameNewTag(v, de, cs))) change([...value, next]);
  };

  return (
    <Stack gap={6}>
      <MultiSelect
        label={t("company.field.tags")}
        description={t("company.field.tagsDescription", { min: LIMITS.minTags })}
        placeholder={value.length === 0 ? t("company.field.tagsPlaceholder") : undefined}
        nothingFoundMessage={t("company.field.tagsNothingFound")}
        data={data}
        value={value}
        onChange={change}
        searchable
        withAsterisk
        maxValues={LIMITS.maxTags}
        error={error}
        data-testid="tag-picker"
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c={value.length >= LIMITS.minTags ? "dimmed" : undefined} data-testid="tag-count">
          {t("company.field.tagsCount", { count: value.length, min: LIMITS.minTags })}
        </Text>
        <Button variant="light" size="compact-sm" onClick={dialog.open} data-testid="new-tag-open">
          {t("company.tag.add")}
        </Button>
      </Group>
      {value.map((v) =>
        isNewTagValue(v) ? (
          <input key={v} type="hidden" name="newTags" value={`${newTagPair(v).de}|${newTagPair(v).cs}`} />
        ) : (
          <input key={v} type="hidden" name="tags" value={v} />
        ),
      )}
      <NewTagDialog opened={dialogOpen} onClose={dialog.close} onAdd={addTag} />
    </Stack>
  );
}
