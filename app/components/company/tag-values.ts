import type { Locale } from "~/i18n/locales";
import type { TagOption } from "./types";

/** Picker values: a tag id, or "new:<de>|<cs>" for a tag typed in the dialog (sent as `newTags`). */
export const NEW_TAG_PREFIX = "new:";

export function newTagValue(de: string, cs: string): string {
  return `${NEW_TAG_PREFIX}${de}|${cs}`;
}

export function isNewTagValue(value: string): boolean {
  return value.startsWith(NEW_TAG_PREFIX);
}

/** "de|cs" of a new tag's value. */
export function newTagPair(value: string): { de: string; cs: string } {
  const [de = "", cs = ""] = value.slice(NEW_TAG_PREFIX.length).split("|");
  return { de, cs };
}

export function tagLabel(tag: { labelDe: string; labelCs: string }, locale: Locale): string {
  return locale === "cs" ? tag.labelCs : tag.labelDe;
}

/** The pipe separates the two languages in the submitted value, so the dialog never lets it through. */
export function cleanTagText(value: string): string {
  return value.replace(/\|/g, "/").replace(/\s+/g, " ").trim();
}

/** An existing tag with the same German or Czech text (case-insensitive), as the server would reuse it. */
export function findExistingTag(tags: readonly TagOption[], de: string, cs: string): TagOption | undefined {
  const lower = (s: string) => s.toLocaleLowerCase();
  return tags.find((tag) => lower(tag.labelDe) === lower(de) || lower(tag.labelCs) === lower(cs));
}

/** Whether a picker value is a new tag with the same German or Czech text (case-insensitive). */
export function sameNewTag(value: string, de: string, cs: string): boolean {
  if (!isNewTagValue(value)) return false;
  const pair = newTagPair(value);
  return pair.de.toLocaleLowerCase() === de.toLocaleLowerCase() || pair.cs.toLocaleLowerCase() === cs.toLocaleLowerCase();
}
