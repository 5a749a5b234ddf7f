import { and, eq, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/server/audit.server";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import {
  companies,
  companyAddresses,
  companyChallenges,
  companyContacts,
  companyLogoFetches,
  companyNace,
  companyServices,
  companyTags,
  companyUserLinks,
  eventBadgeLogos,
  eventFiles,
  eventOrganizers,
  eventRegistrations,
  events,
  invoices,
  news,
  participantMailings,
} from "~/server/db/schema";
import { defineJob } from "~/server/jobs/job";
import { writeWithFiles } from "~/server/storage/file-commit.server";
import { type FileStorage, getStorage } from "~/server/storage/storage.server";
import { COMPANY_RESTORE_DAYS } from "./deleted";
import { companiesDeletedBefore } from "./deletion.server";
import { logger } from "~/server/logger.server";

/** Companies purged per job run (the next run takes the rest). */
const PURGE_BATCH = 50;

/**
 * Removes one deleted company for good, if it is still deleted and its restore period has ended
 * at `now`: the row goes, and the database cascade takes its addresses, ads, links, events (with
 * their registrations, forms, B2B plans, mailings) and news. Issued invoices stay (their foreign
 * keys to the event and the sender are SET NULL; they live from their snapshot) and so do audit
 * entries (no foreign key). Its stored files are removed after the commit — except a file an
 * invoice still prints (its logo). A company that registered for other organisers' events is
 * reduced to a tombstone instead (reduceToTombstone), so their records keep it. Returns whether it purged.
 */
export async function purgeCompany(db: Db, storage: FileStorage, companyId: string, now = clock.now()): Promise<boolean> {
  const cutoff = new Date(now.getTime() - COMPANY_RESTORE_DAYS * 86_400_000);
  return writeWithFiles(storage, [], ({ retire }) =>
    withTransaction(db, async (tx) => {
      const [company] = await tx
        .select({ name: companies.name, logoKey: companies.logoKey })
        .from(companies)
        .where(and(eq(companies.id, companyId), lte(companies.deletedAt, cutoff), isNull(companies.purgedAt)))
        .for("update");
      if (!company) return false;
      const eventIds = (await tx.select({ id: events.id }).from(events).where(eq(events.companyId, companyId))).map((e) => e.id);
      const keys: Array<string | null> = [company.logoKey];
      for (const { key } of await tx.select({ key: companyServices.imageKey }).from(companyServices).where(eq(companyServices.companyId, companyId))) keys.push(key);
      for (const { key } of await tx.select({ key: news.imageKey }).from(news).where(eq(news.companyId, companyId))) keys.push(key);
      if (eventIds.length > 0) {
        for (const { key } of await tx.select({ key: eventFiles.storageKey }).from(eventFiles).where(inArray(eventFiles.eventId, eventIds))) keys.push(key);
        for (const { key } of await tx.select({ key: eventBadgeLogos.storageKey }).from(eventBadgeLogos).where(inArray(eventBadgeLogos.eventId, eventIds))) keys.push(key);
        for (const { key } of await tx.select({ key: participantMailings.attachmentKey }).from(participantMailings).where(inArray(participantMailings.eventId, eventIds))) keys.push(key);
      }
      const kept = new Set(
        (await tx.select({ key: invoices.logoKey }).from(invoices).where(isNotNull(invoices.logoKey))).map((r) => r.key),
      );
      const tombstone = await registeredInOthersEvents(tx, companyId);
      if (tombstone) await reduceToTombstone(tx, companyId, now);
      else await tx.delete(companies).where(eq(companies.id, companyId));
      await recordAudit(tx, "UPDATED_COMPANY_PROFILE", null, { companyId, part: "purged", name: company.name, events: eventIds.length, tombstone });
      for (const key of keys) if (key && !kept.has(key)) retire(key);
      return true;
    }),
  );
}

/** Whether the company registered for an event another company organises (those records are the other organiser's). */
async function registeredInOthersEvents(tx: Db, companyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.companyId, companyId), ne(events.companyId, companyId)))
    .limit(1);
  return !!row;
}

/**
 * What is left of a purged company that took part in other organisers' events: its name and the
 * town, country and region of its headquarters, so that their participant lists, B2B plans,
 * evaluations and the funder statistics stay whole. Its own events (with their registrations),
 * news, ads, contacts, member links, tags, industries, error reports, further addresses, its
 * co-organiser entries, imported-logo fetches and its description, website and logo are deleted. It stays deleted
 * (hidden everywhere, not restorable) and is not purged again.
 */
async function reduceToTombstone(tx: Db, companyId: string, now: Date): Promise<void> {
  await tx.delete(events).where(eq(events.companyId, companyId));
  await tx.delete(news).where(eq(news.companyId, companyId));
  for (const table of [companyServices, companyContacts, companyUserLinks, companyTags, companyNace, companyChallenges, eventOrganizers, companyLogoFetches]) {
    await tx.delete(table).where(eq(table.companyId, companyId));
  }
  await tx.delete(companyAddresses).where(and(eq(companyAddresses.companyId, companyId), ne(companyAddresses.kind, "HEADQUARTERS")));
  await tx.update(companyAddresses).set({ line1: "", line2: null, updatedAt: now }).where(eq(companyAddresses.companyId, companyId));
  await tx
    .update(companies)
    .set({ descriptionDe: "", descriptionCs: "", website: "", logoKey: null, createdBy: null, updatedBy: null, purgedAt: now, updatedAt: now })
    .where(eq(companies.id, companyId));
}

/** Purges every company whose restore period has ended; returns how many. */
export async function purgeDeletedCompanies(db: Db, storage: FileStorage, now = clock.now()): Promise<number> {
  const cutoff = new Date(now.getTime() - COMPANY_RESTORE_DAYS * 86_400_000);
  let purged = 0;
  for (const id of await companiesDeletedBefore(db, cutoff, PURGE_BATCH)) if (await purgeCompany(db, storage, id, now)) purged++;
  return purged;
}

/**
 * Hourly (decision 021's queue; pg-boss runs each occurrence once across instances): purges the
 * companies deleted more than the restore period ago. Each company is its own transaction that
 * re-checks it under a lock, so a restore a moment earlier wins and a second worker finds nothing.
 */
export const companyPurgeJob = defineJob({
  name: "company-purge",
  schema: z.object({}).passthrough(),
  cron: "23 * * * *",
  retryLimit: 2,
  async handle(_data, { db }) {
    const purged = await purgeDeletedCompanies(db, getStorage());
    if (purged > 0) logger.info(`Company purge: ${purged} deleted profile(s) removed for good`);
  },
});
