import type { Db } from "~/server/db/client.server";
import { news } from "~/server/db/schema";

const DAY = 86_400_000;

export interface TestNewsOptions {
  companyId: string;
  titleDe?: string;
  titleCs?: string;
  descriptionDe?: string;
  descriptionCs?: string;
  publishAt?: Date;
  updatedAt?: Date;
  active?: boolean;
  deletedAt?: Date | null;
  authorName?: string;
  imageKey?: string;
}

/**
 * Inserts a news item directly (no domain rules), for tests of what reads news. Defaults:
 * published a day before `now`, active, with a stored-looking image key.
 */
export async function insertNews(db: Db, o: TestNewsOptions, now = new Date()): Promise<string> {
  const publishAt = o.publishAt ?? new Date(now.getTime() - DAY);
  const [row] = await db
    .insert(news)
    .values({
      companyId: o.companyId,
      authorName: o.authorName ?? "Test Autorin",
      titleDe: o.titleDe ?? "Testneuigkeit",
      titleCs: o.titleCs ?? "Testovací novinka",
      descriptionDe: o.descriptionDe ?? "<p>Text der Neuigkeit</p>",
      descriptionCs: o.descriptionCs ?? "<p>Text novinky</p>",
      imageKey: o.imageKey ?? "news/test-image.webp",
      publishAt,
      active: o.active ?? true,
      deletedAt: o.deletedAt ?? null,
      createdAt: publishAt,
      updatedAt: o.updatedAt ?? publishAt,
    })
    .returning({ id: news.id });
  return row!.id;
}
