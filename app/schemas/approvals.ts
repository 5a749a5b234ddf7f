import { z } from "zod";
import { singleLine } from "./text";

/**
 * Forms of the link page and the two admin work pages (approvals, challenges). Shared by the
 * pages and their actions; issue messages are error codes, translated by the UI.
 */
const id = z.uuid("NOT_FOUND");

export const LINK_SEARCH_MAX = 100;

/** Search for the user's own company on the link page (GET ?q=…). */
export const LinkSearchSchema = z.object({
  q: singleLine().trim().max(LINK_SEARCH_MAX, "TEXT_TOO_LONG").optional().default(""),
});

export const LinkRequestSchema = z.object({ companyId: id });

export const LinkDecisionSchema = z.object({ id, decision: z.enum(["CONFIRMED", "REJECTED"], "INVALID_INPUT") });
export type LinkDecision = z.infer<typeof LinkDecisionSchema>["decision"];

export const RoleDecisionSchema = z.object({ id, decision: z.enum(["APPROVED", "REJECTED"], "INVALID_INPUT") });
export type RoleDecision = z.infer<typeof RoleDecisionSchema>["decision"];

/** Approve a new profile, or decline it (it stays hidden as DEACTIVATED, see decision 006). */
export const CompanyDecisionSchema = z.object({ id, decision: z.enum(["VERIFY", "DEACTIVATE"], "INVALID_INPUT") });

export const ChallengeDecisionSchema = z.object({ id, status: z.enum(["COMPANY_UPDATED", "NO_UPDATES"], "INVALID_INPUT") });
export type ChallengeOutcome = z.infer<typeof ChallengeDecisionSchema>["status"];

/** Filter of the challenges page (GET ?status=…); the work list shows pending ones by default. */
export const ChallengeFilterSchema = z.object({
  status: z.enum(["PENDING", "COMPANY_UPDATED", "NO_UPDATES", "ALL"]).catch("PENDING").default("PENDING"),
});
export type ChallengeFilter = z.infer<typeof ChallengeFilterSchema>["status"];
