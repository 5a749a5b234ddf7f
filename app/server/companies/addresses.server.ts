import { and, eq } from "drizzle-orm";
import type { AddressInput } from "~/schemas/company";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { companyAddresses } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { companyPolicy } from "~/server/policy/company-policy";
import type { Actor } from "~/server/policy/policy";
import { geocodeAddress } from "~/server/reference/geocode.server";
import { recordCompanyUpdate } from "./audit-company.server";
import { ensure, loadRelation, lockCompany } from "./membership.server";

/** Coordinates from a pin the user placed, else from the postal code; region derived for statistics. */
export async function locate(db: Db, input: AddressInput) {
  const geo = await geocodeAddress(db, { country: input.country, postalCode: input.postalCode, city: input.city });
  return {
    lat: input.lat ?? geo?.lat ?? null,
    lon: input.lon ?? geo?.lon ?? null,
    districtCode: geo?.districtCode ?? null,
    regionCode: geo?.regionCode ?? null,
  };
}

function addressValues(input: AddressInput) {
  const { kind, country, state, line1, line2, postalCode, city } = input;
  return { kind, country, state, line1, line2, postalCode: postalCode.replace(/\s+/g, country === "CZ" ? " " : ""), city };
}

/**
 * Inserts an address; a new headquarters demotes the previous one to a further location. Callers
 * hold the company's lock (lockCompany), so of two concurrent "make headquarters" edits the second
 * demotes the first one's result; the partial unique index (migration 0005) makes a second
 * headquarters impossible whatever the caller does.
 */
export async function insertAddress(tx: Db, companyId: string, input: AddressInput): Promise<string> {
  if (input.kind === "HEADQUARTERS") {
    await tx
      .update(companyAddresses)
      .set({ kind: "LOCATION" })
      .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.kind, "HEADQUARTERS")));
  }
  const [row] = await tx
    .insert(companyAddresses)
    .values({ companyId, ...addressValues(input), ...(await locate(tx, input)) })
    .returning({ id: companyAddresses.id });
  return row!.id;
}

async function authorizeEdit(db: Db, actor: Actor, companyId: string) {
  const relation = await loadRelation(db, actor, companyId);
  ensure(companyPolicy.canEdit(actor, relation), companyPolicy.canView(actor, relation));
}

export async function addAddress(db: Db, actor: Actor, companyId: string, input: AddressInput): Promise<string> {
  await authorizeEdit(db, actor, companyId);
  return withTransaction(db, async (tx) => {
    await lockCompany(tx, companyId);
    const id = await insertAddress(tx, companyId, input);
    await recordCompanyUpdate(tx, actor, companyId, "address", ["addresses"]);
    return id;
  });
}

export async function updateAddress(db: Db, actor: Actor, companyId: string, addressId: string, input: AddressInput): Promise<void> {
  await authorizeEdit(db, actor, companyId);
  await withTransaction(db, async (tx) => {
    // Demote-then-promote is a swap only while nobody else swaps: read and write under the lock.
    await lockCompany(tx, companyId);
    const [current] = await tx
      .select({ kind: companyAddresses.kind })
      .from(companyAddresses)
      .where(and(eq(companyAddresses.id, addressId), eq(companyAddresses.companyId, companyId)));
    if (!current) throw new AppError("NOT_FOUND");
    if (current.kind === "HEADQUARTERS" && input.kind !== "HEADQUARTERS") throw new AppError("HEADQUARTERS_REQUIRED");
    if (input.kind === "HEADQUARTERS" && current.kind !== "HEADQUARTERS") {
      await tx
        .update(companyAddresses)
        .set({ kind: "LOCATION" })
        .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.kind, "HEADQUARTERS")));
    }
    await tx
      .update(companyAddresses)
      .set({ ...addressValues(input), ...(await locate(tx, input)), updatedAt: new Date() })
      .where(eq(companyAddresses.id, addressId));
    await recordCompanyUpdate(tx, actor, companyId, "address", ["addresses"]);
  });
}

/** The headquarters cannot be deleted (a company always has one); make another address the HQ first. */
export async function deleteAddress(db: Db, actor: Actor, companyId: string, addressId: string): Promise<void> {
  await authorizeEdit(db, actor, companyId);
  await withTransaction(db, async (tx) => {
    await lockCompany(tx, companyId);
    const [current] = await tx
      .select({ kind: companyAddresses.kind })
      .from(companyAddresses)
      .where(and(eq(companyAddresses.id, addressId), eq(companyAddresses.companyId, companyId)));
    if (!current) throw new AppError("NOT_FOUND");
    if (current.kind === "HEADQUARTERS") throw new AppError("HEADQUARTERS_REQUIRED");
    await tx.delete(companyAddresses).where(eq(companyAddresses.id, addressId));
    await recordCompanyUpdate(tx, actor, companyId, "address", ["addresses"]);
  });
}
