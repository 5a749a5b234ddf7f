/**
 * The SEO-relevant part of a server-rendered page's <head> (HTTP tests of issue 13): every
 * <title>, <meta name|property> and <link rel> with their values, and the JSON-LD blocks of the
 * whole page. Attribute names are matched without regard to case (React writes `hrefLang`).
 */
export interface PageHead {
  titles: string[];
  meta: Array<{ key: string; content: string }>;
  links: Array<{ rel: string; href: string; hreflang: string | null }>;
  jsonLd: unknown[];
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) out[m[1]!.toLowerCase()] = decode(m[2]!);
  return out;
}

export function parseHead(html: string): PageHead {
  const head = html.split("</head>")[0] ?? "";
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
  const meta = [...head.matchAll(/<meta\s[^>]*>/g)]
    .map((m) => attrs(m[0]))
    .filter((a) => a.name || a.property)
    .map((a) => ({ key: (a.name ?? a.property)!, content: a.content ?? "" }));
  const links = [...head.matchAll(/<link\s[^>]*>/g)].map((m) => attrs(m[0])).map((a) => ({ rel: a.rel ?? "", href: a.href ?? "", hreflang: a.hreflang ?? null }));
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as unknown);
  return { titles, meta, links, jsonLd };
}

/** The contents of every meta tag with this name or property. */
export const metaValues = (head: PageHead, key: string) => head.meta.filter((m) => m.key === key).map((m) => m.content);

/** hreflang → href of the alternate links. */
export const alternatesOf = (head: PageHead) => Object.fromEntries(head.links.filter((l) => l.rel === "alternate" && l.hreflang).map((l) => [l.hreflang!, l.href]));

export const canonicalsOf = (head: PageHead) => head.links.filter((l) => l.rel === "canonical").map((l) => l.href);
