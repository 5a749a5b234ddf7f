import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { mailsTo } from "../../../tests/support/outbox";
import { AddressSchema, ChallengeSchema } from "~/schemas/company";
import { decideRoleRequest, requestMultiplikatorRole } from "~/server/accounts/role-requests.server";
import type { DbHandle } from "~/server/db/client.server";
import { companyAddresses, searchDocuments } from "~/server/db/schema";
import { addAddress, updateAddress } from "./addresses.server";
import { fileChallenge, handleChallenge } from "./challenges.server";
import { decideLink, requestCompanyLink } from "./links.server";
import { deactivateCompany, verifyCompany } from "./moderation.server";

/**
 * State changes that must happen once (issue item 9): one headquarters per company, one decision
 * per approval, challenge, link and role request — also when two clicks arrive at the same moment.
 */

let handle: DbHandle;
let admin: TestUser;
let otherAdmin: TestUser;
const db = () => handle.db;
const codeOf = (r: PromiseSettledResult<unknown>) => (r.status === "rejected" ? ((r.reason as { code?: string }).code ?? String(r.reason)) : "OK");
const outcomes = (results: PromiseSettledResult<unknown>[]) => results.map(codeOf).sort();
const address = (kind: "HEADQUARTERS" | "LOCATION", city: string, postalCode: string) =>
  AddressSchema.parse({ kind, country: "DE", state: "Sachsen", line1: "Weg 2", postalCode, city });
const challenge = ChallengeSchema.parse({ reasons: ["address"], description: "Umgezogen." });

async function headquarters(companyId: string) {
  return db()
    .select({ id: companyAddresses.id, city: companyAddresses.city })
    .from(companyAddresses)
    .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.kind, "HEADQUARTERS")));
}

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(db(), "Admin");
  otherAdmin = await insertUser(db(), "Admin");
});
afterAll(() => handle.close());

describe("one headquarters per company", () => {
  it("is enforced by the database", async () => {
    const companyId = await insertCompany(db());
    await expect(
      db().insert(companyAddresses).values({ companyId, kind: "HEADQUARTERS", country: "DE", state: "Sachsen", line1: "Zweite 1", postalCode: "01067", city: "Dresden" }),
    ).rejects.toThrow();
    expect(await headquarters(companyId)).toHaveLength(1);
  });

  it("a new headquarters demotes the old one", async () => {
    const owner = await insertUser(db());
    const companyId = await insertCompany(db(), { members: [owner.id] });
    const id = await addAddress(db(), owner, companyId, address("HEADQUARTERS", "Pirna", "01796"));
    expect(await headquarters(companyId)).toEqual([{ id, city: "Pirna" }]);
  });

  it.skipIf(TEST_ENGINE !== "postgres")("two simultaneous 'make headquarters' edits both succeed and leave one (PostgreSQL)", async () => {
    const owner = await insertUser(db());
    const companyId = await insertCompany(db(), { members: [owner.id] });
    const a = await addAddress(db(), owner, companyId, address("LOCATION", "Pirna", "01796"));
    const b = await addAddress(db(), owner, companyId, address("LOCATION", "Meißen", "01662"));
    const results = await Promise.allSettled([
      updateAddress(db(), owner, companyId, a, address("HEADQUARTERS", "Pirna", "01796")),
      updateAddress(db(), owner, companyId, b, address("HEADQUARTERS", "Meißen", "01662")),
      addAddress(db(), owner, companyId, address("HEADQUARTERS", "Radebeul", "01445")),
    ]);
    expect(outcomes(results)).toEqual(["OK", "OK", "OK"]);
    const hq = await headquarters(companyId);
    expect(hq).toHaveLength(1);
    // The search row follows whichever won.
    const [doc] = await db().select({ tsv: searchDocuments.tsv }).from(searchDocuments).where(eq(searchDocuments.docId, companyId));
    expect(doc!.tsv).toContain(`'${hq[0]!.city.toLowerCase().replace("ß", "ss")}'`);
  });
});

describe("approving a company", () => {
  it("happens once: a second approval is ALREADY_HANDLED", async () => {
    const companyId = await insertCompany(db(), { status: "PENDING" });
    await verifyCompany(db(), admin, companyId);
    await expect(verifyCompany(db(), otherAdmin, companyId)).rejects.toMatchObject({ code: "ALREADY_HANDLED" });
    await deactivateCompany(db(), admin, companyId);
    await expect(deactivateCompany(db(), otherAdmin, companyId)).rejects.toMatchObject({ code: "ALREADY_HANDLED" });
  });

  it.skipIf(TEST_ENGINE !== "postgres")("two admins at the same moment: one wins, the member gets one e-mail (PostgreSQL)", async () => {
    const member = await insertUser(db());
    const companyId = await insertCompany(db(), { status: "PENDING", members: [member.id] });
    const results = await Promise.allSettled([verifyCompany(db(), admin, companyId), verifyCompany(db(), otherAdmin, companyId)]);
    expect(outcomes(results)).toEqual(["ALREADY_HANDLED", "OK"]);
    expect((await mailsTo(member.email)).filter((m) => m.subject.includes("freigeschaltet"))).toHaveLength(1);
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("other decisions at the same moment: one wins (PostgreSQL)", () => {
  it("challenges, link requests and role requests", async () => {
    const user = await insertUser(db());
    const companyId = await insertCompany(db(), { members: [user.id] });
    // Members do not report their own profile (decision 014): someone else does.
    const challengeId = await fileChallenge(db(), await insertUser(db()), companyId, challenge);
    const linkId = await requestCompanyLink(db(), user, await insertCompany(db()));
    const roleId = await requestMultiplikatorRole(db(), user);
    for (const decide of [
      (by: TestUser) => handleChallenge(db(), by, challengeId, "NO_UPDATES"),
      (by: TestUser) => decideLink(db(), by, linkId, "CONFIRMED"),
      (by: TestUser) => decideRoleRequest(db(), by, roleId, "APPROVED"),
    ]) {
      expect(outcomes(await Promise.allSettled([decide(admin), decide(otherAdmin)]))).toEqual(["ALREADY_HANDLED", "OK"]);
    }
  });
});
