import { describe, expect, it } from "vitest";
import { routeLabel } from "./route-label";

/** The `route` label (decision 050): catalogue page ids and fixed names, never a path with ids. */
describe("routeLabel", () => {
  it("names catalogue pages by id in both languages, with or without the data suffix", () => {
    expect(routeLabel("/de")).toBe("home");
    expect(routeLabel("/cs")).toBe("home");
    expect(routeLabel("/de/firmen/123")).toBe("companyDetail");
    expect(routeLabel("/cs/firmy/456")).toBe("companyDetail");
    expect(routeLabel("/de/firmen/123.data")).toBe("companyDetail");
    expect(routeLabel("/de/veranstaltungen/anzeigen")).toBe("eventList");
    expect(routeLabel("/cs/události/789")).toBe("eventDetail");
    expect(routeLabel(encodeURI("/cs/události/789"))).toBe("eventDetail");
    expect(routeLabel("/de/admin/firmen")).toBe("adminCompanies");
  });

  it("gives the other routes fixed names", () => {
    expect(routeLabel("/")).toBe("rootRedirect");
    expect(routeLabel("/_root.data")).toBe("rootRedirect");
    expect(routeLabel("/cs/udalosti/789")).toBe("eventDetailRedirect");
    expect(routeLabel("/assets/entry.client-abc123.js")).toBe("static");
    expect(routeLabel("/favicon.svg")).toBe("static");
    expect(routeLabel("/files/logos/1/a.png")).toBe("files");
    expect(routeLabel("/healthz")).toBe("healthz");
    expect(routeLabel("/readyz")).toBe("readyz");
    expect(routeLabel("/robots.txt")).toBe("robots");
    expect(routeLabel("/de/sitemap.xml")).toBe("sitemap");
    expect(routeLabel("/api/geocode")).toBe("api");
  });

  it("puts every unknown path under one label", () => {
    expect(routeLabel("/de/gibt-es-nicht/42")).toBe("notFound");
    expect(routeLabel("/wp-admin/setup.php/x")).toBe("notFound");
    expect(routeLabel("/x/y/z")).toBe("notFound");
  });
});
