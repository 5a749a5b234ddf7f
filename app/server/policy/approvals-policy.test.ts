import { expect, it } from "vitest";
import { adminPolicy } from "./company-policy";
import { accountPolicy, type Actor } from "./policy";

// Role requests and the admin work lists (links, role requests, challenges, approvals) per role;
// link requests and challenges on a company are in company-policy.test.ts.
const ACTORS: Array<[string, Actor, { requestRole: boolean; decide: boolean }]> = [
  ["anonymous", null, { requestRole: false, decide: false }],
  ["Organisation", { id: "o", role: "Organisation" }, { requestRole: true, decide: false }],
  ["Multiplikator", { id: "m", role: "Multiplikator" }, { requestRole: false, decide: false }],
  ["Admin", { id: "a", role: "Admin" }, { requestRole: false, decide: true }],
];

it.each(ACTORS)("%s: request the Multiplikator role, decide requests and challenges", (_, actor, expected) => {
  expect(accountPolicy.canRequestRole(actor)).toBe(expected.requestRole);
  for (const rule of [adminPolicy.canDecideLinks, adminPolicy.canDecideRoleRequests, adminPolicy.canHandleChallenges, adminPolicy.canListApprovals]) {
    expect(rule(actor)).toBe(expected.decide);
  }
});
