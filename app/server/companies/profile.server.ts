import { eq, inArray } from "drizzle-orm";
import type { AddressInput, CompanyProfileInput } from "~/schemas/company";
import { recordAudit } from "~/server/audit.server";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { companies, companyNace, companyTags, companyUserLinks, naceCodes } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { hitUserLimit } from "~/server/limits.server";
import { companyPolicy } from "~/server/policy/company-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import type { FileStorage } from "~/server/storage/storage.server";
import { writeWithFiles } from "~/server/storage/file-commit.server";
import { storeImage } from "~/server/storage/images.server";
import { insertAddress } from "./addresses.server";
import { recordCompanyUpdate } from "./audit-company.server";
import { ensure, loadRelation, lockCompany } from "./membership.server";
import { resolveTagIds } from "./tags.server";

async function assertNaceCodes(db: Db, codes: string[]): Promise<void> {
  const unique = [...new Set(codes)];
  const found = await db.select({ code: naceCodes.code }).from(naceCodes).where(inArray(naceCodes.code, unique));
  if (found.length !== unique.length) throw new AppError("NACE_INVALID");
}

async function replaceNaceAndTags(tx: Db, actor: Actor, companyId: string, profile: CompanyProfileInput): Promise<void> {
  const tagIds = await resolveTagIds(tx, actor?.id ?? null, profile.tags, profile.newTags);
  if (tagIds.length < 3) throw new AppError("TAGS_MIN");
  await tx.delete(companyNace).where(eq(companyNace.companyId, companyId));
  await tx.delete(companyTags).where(eq(companyTags.companyId, companyId));
  await tx.insert(companyNace).values([...new Set(profile.nace)].map((naceCode) => ({ companyId, naceCode })));
  await tx.insert(companyTags).values(tagIds.map((tagId) => ({ companyId, tagId })));
}

export interface CreateCompanyInput {
  profile: CompanyProfileInput;
  headquarters: AddressInput;
  logo: File | null;
}

/**
 * Creates a profile with its headquarters (decision 006): a user's profile waits for admin
 * approval (PENDING) and its creator becomes a confirmed member; an admin's is verified at once.
 * Nothing is stored when any rule fails (the logo is written last, after all checks).
 */
export async function createCompany(db: Db, actor: Actor, input: CreateCompanyInput, storage: FileStorage): Promise<string> {
  authorize(actor, companyPolicy.canCreate(actor));
  await assertNaceCodes(db, input.profile.nace);
  if (!input.logo || input.logo.size === 0) throw new AppError("LOGO_REQUIRED");
  const isAdmin = actor.role === "Admin";
  const logoKey = await storeImage(storage, input.logo, { prefix: "logos", maxWidth: 600 });
  const now = new Date();
  // A rule failing inside the transaction (limit, tag) must not leave the stored logo behind.
  return writeWithFiles(storage, [logoKey], () => withTransaction(db, async (tx) => {
    await hitUserLimit(tx, actor, "companyCreate");
    const { name, descriptionDe, descriptionCs, website } = input.profile;
    const [company] = await tx
      .insert(companies)
      .values({
        name,
        descriptionDe,
        descriptionCs,
        website,
        logoKey,
        status: isAdmin ? "VERIFIED" : "PENDING",
        verifiedAt: isAdmin ? now : null,
        origin: "MANUAL",
        createdBy: actor.id,
        updatedBy: actor.id,
      })
      .returning({ id: companies.id });
    const companyId = company!.id;
    await replaceNaceAndTags(tx, actor, companyId, input.profile);
    await insertAddress(tx, companyId, { ...input.headquarters, kind: "HEADQUARTERS" });
    if (!isAdmin) {
      await tx.insert(companyUserLinks).values({ companyId, userId: actor.id, status: "CONFIRMED", decidedAt: now });
    }
    await recordAudit(tx, "CREATED_COMPANY_PROFILE", actor.id, { companyId });
    return companyId;
  }));
}

/** Updates the profile fields, industries and tags; a new logo replaces the old one. */
export async function updateCompanyProfile(
  db: Db,
  actor: Actor,
  companyId: string,
  profile: CompanyProfileInput,
  logo: File | null,
  storage: FileStorage,
): Promise<void> {
  const relation = await loadRelation(db, actor, companyId);
  ensure(companyPolicy.canEdit(actor, relation), companyPolicy.canView(actor, relation));
  await assertNaceCodes(db, profile.nace);
  const logoKey = logo && logo.size > 0 ? await storeImage(storage, logo, { prefix: "logos", maxWidth: 600 }) : undefined;
  // The replaced logo stays downloadable only until the new one is committed.
  await writeWithFiles(storage, [logoKey], ({ retire }) => withTransaction(db, async (tx) => {
    await lockCompany(tx, companyId);
    const [current] = await tx
      .select({ logoKey: companies.logoKey, name: companies.name, descriptionDe: companies.descriptionDe, descriptionCs: companies.descriptionCs, website: companies.website })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (logoKey) retire(current?.logoKey);
    const { name, descriptionDe, descriptionCs, website } = profile;
    // The import fields this edit changes (a later import leaves them, decision 039).
    const curated: string[] = [];
    if (current?.name !== name) curated.push("name");
    if (current?.descriptionDe !== descriptionDe || current?.descriptionCs !== descriptionCs) curated.push("description");
    if (current?.website !== website) curated.push("website");
    if (logoKey) curated.push("logo");
    const oldNace = new Set((await tx.select({ code: companyNace.naceCode }).from(companyNace).where(eq(companyNace.companyId, companyId))).map((r) => r.code));
    const oldTags = new Set((await tx.select({ id: companyTags.tagId }).from(companyTags).where(eq(companyTags.companyId, companyId))).map((r) => r.id));
    await tx
      .update(companies)
      .set({ name, descriptionDe, descriptionCs, website, ...(logoKey ? { logoKey } : {}) })
      .where(eq(companies.id, companyId));
    await replaceNaceAndTags(tx, actor, companyId, profile);
    const newNace = new Set(profile.nace);
    if (newNace.size !== oldNace.size || [...newNace].some((c) => !oldNace.has(c))) curated.push("nace");
    const newTags = new Set((await tx.select({ id: companyTags.tagId }).from(companyTags).where(eq(companyTags.companyId, companyId))).map((r) => r.id));
    if (newTags.size !== oldTags.size || [...newTags].some((t) => !oldTags.has(t))) curated.push("tags");
    await recordCompanyUpdate(tx, actor, companyId, "profile", curated);
  }));
}
