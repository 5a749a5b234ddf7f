import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, startServer, type TestServer } from "../tests/support/server";

/**
 * Issue 22: the search page sends only the top of the NACE tree (sections, divisions) and the
 * codes already picked; the industry picker loads the whole tree from /api/nace when opened.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const CLASS_DE = "Herstellung von Metallkonstruktionen"; // 25.11, level 4
const CLASS_CS = "Výroba kovových konstrukcí a jejich dílů";
const DIVISION_DE = "Herstellung von Metallerzeugnissen"; // 25, level 2

describe("NACE options of the search page", () => {
  it("the page carries sections and divisions and the picked codes, not the whole tree", async () => {
    const page = await rawRequest(server, { path: "/de/suche" });
    expect(page.status).toBe(200);
    expect(page.body).toContain(DIVISION_DE);
    expect(page.body).not.toContain(CLASS_DE);
    const picked = await rawRequest(server, { path: "/de/suche?nace=25.11" });
    expect(picked.status).toBe(200);
    expect(picked.body).toContain(CLASS_DE);
  });

  it("/api/nace answers the whole tree in the asked language, cacheable, and refuses another language", async () => {
    for (const [locale, label] of [["de", CLASS_DE], ["cs", CLASS_CS]] as const) {
      const answer = await rawRequest(server, { path: `/api/nace?locale=${locale}` });
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("public, max-age=86400");
      const { options } = JSON.parse(answer.body) as { options: Array<{ code: string; level: number; label: string }> };
      expect(options).toHaveLength(996);
      expect(options.find((o) => o.code === "25.11")).toEqual({ code: "25.11", level: 4, parent: "25.1", label });
    }
    expect((await rawRequest(server, { path: "/api/nace?locale=en" })).status).toBe(400);
    expect((await rawRequest(server, { path: "/api/nace" })).status).toBe(400);
  });
});
