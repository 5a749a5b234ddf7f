import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import type { DbHandle } from "~/server/db/client.server";
import { companies, companyAddresses, companyServices, companyUserLinks } from "~/server/db/schema";
import { seedDemoData } from "~/server/db/seed.server";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { DEMO_COMPANY_COUNT, seedDemoCompanies } from "./seed-companies.server";

let handle: DbHandle;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pn-demo-"));
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("seeds 50 geocoded bilingual companies with ads once, and links the demo users", async () => {
  await seedDemoData(handle.db);
  const storage = new LocalDiskStorage(dir);
  expect(await seedDemoCompanies(handle.db, storage)).toBe(DEMO_COMPANY_COUNT);
  expect(await seedDemoCompanies(handle.db, storage)).toBe(0);

  const [total] = await handle.db.select({ n: count() }).from(companies);
  expect(total?.n).toBe(DEMO_COMPANY_COUNT);
  const pending = await handle.db.select().from(companies).where(eq(companies.status, "PENDING"));
  expect(pending).toHaveLength(2);
  const [ungeocoded] = await handle.db.select({ n: count() }).from(companyAddresses).where(isNull(companyAddresses.lat));
  expect(ungeocoded?.n).toBe(0);
  const regions = await handle.db.selectDistinct({ r: companyAddresses.regionCode }).from(companyAddresses);
  expect(regions.filter((r) => r.r).length).toBeGreaterThanOrEqual(8);
  const [ads] = await handle.db.select({ n: count() }).from(companyServices);
  expect(ads?.n).toBe(DEMO_COMPANY_COUNT * 2);
  const [links] = await handle.db.select({ n: count() }).from(companyUserLinks);
  expect(links?.n).toBe(3);
  const [first] = await handle.db.select().from(companies).limit(1);
  expect(first?.descriptionCs).toMatch(/[ěščřžýáíéůú]/);
  expect(await storage.get(first!.logoKey!)).not.toBeNull();
});

it("a start that dies half-way through seeding leaves nothing behind, and the next start seeds all 50", async () => {
  const fresh = await createTestDb();
  try {
    await seedDemoData(fresh.db);
    const failingDir = fs.mkdtempSync(path.join(os.tmpdir(), "pn-demo-fail-"));
    const failing = new LocalDiskStorage(failingDir);
    let puts = 0;
    const dying = {
      put: async (key: string, data: Buffer, type: string) => {
        // The 14th logo: 13 companies are already inserted when the process "dies".
        if (++puts === 14) throw new Error("killed");
        await failing.put(key, data, type);
      },
      get: (key: string) => failing.get(key),
      delete: (key: string) => failing.delete(key),
      openReadStream: (key: string) => failing.openReadStream(key),
    };
    await expect(seedDemoCompanies(fresh.db, dying)).rejects.toThrow("killed");
    const [afterCrash] = await fresh.db.select({ n: count() }).from(companies);
    expect(afterCrash?.n).toBe(0);
    // No orphaned logo files of the rolled-back companies (sidecars included).
    const left = fs.readdirSync(failingDir, { recursive: true }).filter((f) => !fs.statSync(path.join(failingDir, String(f))).isDirectory());
    expect(left).toEqual([]);

    expect(await seedDemoCompanies(fresh.db, new LocalDiskStorage(dir))).toBe(DEMO_COMPANY_COUNT);
    const [links] = await fresh.db.select({ n: count() }).from(companyUserLinks);
    expect(links?.n).toBe(3);
  } finally {
    await fresh.close();
  }
});
