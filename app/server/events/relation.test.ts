import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/client.server";
import { eventPolicy } from "~/server/policy/event-policy";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { loadActorCompanies, loadEventRelation } from "./relation.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

it("knows organiser members (main and further organiser), publication and deletion", async () => {
  const { db } = handle;
  const [organiser, coOrganiser, outsider] = [await insertUser(db, "Multiplikator"), await insertUser(db, "Multiplikator"), await insertUser(db, "Multiplikator")];
  const main = await insertCompany(db, { members: [organiser.id] });
  const co = await insertCompany(db, { members: [coOrganiser.id] });
  await insertCompany(db, { members: [outsider.id], status: "PENDING" });
  const now = new Date();
  const published = await insertEvent(db, { companyId: main, organizers: [co] }, now);
  const scheduled = await insertEvent(db, { companyId: main, publishAt: new Date(now.getTime() + 3_600_000) }, now);
  const deleted = await insertEvent(db, { companyId: main, deletedAt: now }, now);

  expect(await loadEventRelation(db, organiser, published, now)).toEqual({ isPublic: true, isDeleted: false, isOrganizerMember: true });
  expect((await loadEventRelation(db, coOrganiser, published, now)).isOrganizerMember).toBe(true);
  expect((await loadEventRelation(db, coOrganiser, scheduled, now)).isOrganizerMember).toBe(false);
  expect(await loadEventRelation(db, null, scheduled, now)).toEqual({ isPublic: false, isDeleted: false, isOrganizerMember: false });
  expect(await loadEventRelation(db, outsider, deleted, now)).toEqual({ isPublic: false, isDeleted: true, isOrganizerMember: false });
  await expect(loadEventRelation(db, null, "not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });
  await expect(loadEventRelation(db, null, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });

  // A pending profile may register (decision 031), a deactivated one not.
  expect(await loadActorCompanies(db, outsider)).toEqual({ hasCompany: true, hasRegistrableCompany: true });
  const deactivatedMember = await insertUser(db, "Organisation");
  await insertCompany(db, { members: [deactivatedMember.id], status: "DEACTIVATED" });
  expect(await loadActorCompanies(db, deactivatedMember)).toEqual({ hasCompany: true, hasRegistrableCompany: false });
  expect(await loadActorCompanies(db, organiser)).toEqual({ hasCompany: true, hasRegistrableCompany: true });
  expect(await loadActorCompanies(db, null)).toEqual({ hasCompany: false, hasRegistrableCompany: false });
});

type Who = "anonymous" | "orgNoCompany" | "orgWithCompany" | "multiOrganiser" | "multiOther" | "admin";
const ACTORS: Record<Who, { actor: { id: string; role: "Admin" | "Organisation" | "Multiplikator" } | null; member: boolean; companies: { hasCompany: boolean; hasRegistrableCompany: boolean } }> = {
  anonymous: { actor: null, member: false, companies: { hasCompany: false, hasRegistrableCompany: false } },
  orgNoCompany: { actor: { id: "o1", role: "Organisation" }, member: false, companies: { hasCompany: false, hasRegistrableCompany: false } },
  orgWithCompany: { actor: { id: "o2", role: "Organisation" }, member: false, companies: { hasCompany: true, hasRegistrableCompany: true } },
  multiOrganiser: { actor: { id: "m1", role: "Multiplikator" }, member: true, companies: { hasCompany: true, hasRegistrableCompany: true } },
  multiOther: { actor: { id: "m2", role: "Multiplikator" }, member: false, companies: { hasCompany: true, hasRegistrableCompany: true } },
  admin: { actor: { id: "a", role: "Admin" }, member: false, companies: { hasCompany: false, hasRegistrableCompany: false } },
};
const WHO = Object.keys(ACTORS) as Who[];
const rel = (who: Who, extra: Partial<{ isPublic: boolean; isDeleted: boolean }> = {}) => ({ isPublic: true, isDeleted: false, isOrganizerMember: ACTORS[who].member, ...extra });
const table = (rule: (who: Who) => boolean) => Object.fromEntries(WHO.map((w) => [w, rule(w)]));

it("event policy per role: create, manage, view, restore, register, see participants", () => {
  expect(table((w) => eventPolicy.canCreate(ACTORS[w].actor, ACTORS[w].companies))).toEqual({
    anonymous: false, orgNoCompany: false, orgWithCompany: false, multiOrganiser: true, multiOther: true, admin: true,
  });
  expect(table((w) => eventPolicy.canManage(ACTORS[w].actor, rel(w)))).toEqual({
    anonymous: false, orgNoCompany: false, orgWithCompany: false, multiOrganiser: true, multiOther: false, admin: true,
  });
  expect(table((w) => eventPolicy.canManage(ACTORS[w].actor, rel(w, { isDeleted: true })))).toEqual({
    anonymous: false, orgNoCompany: false, orgWithCompany: false, multiOrganiser: false, multiOther: false, admin: true,
  });
  expect(table((w) => eventPolicy.canView(ACTORS[w].actor, rel(w, { isPublic: false })))).toEqual({
    anonymous: false, orgNoCompany: false, orgWithCompany: false, multiOrganiser: true, multiOther: false, admin: true,
  });
  expect(table((w) => eventPolicy.canRestore(ACTORS[w].actor))).toEqual({
    anonymous: false, orgNoCompany: false, orgWithCompany: false, multiOrganiser: false, multiOther: false, admin: true,
  });
  expect(table((w) => eventPolicy.canRegister(ACTORS[w].actor, rel(w), ACTORS[w].companies))).toEqual({
    anonymous: false, orgNoCompany: false, orgWithCompany: true, multiOrganiser: true, multiOther: true, admin: false,
  });
  expect(table((w) => eventPolicy.canSeeParticipants(ACTORS[w].actor, rel(w)))).toEqual({
    anonymous: false, orgNoCompany: true, orgWithCompany: true, multiOrganiser: true, multiOther: true, admin: true,
  });
});

it("a company awaiting approval may register, a deactivated one may not (decision 031)", () => {
  const org = { id: "o3", role: "Organisation" as const };
  const open = { isPublic: true, isDeleted: false, isOrganizerMember: false };
  expect(eventPolicy.canRegister(org, open, { hasCompany: true, hasRegistrableCompany: true })).toBe(true);
  expect(eventPolicy.canRegister(org, open, { hasCompany: true, hasRegistrableCompany: false })).toBe(false);
  expect(eventPolicy.canRegister(org, { ...open, isPublic: false }, { hasCompany: true, hasRegistrableCompany: true })).toBe(false);
});

it("B2B organiser actions — among them marking a company absent and re-matching no-shows (decision 059) — are for the event's organisers and admins only", () => {
  expect(table((w) => eventPolicy.canManageB2b(ACTORS[w].actor, rel(w)))).toEqual({
    anonymous: false, orgNoCompany: false, orgWithCompany: false, multiOrganiser: true, multiOther: false, admin: true,
  });
  expect(table((w) => eventPolicy.canManageB2b(ACTORS[w].actor, rel(w, { isDeleted: true })))).toEqual({
    anonymous: false, orgNoCompany: false, orgWithCompany: false, multiOrganiser: false, multiOther: false, admin: true,
  });
});
