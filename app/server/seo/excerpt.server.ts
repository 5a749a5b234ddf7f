/**
 * A meta description from a longer text (issue 13): whitespace collapsed, at most `max`
 * characters, cut at a word boundary with an ellipsis. Search engines show about 155–160.
 */
export function metaExcerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}
