import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import type { DbHandle } from "~/server/db/client.server";
import { news, users } from "~/server/db/schema";
import { seedDemoData } from "~/server/db/seed.server";
import { sanitizeRichText } from "~/server/events/rich-text.server";
import { getPublicNews, latestNews, listPublicNews } from "~/server/news/public.server";
import { newsState } from "~/schemas/news";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { DEMO_NEWS } from "./demo-news";
import { seedDemoCompanies } from "./seed-companies.server";
import { seedDemoNews } from "./seed-news.server";

let handle: DbHandle;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pn-demo-news-"));
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("seeds about ten bilingual news items once, from several companies, with images, one scheduled and one inactive", async () => {
  const { db } = handle;
  const storage = new LocalDiskStorage(dir);
  const now = new Date();
  expect(await seedDemoNews(db, storage, now)).toBe(0); // no companies yet
  await seedDemoData(db);
  await seedDemoCompanies(db, storage, now);
  expect(await seedDemoNews(db, storage, now)).toBe(DEMO_NEWS.length);
  expect(await seedDemoNews(db, storage, now)).toBe(0);

  const rows = await db.select().from(news);
  expect(rows).toHaveLength(DEMO_NEWS.length);
  const states = rows.map((n) => newsState(n, now));
  expect(states.filter((s) => s === "PUBLISHED").length).toBeGreaterThanOrEqual(10);
  expect(states.filter((s) => s === "SCHEDULED")).toHaveLength(1);
  expect(states.filter((s) => s === "INACTIVE")).toHaveLength(1);
  expect(new Set(rows.map((n) => n.companyId)).size).toBeGreaterThanOrEqual(5);
  // Spread over the past weeks.
  const days = rows.filter((n) => n.publishAt <= now).map((n) => (now.getTime() - n.publishAt.getTime()) / 86_400_000);
  expect(Math.min(...days)).toBeLessThan(3);
  expect(Math.max(...days)).toBeGreaterThan(21);

  const [multiplikator] = await db.select().from(users).where(eq(users.email, "multiplikator@partnernet.example"));
  const own = rows.filter((n) => n.authorId === multiplikator!.id);
  expect(own.length).toBeGreaterThanOrEqual(3);
  expect(own.every((n) => n.authorName === multiplikator!.name)).toBe(true);
  // Its scheduled and inactive items are the Multiplikator's own, so it previews both states.
  expect(rows.filter((n) => newsState(n, now) !== "PUBLISHED").every((n) => n.authorId === multiplikator!.id)).toBe(true);
  expect(rows.filter((n) => n.authorId === null).every((n) => n.authorName.trim().length > 0)).toBe(true);

  for (const n of rows) {
    expect(await storage.get(n.imageKey)).not.toBeNull();
    expect(n.titleDe).not.toBe(n.titleCs);
    expect(n.descriptionDe).toBe(sanitizeRichText(n.descriptionDe));
    expect(n.descriptionCs).toBe(sanitizeRichText(n.descriptionCs));
    expect(n.updatedAt >= n.createdAt).toBe(true);
  }
  // Links in the texts open in a new tab (sanitised like anything an editor writes).
  expect(rows.some((n) => n.descriptionDe.includes('target="_blank"'))).toBe(true);

  // What the e2e tests and the home page rely on.
  expect((await listPublicNews(db, { q: "usti", page: 1 }, "de", now)).items.map((i) => i.title)).toEqual(["Neues Gründerzentrum in Ústí nad Labem eröffnet"]);
  expect((await latestNews(db, "cs", 3, now))[0]!.title).toBe("Nová výzva: malé projekty Sasko–Česko až do 25\u00a0000\u00a0eur");
  const scheduled = rows.find((n) => newsState(n, now) === "SCHEDULED")!;
  await expect(getPublicNews(db, null, scheduled.id, "de", now)).rejects.toMatchObject({ code: "NOT_FOUND" });
  expect(await getPublicNews(db, { id: multiplikator!.id, role: "Multiplikator" }, scheduled.id, "de", now)).toMatchObject({ state: "SCHEDULED", canManage: true });
});
