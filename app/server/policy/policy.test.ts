import { describe, expect, it } from "vitest";
import { type Access } from "~/routing/catalogue";
import { accountPolicy, type Actor, decidePageAccess } from "./policy";

const anonymous: Actor = null;
const org: Actor = { id: "u-org", role: "Organisation" };
const multi: Actor = { id: "u-multi", role: "Multiplikator" };
const admin: Actor = { id: "u-admin", role: "Admin" };

describe("page access (spec §6)", () => {
  const table: Array<[Access, Actor, string]> = [
    ["public", anonymous, "allow"],
    ["public", org, "allow"],
    ["signedIn", anonymous, "login"],
    ["signedIn", org, "allow"],
    ["signedIn", multi, "allow"],
    ["signedIn", admin, "allow"],
    ["adminArea", anonymous, "login"],
    ["adminArea", org, "home"],
    ["adminArea", multi, "allow"],
    ["adminArea", admin, "allow"],
    ["adminOnly", anonymous, "login"],
    ["adminOnly", org, "home"],
    ["adminOnly", multi, "home"],
    ["adminOnly", admin, "allow"],
  ];
  it.each(table)("%s × %o → %s", (access, actor, expected) => {
    expect(decidePageAccess(actor, access)).toBe(expected);
  });
});

describe("account policy", () => {
  it("lets users manage only their own account, admins any", () => {
    for (const rule of [accountPolicy.canView, accountPolicy.canUpdate, accountPolicy.canDelete]) {
      expect(rule(anonymous, "u-org")).toBe(false);
      expect(rule(org, "u-org")).toBe(true);
      expect(rule(multi, "u-org")).toBe(false);
      expect(rule(admin, "u-org")).toBe(true);
    }
  });
});
