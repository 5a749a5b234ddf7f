import type { Db } from "~/server/db/client.server";
import { news } from "~/server/db/schema";

export interface TestNewsOptions {
  companyId: string;
  titleDe?: string;
  titleCs?: string;
  publishAt?: Date;
  active?: boolean;
  deletedAt?: Date | null;
  imageKey?: string;
  authorName?: string;
}

let seq = 0;

/**
 * Inserts a news item directly (no domain rules, no stored image), for tests of the rules that
 * read news. Defaults: published an hour before `now`, active, not deleted.
 */
export async function insertNews(db: Db, o: TestNewsOptions, now = new Date()): Promise<string> {
  seq += 1;
  const [row] = await db
    .insert(news)
    .values({
      companyId: o.companyId,
      titleDe: o.titleDe ?? `Testneuigkeit ${seq}`,
      titleCs: o.titleCs ?? `Testovací novinka ${seq}`,
      descriptionDe: "<p>Text</p>",
      descriptionCs: "<p>Text</p>",
      imageKey: o.imageKey ?? `news/test-${seq}.webp`,
      authorName: o.authorName ?? "Test Autor",
      publishAt: o.publishAt ?? new Date(now.getTime() - 3_600_000),
      active: o.active ?? true,
      deletedAt: o.deletedAt ?? null,
    })
    .returning({ id: news.id });
  return row!.id;
}
