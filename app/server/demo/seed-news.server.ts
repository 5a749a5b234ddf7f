import { asc, count, eq } from "drizzle-orm";
import { type Db, withTransaction } from "~/server/db/client.server";
import { companies, news, users } from "~/server/db/schema";
import { sanitizeRichText } from "~/server/events/rich-text.server";
import type { FileStorage } from "~/server/storage/storage.server";
import { renderDemoBanner } from "./banner.server";
import { DEMO_NEWS } from "./demo-news";

const DAY = 86_400_000;
const MULTIPLIKATOR = "multiplikator@partnernet.example";

/** `days` from `now` at `hour` o'clock Central European time (as the demo events). */
function at(now: Date, days: number, hour: number): Date {
  const d = new Date(now.getTime() + days * DAY);
  d.setUTCHours(hour - 1, 0, 0, 0);
  return d;
}

const html = (paragraphs: string[]) => sanitizeRichText(paragraphs.map((p) => `<p>${p}</p>`).join(""));

/**
 * Demo news (idempotent: only when there are demo companies and no news yet), each with a banner
 * image; the demo Multiplikator writes those of its company, the others carry an author's name.
 * One transaction, files removed again if it fails, like the event seed.
 */
export async function seedDemoNews(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  const keys: string[] = [];
  try {
    return await withTransaction(db, async (tx) => {
      const [existing] = await tx.select({ n: count() }).from(news);
      if ((existing?.n ?? 0) > 0) return 0;
      const companyIds = (await tx.select({ id: companies.id }).from(companies).orderBy(asc(companies.createdAt), asc(companies.id))).map((c) => c.id);
      // Companies are created with createdAt = now - index: oldest first is the reverse of the index.
      companyIds.reverse();
      if (companyIds.length < 14) return 0;
      const [multiplikator] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, MULTIPLIKATOR));
      for (const demo of DEMO_NEWS) {
        const banner = await renderDemoBanner(storage, "news", demo);
        keys.push(banner.key);
        const publishAt = at(now, demo.day, demo.hour);
        // Written a little before it appears (a scheduled one: today).
        const writtenAt = new Date(Math.min(publishAt.getTime(), now.getTime()) - 2 * 3_600_000);
        const author = demo.author === null ? multiplikator : null;
        await tx.insert(news).values({
          companyId: companyIds[demo.company]!,
          authorId: author?.id ?? null,
          authorName: demo.author ?? author?.name ?? "Martin Multiplikator",
          titleDe: demo.titleDe,
          titleCs: demo.titleCs,
          descriptionDe: html(demo.textDe),
          descriptionCs: html(demo.textCs),
          imageKey: banner.key,
          publishAt,
          active: demo.active ?? true,
          updatedBy: author?.id ?? null,
          createdAt: writtenAt,
          updatedAt: demo.active === false ? new Date(Math.max(publishAt.getTime(), writtenAt.getTime()) + DAY) : writtenAt,
        });
      }
      return DEMO_NEWS.length;
    });
  } catch (error) {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}
