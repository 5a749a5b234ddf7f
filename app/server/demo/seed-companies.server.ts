import { count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { insertAddress } from "~/server/companies/addresses.server";
import { addDays } from "~/server/companies/service-state";
import { resolveTagIds } from "~/server/companies/tags.server";
import { type Db, withTransaction } from "~/server/db/client.server";
import { companies, companyContacts, companyNace, companyServices, companyTags, companyUserLinks, users } from "~/server/db/schema";
import type { FileStorage } from "~/server/storage/storage.server";
import { newStorageKey } from "~/server/storage/storage.server";
import { CZ_SURNAMES, DE_SURNAMES, type DemoIndustry, INDUSTRIES, TOWNS } from "./demo-catalogue";

export const DEMO_COMPANY_COUNT = 50;
const COLORS = ["#134c9e", "#0b7285", "#2b8a3e", "#c92a2a", "#5f3dc4", "#e67700", "#364fc7", "#087f5b"];

function slug(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A simple initials logo rendered with sharp, so demo profiles look like real ones. */
async function demoLogo(storage: FileStorage, name: string, index: number): Promise<string> {
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" rx="32" fill="${COLORS[index % COLORS.length]}"/><text x="120" y="150" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="bold" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
  const key = newStorageKey("logos", "webp");
  await storage.put(key, webp, "image/webp");
  return key;
}

function demoCompany(index: number) {
  const industry = INDUSTRIES[index % INDUSTRIES.length]!;
  const town = TOWNS[(index * 7) % TOWNS.length]!;
  const german = town.country === "DE";
  const surname = (german ? DE_SURNAMES : CZ_SURNAMES)[Math.floor(index / 2) % 15]!;
  const noun = german ? industry.de.noun : industry.cs.noun;
  const name = german ? `${surname} ${noun} GmbH` : `${surname} ${noun.charAt(0).toUpperCase()}${noun.slice(1)} s.r.o.`;
  return { industry, town, name, slug: slug(`${surname}-${industry.key}-${index}`) };
}

async function seedOne(tx: Db, logoKey: string, index: number, now: Date): Promise<string> {
  const { industry, town, name, slug: handle } = demoCompany(index);
  const [row] = await tx
    .insert(companies)
    .values({
      name,
      descriptionDe: `${industry.de.text} Standort: ${town.city}.`,
      descriptionCs: `${industry.cs.text} Sídlo: ${town.city}.`,
      website: `https://www.${handle}.example`,
      logoKey,
      // Two profiles wait for approval so the admin work list has something to show.
      status: index === 48 || index === 49 ? "PENDING" : "VERIFIED",
      verifiedAt: index >= 48 ? null : now,
      origin: index % 5 === 0 ? "IMPORTED" : index % 5 === 1 ? "CURATED" : "MANUAL",
      createdAt: addDays(now, -index),
      updatedAt: addDays(now, -index),
    })
    .returning({ id: companies.id });
  const companyId = row!.id;
  await tx.insert(companyNace).values(industry.nace.map((naceCode) => ({ companyId, naceCode })));
  const tagIds = await resolveTagIds(tx, null, [], industry.tags.map(([de, cs]) => ({ de, cs })));
  await tx.insert(companyTags).values(tagIds.map((tagId) => ({ companyId, tagId })));
  await insertAddress(tx, companyId, {
    kind: "HEADQUARTERS",
    country: town.country,
    state: town.state,
    line1: town.country === "DE" ? `Hauptstraße ${10 + index}` : `Hlavní ${100 + index}`,
    line2: null,
    postalCode: town.postalCode,
    city: town.city,
  });
  await tx.insert(companyContacts).values({
    companyId,
    function: index % 2 === 0 ? "GENERAL" : "SALES",
    name: index % 3 === 0 ? null : `${town.country === "DE" ? "Katrin" : "Jana"} ${demoCompany(index).name.split(" ")[0]}`,
    email: `info@${handle}.example`,
    phone: town.country === "DE" ? `+49 351 ${100000 + index}` : `+420 475 ${200000 + index}`,
    consentAt: now,
  });
  await tx.insert(companyServices).values(demoServices(industry, town.country === "DE", companyId, index, now));
  return companyId;
}

/** One offer and one inquiry; validity staggered so some ads are expiring and one has expired. */
function demoServices(industry: DemoIndustry, german: boolean, companyId: string, index: number, now: Date) {
  const text = german ? industry.de : industry.cs;
  const validity = [30, 60, 90, 180][index % 4]!;
  const keywords = industry.tags.slice(0, 3).map(([de, cs]) => (german ? de : cs));
  const base = { companyId, keywords, termsUrl: `https://www.${demoCompany(index).slug}.example/agb`, validityDays: validity, createdAt: now, updatedAt: now };
  return [
    { ...base, type: "OFFER" as const, title: text.offer[0], description: text.offer[1], validUntil: addDays(now, index === 3 ? -2 : index % 6 === 0 ? 5 : validity) },
    { ...base, type: "INQUIRY" as const, title: text.inquiry[0], description: text.inquiry[1], validUntil: addDays(now, validity) },
  ];
}

/**
 * Demo directory for development (idempotent: only runs on an empty companies table). The
 * demo Organisation and Multiplikator users become members of a German and a Czech company.
 * All or nothing, in one transaction: a start killed half-way leaves no partial directory that
 * the emptiness check would then keep forever, so the next start seeds it whole (instances
 * starting together are serialised by the boot lock, see boot.server.ts).
 */
export async function seedDemoCompanies(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  const logoKeys: string[] = [];
  try {
    return await withTransaction(db, async (tx) => {
      const [existing] = await tx.select({ n: count() }).from(companies);
      if ((existing?.n ?? 0) > 0) return 0;
      const ids: string[] = [];
      for (let i = 0; i < DEMO_COMPANY_COUNT; i++) {
        logoKeys.push(await demoLogo(storage, demoCompany(i).name, i));
        ids.push(await seedOne(tx, logoKeys[i]!, i, now));
      }
      await linkDemoMembers(tx, ids, now);
      return ids.length;
    });
  } catch (error) {
    // The rows are rolled back; their logo files would be orphans.
    await Promise.all(logoKeys.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

async function linkDemoMembers(db: Db, ids: string[], now: Date): Promise<void> {
  const members = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["firma.de@partnernet.example", "firma.cz@partnernet.example", "multiplikator@partnernet.example"]));
  const byEmail = new Map(members.map((m) => [m.email, m.id]));
  const links: Array<[string | undefined, string | undefined]> = [
    [byEmail.get("firma.de@partnernet.example"), ids[0]],
    [byEmail.get("firma.cz@partnernet.example"), ids.find((_, i) => demoCompany(i).town.country === "CZ")],
    [byEmail.get("multiplikator@partnernet.example"), ids[1]],
  ];
  for (const [userId, companyId] of links) {
    if (userId && companyId) await db.insert(companyUserLinks).values({ userId, companyId, status: "CONFIRMED", decidedAt: now }).onConflictDoNothing();
  }
}

export async function demoCompanyIdByName(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  return row?.id;
}
