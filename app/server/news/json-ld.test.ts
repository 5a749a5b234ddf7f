import { describe, expect, it } from "vitest";
import { HEADLINE_MAX, headline, newsJsonLd } from "./json-ld.server";
import type { PublicNews } from "./public.server";

const ORIGIN = "https://partnernet.example";
const item: PublicNews = {
  id: "3f1c2b1e-8a4d-4c0e-9a57-0c1f2d3e4f50",
  title: "Förderaufruf für Projekte in Ústí nad Labem",
  descriptionHtml: "<p>Text</p>",
  excerpt: "Text",
  imageKey: "news/abc.webp",
  publishAt: new Date("2026-11-20T08:00:00Z"),
  updatedAt: new Date("2026-11-21T09:30:00Z"),
  authorName: "Martin Multiplikator",
  companyId: "0d5e6f70-1a2b-4c3d-8e9f-a0b1c2d3e4f5",
  companyName: "Wirtschaftsförderung Erzgebirge GmbH",
  companyPublic: true,
  companyLogoKey: "logos/wf.webp",
  state: "PUBLISHED",
  canManage: false,
};

/** As a crawler reads it: the JSON text of the script element, parsed. */
const parsed = (json: object) => JSON.parse(JSON.stringify(json)) as Record<string, unknown>;

describe("NewsArticle structured data", () => {
  it("carries the properties search engines require and recommend, with absolute URLs", () => {
    const ld = parsed(newsJsonLd(item, "de", ORIGIN));
    const page = `${ORIGIN}/de/neuigkeiten/${item.id}`;
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: item.title,
      description: "Text",
      image: [`${ORIGIN}/files/news/abc.webp`],
      datePublished: "2026-11-20T08:00:00.000Z",
      dateModified: "2026-11-21T09:30:00.000Z",
      author: [{ "@type": "Person", name: "Martin Multiplikator" }],
      publisher: {
        "@type": "Organization",
        name: "Wirtschaftsförderung Erzgebirge GmbH",
        url: `${ORIGIN}/de/firmen/${item.companyId}`,
        logo: { "@type": "ImageObject", url: `${ORIGIN}/files/logos/wf.webp` },
      },
      mainEntityOfPage: { "@type": "WebPage", "@id": page },
      url: page,
      inLanguage: "de-DE",
    });
  });

  it("points at the Czech page in Czech and leaves out what is not there", () => {
    const ld = parsed(newsJsonLd({ ...item, companyPublic: false, companyLogoKey: null, authorName: " ", updatedAt: new Date("2026-11-01T00:00:00Z") }, "cs", ORIGIN));
    expect(ld["url"]).toBe(`${ORIGIN}/cs/novinky/${item.id}`);
    expect(ld["inLanguage"]).toBe("cs-CZ");
    expect(ld["publisher"]).toEqual({ "@type": "Organization", name: item.companyName });
    // No author name (account gone): the company is the author.
    expect(ld["author"]).toEqual([{ "@type": "Organization", name: item.companyName }]);
    // Edited before it came out: modified is not before published.
    expect(ld["dateModified"]).toBe(ld["datePublished"]);
  });

  it("keeps headlines within 110 characters, cut at a word", () => {
    const long = `${"Grenzüberschreitende Zusammenarbeit ".repeat(5)}Ende`;
    const cut = headline(long);
    expect(cut.length).toBeLessThanOrEqual(HEADLINE_MAX);
    expect(cut.endsWith("…")).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.slice(0, -1).endsWith(" ")).toBe(false);
    expect(headline("x".repeat(110))).toHaveLength(110);
    expect(headline("x".repeat(200))).toHaveLength(110);
    expect(parsed(newsJsonLd({ ...item, title: long }, "de", ORIGIN))["headline"]).toBe(cut);
  });
});
