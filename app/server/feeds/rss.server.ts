/**
 * A small RSS 2.0 writer (issue 13: a feed per language for news and for events). Pure: it gets
 * everything as values, so the tests check the XML without a database. Every text and attribute
 * is escaped; characters XML 1.0 does not allow at all (C0 controls, lone surrogates, U+FFFE/F)
 * are dropped, so one stray byte in a title cannot make the whole feed unreadable.
 */

export interface RssImage {
  /** Absolute URL. */
  url: string;
  /** MIME type, e.g. image/webp. */
  type: string;
}

export interface RssItem {
  title: string;
  /** Absolute URL of the item's page in the feed's language; also its permanent guid. */
  link: string;
  pubDate: Date;
  /** Plain text (no markup). */
  description: string;
  image?: RssImage | null;
  /** e.g. the publishing company. */
  category?: string | null;
}

export interface RssChannel {
  title: string;
  description: string;
  /** The HTML page the feed mirrors (absolute). */
  link: string;
  /** The feed's own URL (absolute), for atom:link rel="self". */
  selfUrl: string;
  /** RFC 1766 tag, e.g. de-DE. */
  language: string;
  lastBuildDate: Date;
  items: readonly RssItem[];
}

const TYPES: Record<string, string> = { webp: "image/webp", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg" };

/** A stored file (`/files/<key>`) as a feed image; its type follows the key's extension (uploads are re-encoded to WebP). */
export function storedImage(origin: string, key: string): RssImage {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return { url: `${origin}/files/${key}`, type: TYPES[ext] ?? "image/webp" };
}

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text or attribute value, escaped for XML (quotes too, so one function serves both). */
export function xmlEscape(value: string): string {
  return value
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** RFC 822 date as RSS 2.0 wants it ("Wed, 25 Nov 2026 08:00:00 GMT"). */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

const element = (name: string, text: string, indent: string) => `${indent}<${name}>${xmlEscape(text)}</${name}>`;

function itemXml(item: RssItem): string {
  const i = "      ";
  return [
    "    <item>",
    element("title", item.title, i),
    element("link", item.link, i),
    `${i}<guid isPermaLink="true">${xmlEscape(item.link)}</guid>`,
    element("pubDate", rfc822(item.pubDate), i),
    element("description", item.description, i),
    ...(item.category ? [element("category", item.category, i)] : []),
    ...(item.image ? [`${i}<media:content url="${xmlEscape(item.image.url)}" type="${xmlEscape(item.image.type)}" medium="image"/>`] : []),
    "    </item>",
  ].join("\n");
}

export function buildRss(channel: RssChannel): string {
  const c = "    ";
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    "  <channel>",
    element("title", channel.title, c),
    element("link", channel.link, c),
    element("description", channel.description, c),
    element("language", channel.language, c),
    element("lastBuildDate", rfc822(channel.lastBuildDate), c),
    `${c}<atom:link href="${xmlEscape(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...channel.items.map(itemXml),
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
