import { describe, expect, it } from "vitest";
import { LOCALES } from "~/i18n/locales";
import { CATALOGUES } from "~/i18n/catalogue-store";
import { PAGES } from "./catalogue";
import { errorMeta, type MetaAt, pageMeta, siteMeta } from "./current-page";
import { href } from "./paths";

type Tag = Record<string, string | undefined>;
const titleOf = (meta: Tag[]) => meta.find((m) => "title" in m)!.title!;
const times = (text: string, word: string) => text.split(word).length - 1;
const BASE = "https://partnernet.example";
const at = (pathname: string, search = ""): MetaAt => ({ location: { pathname, search }, matches: [{ id: "root", loaderData: { publicUrl: BASE } }] });
const content = (meta: Tag[], attr: "name" | "property", key: string) => meta.filter((m) => m[attr] === key).map((m) => m.content);

describe("page titles name the site once (issue 13)", () => {
  it("on the home page and on other pages, in both languages", () => {
    for (const path of ["/de", "/cs"]) expect(times(titleOf(siteMeta(path)), "PartnerNet")).toBe(1);
    expect(titleOf(siteMeta("/de"))).toBe("PartnerNet – Partnernetzwerk für die sächsisch-tschechische Zusammenarbeit");
    expect(titleOf(pageMeta("/cs/vyhledavani", "page.search.title"))).toBe("Vyhledávání – PartnerNet");
    expect(times(titleOf(pageMeta("/de/suche", "page.search.title")), "PartnerNet")).toBe(1);
  });
});

describe("the page's head tags (issue 13)", () => {
  it("carries each tag once: description, robots, Open Graph and Twitter texts, the default sharing image", () => {
    const meta = pageMeta(at("/de/faq"), "page.faq.title");
    const keys = meta.map((m) => ("title" in m ? "title" : (m as Tag).name ?? (m as Tag).property));
    expect(new Set(keys).size).toBe(keys.length);
    expect(content(meta, "name", "description")).toEqual([CATALOGUES.de["page.faq.description"]]);
    expect(content(meta, "name", "robots")).toEqual(["index, follow"]);
    expect(content(meta, "property", "og:image")).toEqual([`${BASE}/og-image.png`]);
    expect(content(meta, "property", "og:image:width")).toEqual(["1200"]);
    expect(content(meta, "name", "twitter:image")).toEqual([`${BASE}/og-image.png`]);
    expect(content(meta, "property", "og:title")).toEqual([titleOf(meta)]);
    expect(content(meta, "property", "og:type")).toEqual(["website"]);
  });

  it("uses the entity's description and image (a site path made absolute) and the article type", () => {
    const meta = pageMeta(at("/cs/firmy/1"), "page.companyDetail.title", "ACME", { description: "Popis firmy", image: "/files/logos/a.webp", imageAlt: "ACME", type: "article" });
    expect(titleOf(meta)).toBe("ACME – PartnerNet");
    expect(content(meta, "property", "og:description")).toEqual(["Popis firmy"]);
    expect(content(meta, "property", "og:image")).toEqual([`${BASE}/files/logos/a.webp`]);
    expect(content(meta, "property", "og:image:width")).toEqual([]);
    expect(content(meta, "property", "og:type")).toEqual(["article"]);
    // An absolute image is used even without the site's base (a bare pathname).
    expect(content(pageMeta("/de/neuigkeiten/1", "page.newsDetail.title", "X", { image: "https://cdn.example/i.webp" }), "property", "og:image")).toEqual(["https://cdn.example/i.webp"]);
  });

  it("says noindex on every page the catalogue does not make public, on verify and on search results", () => {
    for (const page of PAGES.filter((p) => !p.resource)) {
      for (const locale of LOCALES) {
        const robots = content(pageMeta(at(href(page.id, locale, { id: "1", registrationId: "2", invoiceId: "3", companyId: "4" })), "site.name"), "name", "robots");
        expect(robots, `${page.id} ${locale}`).toEqual([page.access === "public" && !["verify", "adProlong"].includes(page.id) ? "index, follow" : "noindex"]);
      }
    }
    expect(content(pageMeta(at("/de/suche", "?q=cnc"), "page.search.title"), "name", "robots")).toEqual(["noindex"]);
    expect(content(pageMeta(at("/de/faq"), "page.faq.title", undefined, { noindex: true }), "name", "robots")).toEqual(["noindex"]);
  });

  it("error screens are titled Error and noindex, with nothing else", () => {
    expect(errorMeta("/cs/x")).toEqual([{ title: "Chyba – PartnerNet" }, { name: "robots", content: "noindex" }]);
    expect(pageMeta({ ...at("/de/firmen/1"), error: new Error("x") }, "page.companyDetail.title")).toEqual(errorMeta("/de/firmen/1"));
    expect(pageMeta("/de/firmen/1", "error.title")).toEqual(errorMeta("/de/firmen/1"));
  });

  it("static public pages have their own description of 70–160 characters in both languages", () => {
    const ids = ["about", "privacy", "faq", "forCompanies", "forMultipliers", "imprint", "terms", "eventList", "newsList", "search", "login", "signup"];
    for (const locale of LOCALES) {
      const texts = ids.map((id) => CATALOGUES[locale][`page.${id}.description` as keyof (typeof CATALOGUES)["de"]]);
      for (const [i, text] of texts.entries()) expect(text?.length, `${ids[i]} ${locale}`).toBeGreaterThanOrEqual(70);
      for (const [i, text] of texts.entries()) expect(text?.length, `${ids[i]} ${locale}`).toBeLessThanOrEqual(160);
      expect(new Set([...texts, CATALOGUES[locale]["site.description"]]).size).toBe(ids.length + 1);
    }
  });
});
