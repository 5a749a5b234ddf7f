import { describe, expect, it } from "vitest";
import type { CompanyStatus } from "~/schemas/enums";
import { type CompanyRelation, companyPolicy } from "./company-policy";
import type { Actor } from "./policy";

type Viewer = "anonymous" | "member" | "otherMember" | "multiplikator" | "admin";
const ACTORS: Record<Viewer, Actor> = {
  anonymous: null,
  member: { id: "m", role: "Organisation" },
  otherMember: { id: "o", role: "Organisation" },
  multiplikator: { id: "x", role: "Multiplikator" },
  admin: { id: "a", role: "Admin" },
};
const relation = (viewer: Viewer, status: CompanyStatus): CompanyRelation => ({ status, isMember: viewer === "member" });
const VIEWERS = Object.keys(ACTORS) as Viewer[];

function table(rule: (a: Actor, c: CompanyRelation) => boolean, status: CompanyStatus) {
  return Object.fromEntries(VIEWERS.map((v) => [v, rule(ACTORS[v], relation(v, status))]));
}

// Every company action × anonymous, member, member of another company, Multiplikator, Admin.
describe("company policy", () => {
  it("shows verified profiles to everyone, pending and deactivated ones to members and admins", () => {
    expect(table(companyPolicy.canView, "VERIFIED")).toEqual({ anonymous: true, member: true, otherMember: true, multiplikator: true, admin: true });
    for (const status of ["PENDING", "DEACTIVATED"] as const) {
      expect(table(companyPolicy.canView, status)).toEqual({ anonymous: false, member: true, otherMember: false, multiplikator: false, admin: true });
    }
  });

  it("shows contacts to signed-in users only", () => {
    expect(table(companyPolicy.canViewContacts, "VERIFIED")).toEqual({ anonymous: false, member: true, otherMember: true, multiplikator: true, admin: true });
    expect(table(companyPolicy.canViewContacts, "PENDING")).toEqual({ anonymous: false, member: true, otherMember: false, multiplikator: false, admin: true });
  });

  it("lets only members and admins edit, delete and manage ads", () => {
    for (const rule of [companyPolicy.canEdit, companyPolicy.canDelete, companyPolicy.canManageServices]) {
      expect(table(rule, "VERIFIED")).toEqual({ anonymous: false, member: true, otherMember: false, multiplikator: false, admin: true });
    }
  });

  it("lets any signed-in user create a profile; only admins moderate", () => {
    expect(VIEWERS.map((v) => companyPolicy.canCreate(ACTORS[v]))).toEqual([false, true, true, true, true]);
    expect(VIEWERS.map((v) => companyPolicy.canModerate(ACTORS[v]))).toEqual([false, false, false, false, true]);
  });

  it("lets signed-in non-members request a link to a verified profile", () => {
    expect(table(companyPolicy.canRequestLink, "VERIFIED")).toEqual({ anonymous: false, member: false, otherMember: true, multiplikator: true, admin: false });
    expect(table(companyPolicy.canRequestLink, "PENDING")).toEqual({ anonymous: false, member: false, otherMember: false, multiplikator: false, admin: false });
  });

  it("lets signed-in users report errors on profiles they can see, except on their own", () => {
    expect(table(companyPolicy.canFileChallenge, "VERIFIED")).toEqual({ anonymous: false, member: false, otherMember: true, multiplikator: true, admin: true });
    expect(table(companyPolicy.canFileChallenge, "DEACTIVATED")).toEqual({ anonymous: false, member: false, otherMember: false, multiplikator: false, admin: true });
  });
});
