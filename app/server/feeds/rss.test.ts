import { describe, expect, it } from "vitest";
import { childrenNamed, childText, parseXml } from "../../../tests/support/xml";
import { buildRss, rfc822, storedImage, xmlEscape } from "./rss.server";

const channel = {
  title: "PartnerNet – Neuigkeiten",
  description: "Neuigkeiten aus dem Grenzraum",
  link: "https://partnernet.example/de/neuigkeiten/anzeigen",
  selfUrl: "https://partnernet.example/de/neuigkeiten/feed.xml",
  language: "de-DE",
  lastBuildDate: new Date("2026-11-25T08:00:00Z"),
};

describe("the RSS writer", () => {
  it("writes an RSS 2.0 channel with atom:link self and one item per entry", () => {
    const xml = buildRss({
      ...channel,
      items: [
        {
          title: "Förderaufruf Ústí",
          link: "https://partnernet.example/de/neuigkeiten/1",
          pubDate: new Date("2026-11-20T07:30:00Z"),
          description: "Text",
          category: "Firma GmbH",
          image: storedImage("https://partnernet.example", "news/a.webp"),
        },
        { title: "Zweite", link: "https://partnernet.example/de/neuigkeiten/2", pubDate: new Date("2026-11-19T07:30:00Z"), description: "Mehr" },
      ],
    });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const rss = parseXml(xml);
    expect(rss.name).toBe("rss");
    expect(rss.attributes).toMatchObject({ version: "2.0", "xmlns:atom": "http://www.w3.org/2005/Atom" });
    const [ch] = childrenNamed(rss, "channel");
    expect(childText(ch!, "title")).toBe(channel.title);
    expect(childText(ch!, "link")).toBe(channel.link);
    expect(childText(ch!, "language")).toBe("de-DE");
    expect(childText(ch!, "lastBuildDate")).toBe("Wed, 25 Nov 2026 08:00:00 GMT");
    expect(childrenNamed(ch!, "atom:link")[0]!.attributes).toEqual({ href: channel.selfUrl, rel: "self", type: "application/rss+xml" });
    const items = childrenNamed(ch!, "item");
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(childText(first, "title")).toBe("Förderaufruf Ústí");
    expect(childrenNamed(first, "guid")[0]).toMatchObject({ attributes: { isPermaLink: "true" }, text: "https://partnernet.example/de/neuigkeiten/1" });
    expect(childText(first, "pubDate")).toBe("Fri, 20 Nov 2026 07:30:00 GMT");
    expect(childText(first, "category")).toBe("Firma GmbH");
    expect(childrenNamed(first, "media:content")[0]!.attributes).toEqual({ url: "https://partnernet.example/files/news/a.webp", type: "image/webp", medium: "image" });
    // Optional parts are left out rather than written empty.
    expect(childrenNamed(items[1]!, "category")).toHaveLength(0);
    expect(childrenNamed(items[1]!, "media:content")).toHaveLength(0);
  });

  it("escapes markup, entities and quotes, and drops characters XML cannot carry", () => {
    const nasty = `Tom & Jerry <script>alert("x")</script> 'quoted' ]]> \u0001\u0008\uFFFE\uD800 end`;
    const xml = buildRss({
      ...channel,
      title: nasty,
      selfUrl: 'https://partnernet.example/feed.xml?a=1&b="2"',
      items: [{ title: nasty, link: "https://partnernet.example/de/neuigkeiten/1?x=1&y=2", pubDate: new Date(0), description: "a < b && c > d", category: "<b>" }],
    });
    expect(xml).not.toContain("<script>");
    const ch = parseXml(xml).children[0]!;
    const clean = `Tom & Jerry <script>alert("x")</script> 'quoted' ]]>  end`;
    expect(childText(ch, "title")).toBe(clean);
    expect(childrenNamed(ch, "atom:link")[0]!.attributes["href"]).toBe('https://partnernet.example/feed.xml?a=1&b="2"');
    const item = childrenNamed(ch, "item")[0]!;
    expect(childText(item, "title")).toBe(clean);
    expect(childText(item, "link")).toBe("https://partnernet.example/de/neuigkeiten/1?x=1&y=2");
    expect(childText(item, "description")).toBe("a < b && c > d");
    expect(childText(item, "category")).toBe("<b>");
  });

  it("writes an empty channel when there is nothing to announce", () => {
    const ch = parseXml(buildRss({ ...channel, items: [] })).children[0]!;
    expect(childrenNamed(ch, "item")).toHaveLength(0);
    expect(childText(ch, "description")).toBe(channel.description);
  });

  it("formats RFC 822 dates in GMT and keeps emoji (surrogate pairs) intact", () => {
    expect(rfc822(new Date("2027-01-03T23:05:09Z"))).toBe("Sun, 03 Jan 2027 23:05:09 GMT");
    expect(xmlEscape("Messe 🚀 & mehr")).toBe("Messe 🚀 &amp; mehr");
    expect(storedImage("https://x.example", "logos/a.PNG").type).toBe("image/png");
  });
});

it("the test's XML reader refuses what is not well-formed", () => {
  expect(() => parseXml("<a>x & y</a>")).toThrow();
  expect(() => parseXml("<a><b></a></b>")).toThrow();
  expect(() => parseXml('<a x=1></a>')).toThrow();
  expect(() => parseXml("<a></a><b></b>")).toThrow();
  expect(() => parseXml("<a>&nbsp;</a>")).toThrow();
});
