import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPageCache } from "./page-cache";

/**
 * A write empties the anonymous page cache before its answer leaves the server. It used to happen on
 * the answer's `finish` event, which on a busy machine came after the client had read the answer and
 * asked for the next page: that page was then rendered but not stored, and missed twice in a row.
 */
const cache = createPageCache({ ttlMs: 60_000, maxEntries: 10, maxBodyBytes: 1024, bypass: () => false });
/** What the cache held at the moment each answer was handed to the layer below it (as compression is). */
const sizeWhenAnswered: Record<string, number> = {};
const app = express();
app.use((req, res, next) => {
  const end = res.end.bind(res);
  res.end = ((...args: Parameters<typeof end>) => {
    sizeWhenAnswered[`${req.method} ${req.path}`] = cache.size();
    return end(...args);
  }) as typeof res.end;
  next();
});
app.use(cache.middleware);
app.get("/page", (_req, res) => void res.status(200).type("html").send("<p>page</p>"));
app.post("/write", (_req, res) => void res.redirect(303, "/page"));
app.post("/failed-write", (_req, res) => void res.status(500).send("no"));

let base = "";
let close = () => {};
beforeAll(async () => {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("page cache and writes", () => {
  it("is empty when a write's answer is handed over, and the next page is stored again", async () => {
    await fetch(`${base}/page`);
    expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("hit");
    expect(cache.size()).toBe(1);
    const answer = await fetch(`${base}/write`, { method: "POST", redirect: "manual" });
    expect(answer.status).toBe(303);
    expect(sizeWhenAnswered["POST /write"]).toBe(0);
    expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("miss");
    expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("hit");
  });

  it("keeps its pages when a write failed on the server", async () => {
    expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("hit");
    expect((await fetch(`${base}/failed-write`, { method: "POST" })).status).toBe(500);
    expect(sizeWhenAnswered["POST /failed-write"]).toBe(1);
    expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("hit");
  });

  it("keeps its pages when the system clock is stepped forward (NTP, a resumed virtual machine)", async () => {
    expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("hit");
    const stepped = Date.now() + 10 * 60_000;
    const clock = vi.spyOn(Date, "now").mockImplementation(() => stepped);
    try {
      expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("hit");
    } finally {
      clock.mockRestore();
    }
  });
});
