import { describe, expect, it } from "vitest";
import { LOCALES } from "~/i18n/locales";
import { PAGES } from "./catalogue";
import { href } from "./paths";
import { absoluteUrl, seoHead } from "./seo";

const PARAMS = { id: "abc-1", registrationId: "r-2", invoiceId: "i-3", companyId: "c-4" };

describe("SEO head from the catalogue (issue 13)", () => {
  it("indexes public pages only, with canonical and de/cs/x-default alternates", () => {
    for (const page of PAGES) {
      for (const locale of LOCALES) {
        const head = seoHead(href(page.id, locale, PARAMS));
        const expected = page.access === "public" && !page.resource && !["verify", "adProlong"].includes(page.id);
        expect(head.indexable, `${page.id} ${locale}`).toBe(expected);
        if (!expected) {
          expect(head.canonical).toBeNull();
          expect(head.alternates).toEqual([]);
          continue;
        }
        expect(head.canonical).toBe(href(page.id, locale, PARAMS));
        expect(head.alternates).toEqual([
          { hreflang: "de", path: href(page.id, "de", PARAMS) },
          { hreflang: "cs", path: href(page.id, "cs", PARAMS) },
          { hreflang: "x-default", path: href(page.id, "de", PARAMS) },
        ]);
      }
    }
  });

  it("leaves out tracking parameters, points filtered lists at the unfiltered list and keeps page > 1", () => {
    expect(seoHead("/de/veranstaltungen/anzeigen", "?utm_source=newsletter&fbclid=x").canonical).toBe("/de/veranstaltungen/anzeigen");
    expect(seoHead("/de/veranstaltungen/anzeigen", "?page=3&utm_medium=mail").canonical).toBe("/de/veranstaltungen/anzeigen?page=3");
    expect(seoHead("/cs/udalosti/seznam", "?page=3").alternates[0]).toEqual({ hreflang: "de", path: "/de/veranstaltungen/anzeigen?page=3" });
    expect(seoHead("/de/veranstaltungen/anzeigen", "?page=1").canonical).toBe("/de/veranstaltungen/anzeigen");
    expect(seoHead("/de/veranstaltungen/anzeigen", "?page=abc").canonical).toBe("/de/veranstaltungen/anzeigen");
    expect(seoHead("/de/veranstaltungen/anzeigen", "?title=Messe&page=2").canonical).toBe("/de/veranstaltungen/anzeigen");
    expect(seoHead("/de/anmelden", "?redirectTo=%2Fde%2Fmein-account").canonical).toBe("/de/anmelden");
    // Trailing slash and percent-encoding name the same page.
    expect(seoHead("/cs/ud%C3%A1losti/5/").canonical).toBe("/cs/události/5");
  });

  it("does not index search results, unknown paths or pages outside the catalogue", () => {
    expect(seoHead("/de/suche").indexable).toBe(true);
    expect(seoHead("/de/suche", "?utm_source=x").indexable).toBe(true);
    expect(seoHead("/de/suche", "?q=cnc").indexable).toBe(false);
    expect(seoHead("/cs/vyhledavani", "?country=CZ").indexable).toBe(false);
    expect(seoHead("/dev/outbox").indexable).toBe(false);
    expect(seoHead("/de/gibt-es-nicht/x/y").indexable).toBe(false);
  });

  it("makes absolute URLs with non-ASCII paths encoded once", () => {
    expect(absoluteUrl("https://partnernet.example", "/cs/události/5")).toBe("https://partnernet.example/cs/ud%C3%A1losti/5");
    expect(absoluteUrl("https://partnernet.example/", "/og-image.png")).toBe("https://partnernet.example/og-image.png");
    expect(absoluteUrl("https://partnernet.example", "https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
  });
});
