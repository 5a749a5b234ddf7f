/**
 * The file name of a generated document: "<what> – <event title>.pdf", with the characters a file
 * name or a Content-Disposition header cannot carry (path separators, quotes, controls) replaced,
 * and at most 150 characters before the extension. Diacritics stay: the download header carries the
 * exact name (RFC 6266) and an ASCII fallback.
 */
export function documentFileName(what: string, title: string, extension = "pdf"): string {
  // eslint-disable-next-line no-control-regex
  const clean = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\\/"*?:<>|]+/g, " ").replace(/\s+/g, " ").trim();
  const base = [clean(what), clean(title)].filter(Boolean).join(" – ").slice(0, 150).trim();
  return `${base || "document"}.${extension}`;
}
