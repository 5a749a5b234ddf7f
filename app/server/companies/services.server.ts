import { and, count, eq, gt } from "drizzle-orm";
import type { ServiceInput } from "~/schemas/company";
import { recordAudit } from "~/server/audit.server";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { companyServices } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { ACTIVE_ADS_PER_COMPANY, hitUserLimit } from "~/server/limits.server";
import { companyPolicy } from "~/server/policy/company-policy";
import type { Actor } from "~/server/policy/policy";
import { writeWithFiles } from "~/server/storage/file-commit.server";
import { storeImage } from "~/server/storage/images.server";
import type { FileStorage } from "~/server/storage/storage.server";
import { ensure, loadRelation, lockCompany } from "./membership.server";
import { addDays, PROLONG_DAYS, serviceState } from "./service-state";

async function authorizeServices(db: Db, actor: Actor, companyId: string) {
  const relation = await loadRelation(db, actor, companyId);
  ensure(companyPolicy.canManageServices(actor, relation), companyPolicy.canView(actor, relation));
}

/** Creates an offer or inquiry valid for 30/60/90/180 days; audit CREATED_COMPANY_SERVICE. */
export async function createService(
  db: Db,
  actor: Actor,
  companyId: string,
  input: ServiceInput,
  image: File | null,
  storage: FileStorage,
  now = clock.now(),
): Promise<string> {
  await authorizeServices(db, actor, companyId);
  const imageKey = image && image.size > 0 ? await storeImage(storage, image, { prefix: "services" }) : null;
  // Refused by the cap or a limit: the stored image goes again.
  return writeWithFiles(storage, [imageKey], () => withTransaction(db, async (tx) => {
    // Under the company's lock the count includes every ad committed before; a double-submitted
    // form waits here instead of racing the other submission (and its search refresh).
    await lockCompany(tx, companyId);
    const [active] = await tx
      .select({ n: count() })
      .from(companyServices)
      .where(and(eq(companyServices.companyId, companyId), eq(companyServices.active, true), gt(companyServices.validUntil, now)));
    if ((active?.n ?? 0) >= ACTIVE_ADS_PER_COMPANY) throw new AppError("SERVICE_LIMIT_REACHED", { max: ACTIVE_ADS_PER_COMPANY });
    if (actor) await hitUserLimit(tx, actor, "serviceCreate", now);
    const [row] = await tx
      .insert(companyServices)
      .values({
        companyId,
        type: input.type,
        title: input.title,
        description: input.description,
        keywords: input.keywords,
        termsUrl: input.termsUrl,
        validityDays: input.validityDays,
        validUntil: addDays(now, input.validityDays),
        imageKey,
        createdBy: actor?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: companyServices.id });
    await recordAudit(tx, "CREATED_COMPANY_SERVICE", actor?.id ?? null, { companyId, serviceId: row!.id });
    return row!.id;
  }));
}

async function loadService(db: Db, companyId: string, serviceId: string) {
  const [row] = await db
    .select()
    .from(companyServices)
    .where(and(eq(companyServices.id, serviceId), eq(companyServices.companyId, companyId), eq(companyServices.active, true)));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** Adds 30 days, allowed only in the last 7 days before expiry (spec §4, §9). */
export async function prolongService(db: Db, actor: Actor, companyId: string, serviceId: string, now = clock.now()): Promise<Date> {
  await authorizeServices(db, actor, companyId);
  return withTransaction(db, async (tx) => {
    // Read under the company's lock: a double click prolongs once (the second sees the new date).
    await lockCompany(tx, companyId);
    const service = await loadService(tx, companyId, serviceId);
    if (serviceState(service.validUntil, now) !== "expiring") throw new AppError("PROLONG_NOT_ALLOWED");
    const validUntil = addDays(service.validUntil, PROLONG_DAYS);
    await tx.update(companyServices).set({ validUntil, updatedAt: now }).where(eq(companyServices.id, serviceId));
    await recordAudit(tx, "UPDATED_COMPANY_SERVICE", actor?.id ?? null, { companyId, serviceId, change: "prolonged" });
    return validUntil;
  });
}

/** Deletes an ad; its image stops being downloadable once the deletion is committed. */
export async function deleteService(db: Db, actor: Actor, companyId: string, serviceId: string, storage: FileStorage): Promise<void> {
  await authorizeServices(db, actor, companyId);
  await writeWithFiles(storage, [], ({ retire }) => withTransaction(db, async (tx) => {
    await lockCompany(tx, companyId);
    const service = await loadService(tx, companyId, serviceId);
    await tx.delete(companyServices).where(eq(companyServices.id, serviceId));
    await recordAudit(tx, "UPDATED_COMPANY_SERVICE", actor?.id ?? null, { companyId, serviceId, change: "deleted" });
    retire(service.imageKey);
  }));
}
