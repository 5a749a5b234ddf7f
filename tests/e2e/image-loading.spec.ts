import { expect, type Page, test } from "@playwright/test";
import { newContext } from "./support";

// Decision 068 (Lighthouse on a phone): pictures below a phone's first screen load lazily, and the
// first card's or gallery picture — often the largest thing on that screen (LCP) — at once, first.
const PHONE = { width: 390, height: 844 };

/** The /files/… images the page has requested so far. */
function fileRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image" && new URL(request.url()).pathname.startsWith("/files/")) urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

test("the event list on a phone loads the first card's picture first and the others only when scrolled to", async ({ browser }) => {
  const context = await newContext(browser, { viewport: PHONE });
  const page = await context.newPage();
  const requested = fileRequests(page);
  await page.goto("/cs/udalosti/seznam");
  const pictures = page.locator('[data-testid="event-card"] img');
  await expect(pictures.first()).toHaveAttribute("fetchpriority", "high");
  await expect(pictures.first()).toHaveAttribute("loading", "eager");
  await expect(pictures.nth(1)).toHaveAttribute("loading", "lazy");
  await expect.poll(() => pictures.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.waitForLoadState("networkidle");
  const total = await pictures.count();
  expect(total).toBeGreaterThan(4);
  const before = requested.filter((p) => p.startsWith("/files/events/")).length;
  expect(before).toBeLessThan(total);
  // Scrolled to, the last picture loads.
  await pictures.last().scrollIntoViewIfNeeded();
  await expect.poll(() => pictures.last().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(requested.filter((p) => p.startsWith("/files/events/")).length).toBeGreaterThan(before);
  await context.close();
});

test("an event's gallery: the first picture at once with high priority, any others lazily", async ({ browser }) => {
  const context = await newContext(browser, { viewport: PHONE });
  const page = await context.newPage();
  const sitemap = await (await page.request.get("/de/sitemap.xml")).text();
  const events = [...sitemap.matchAll(/<loc>[^<]*(\/de\/veranstaltungen\/[0-9a-f-]{36})<\/loc>/g)].map((m) => m[1]!);
  let found = false;
  for (const path of events) {
    await page.goto(path);
    const gallery = page.locator('[data-testid="event-gallery"] img');
    const count = await gallery.count();
    if (count === 0) continue;
    found = true;
    await expect(gallery.first()).toHaveAttribute("fetchpriority", "high");
    await expect(gallery.first()).toHaveAttribute("loading", "eager");
    for (let i = 1; i < count; i++) await expect(gallery.nth(i)).toHaveAttribute("loading", "lazy");
    break;
  }
  expect(found, "a public demo event with a gallery picture").toBe(true);
  await context.close();
});
