import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "~/i18n/locales";
import { isBuilt, PAGES } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { absoluteUrl } from "~/routing/seo";
import { alternatesOf, canonicalsOf, metaValues, type PageHead, parseHead } from "../tests/support/html-head";
import { signIn, startServer, type TestServer } from "../tests/support/server";

/**
 * Issue 13 over HTTP on the demo data: every built public page in both languages has a unique
 * title and description, one canonical, hreflang de + cs + x-default, og:image and the large
 * card, each tag once; the pages the catalogue does not make public, verify, search results and
 * error screens say noindex and name no canonical; company, event and home pages carry JSON-LD.
 */
const ENV = { RATE_LIMIT_PER_IP_PER_HOUR: "100000" };
let server: TestServer;
let base = "";
const ids: Record<string, string> = {};
const heads = new Map<string, PageHead>();
let adminCookie = "";

const PUBLIC_PAGES = PAGES.filter((p) => p.access === "public" && !p.resource && isBuilt(p.id));
/** Detail pages take an id from the sitemap: a verified company, a public event, a public news item. */
const DETAIL_OF: Record<string, RegExp> = { companyDetail: /\/de\/firmen\/([0-9a-f-]{36})</, eventDetail: /\/de\/veranstaltungen\/([0-9a-f-]{36})</, newsDetail: /\/de\/neuigkeiten\/([0-9a-f-]{36})</ };

async function get(path: string, cookie?: string): Promise<{ status: number; head: PageHead }> {
  const res = await fetch(`${server.url}${encodeURI(path)}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, head: parseHead(await res.text()) };
}

beforeAll(async () => {
  server = await startServer(ENV);
  base = `http://localhost:${server.port}`;
  const sitemap = await (await fetch(`${server.url}/de/sitemap.xml`)).text();
  for (const [pageId, pattern] of Object.entries(DETAIL_OF)) {
    const id = pattern.exec(sitemap)?.[1];
    if (id) ids[pageId] = id;
  }
  for (const page of PUBLIC_PAGES) {
    if (page.de.includes(":id") && !ids[page.id]) continue;
    for (const locale of LOCALES) {
      const path = href(page.id, locale, { id: ids[page.id] });
      const { status, head } = await get(path);
      expect(status, path).toBe(200);
      heads.set(`${page.id}.${locale}`, head);
    }
  }
  adminCookie = await signIn(server, "admin@partnernet.example");
}, 240_000);
afterAll(() => server?.close());

const ONCE = ["description", "robots", "og:type", "og:title", "og:description", "og:image", "og:image:alt", "og:url", "og:site_name", "og:locale", "og:locale:alternate", "twitter:card", "twitter:title", "twitter:description", "twitter:image"];

describe("the head of every built public page", () => {
  it("covers each built public page in both languages (news detail once news exist)", () => {
    expect(Object.keys(ids)).toEqual(expect.arrayContaining(["companyDetail", "eventDetail"]));
    const expected = PUBLIC_PAGES.filter((p) => !p.de.includes(":id") || ids[p.id]).length * 2;
    expect(heads.size).toBe(expected);
  });

  it("has each tag once, the large card and an absolute sharing image", () => {
    for (const [key, head] of heads) {
      expect(head.titles, key).toHaveLength(1);
      for (const tag of ONCE) {
        // verify is noindex: no og:url (it has no canonical).
        if ((key.startsWith("verify.") || key.startsWith("adProlong.")) && tag === "og:url") continue;
        expect(metaValues(head, tag), `${key} ${tag}`).toHaveLength(1);
      }
      const names = head.meta.map((m) => m.key);
      expect(names.filter((n, i) => names.indexOf(n) !== i), key).toEqual([]);
      expect(metaValues(head, "twitter:card"), key).toEqual(["summary_large_image"]);
      expect(metaValues(head, "og:image")[0], key).toMatch(new RegExp(`^${base}/`));
      expect(metaValues(head, "description")[0]!.length, key).toBeGreaterThan(20);
    }
  });

  it("has a title and a description of its own in its language", () => {
    for (const locale of LOCALES) {
      const mine = [...heads].filter(([key]) => key.endsWith(`.${locale}`)).map(([, head]) => head);
      const titles = mine.map((h) => h.titles[0]);
      const descriptions = mine.map((h) => metaValues(h, "description")[0]);
      expect(new Set(titles).size, `${locale}: ${titles.join(" | ")}`).toBe(titles.length);
      expect(new Set(descriptions).size, `${locale}: ${descriptions.join(" | ")}`).toBe(descriptions.length);
      for (const h of mine) expect(metaValues(h, "og:locale")).toEqual([locale === "de" ? "de_DE" : "cs_CZ"]);
    }
  });

  it("names itself canonical and its counterparts in de, cs and x-default; verify is noindex", () => {
    for (const [key, head] of heads) {
      const [pageId, locale] = key.split(".") as [string, Locale];
      const url = (l: Locale) => absoluteUrl(base, href(pageId, l, { id: ids[pageId] }));
      if (pageId === "verify" || pageId === "adProlong") {
        expect(metaValues(head, "robots")).toEqual(["noindex"]);
        expect(canonicalsOf(head)).toEqual([]);
        continue;
      }
      expect(metaValues(head, "robots"), key).toEqual(["index, follow"]);
      expect(canonicalsOf(head), key).toEqual([url(locale)]);
      expect(metaValues(head, "og:url"), key).toEqual([url(locale)]);
      expect(alternatesOf(head), key).toEqual({ de: url("de"), cs: url("cs"), "x-default": url("de") });
      // Exactly these three language alternates (an RSS alternate has no hreflang).
      expect(head.links.filter((l) => l.rel === "alternate" && l.hreflang)).toHaveLength(3);
    }
  });
});

describe("pages search engines leave out", () => {
  const expectNoindex = (head: PageHead, what: string) => {
    expect(metaValues(head, "robots"), what).toEqual(["noindex"]);
    expect(canonicalsOf(head), what).toEqual([]);
    expect(head.links.filter((l) => l.rel === "alternate" && l.hreflang), what).toEqual([]);
  };

  it("signed-in and admin pages (the catalogue's access rule)", async () => {
    const pages = PAGES.filter((p) => p.access !== "public" && !p.resource && isBuilt(p.id) && !p.de.includes(":"));
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) {
      for (const locale of LOCALES) {
        const { status, head } = await get(href(page.id, locale), adminCookie);
        expect(status, page.id).toBe(200);
        expectNoindex(head, `${page.id} ${locale}`);
      }
    }
    const { head } = await get(href("eventRegister", "de", { id: ids.eventDetail }), adminCookie);
    expectNoindex(head, "eventRegister");
  });

  it("search results, error screens (also a page's own boundary) and developer pages", async () => {
    expectNoindex((await get("/de/suche?q=glas&country=DE")).head, "search results");
    const missing = await get("/cs/neexistuje");
    expect(missing.status).toBe(404);
    expectNoindex(missing.head, "404");
    expect(missing.head.titles).toEqual(["Chyba – PartnerNet"]);
    const company = await get(href("companyDetail", "de", { id: "00000000-0000-4000-8000-000000000000" }));
    expect(company.status).toBe(404);
    expectNoindex(company.head, "unknown company");
    expect(company.head.titles).toEqual(["Fehler – PartnerNet"]);
    expectNoindex((await get("/dev/outbox")).head, "outbox");
  });
});

describe("schema.org JSON-LD over HTTP", () => {
  const only = (head: PageHead | undefined) => {
    expect(head?.jsonLd).toHaveLength(1);
    return head!.jsonLd[0] as Record<string, unknown>;
  };

  it("a company page: Organization with name, url, address and no contact data", () => {
    for (const locale of LOCALES) {
      const json = only(heads.get(`companyDetail.${locale}`));
      expect(json).toMatchObject({ "@context": "https://schema.org", "@type": "Organization", url: absoluteUrl(base, href("companyDetail", locale, { id: ids.companyDetail })) });
      expect(typeof json.name).toBe("string");
      expect(typeof json.description).toBe("string");
      expect(json.address).toMatchObject({ "@type": "PostalAddress" });
      expect(JSON.stringify(json)).not.toMatch(/email|telephone|contactPoint|@partnernet\.example/);
      expect(heads.get(`companyDetail.${locale}`)!.titles[0]).toBe(`${String(json.name)} – PartnerNet`);
    }
  });

  it("an event page: Event with name, start, location, organiser and url", () => {
    for (const locale of LOCALES) {
      const json = only(heads.get(`eventDetail.${locale}`));
      expect(json).toMatchObject({ "@context": "https://schema.org", "@type": "Event", url: absoluteUrl(base, href("eventDetail", locale, { id: ids.eventDetail })) });
      for (const key of ["name", "startDate", "endDate", "location", "organizer", "eventAttendanceMode"]) expect(json[key], key).toBeTruthy();
    }
  });

  it("the home page: PartnerNet's WebSite with a search action", () => {
    const json = only(heads.get("home.cs"));
    const site = (json["@graph"] as Array<Record<string, unknown>>).find((n) => n["@type"] === "WebSite");
    expect(site).toMatchObject({ url: `${base}/cs`, potentialAction: { "@type": "SearchAction", target: { urlTemplate: `${base}/cs/vyhledavani?q={search_term_string}` } } });
  });
});
