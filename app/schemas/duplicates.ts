import { z } from "zod";
import type { LinkStatus } from "./enums";
import type { IdentifierKind } from "./imports";

/** Why two profiles may be one company (decision 040), strongest first. */
export const DUPLICATE_REASONS = ["SAME_ICO", "SAME_COMMERCIAL_REGISTER", "SAME_WEBSITE_DOMAIN", "SAME_EMAIL_DOMAIN_SIMILAR_NAME", "SIMILAR_NAME_NEARBY"] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const DUPLICATE_PAIR_STATUSES = ["OPEN", "KEPT_BOTH"] as const;
export type DuplicatePairStatus = (typeof DUPLICATE_PAIR_STATUSES)[number];

/** The spec's three choices (§4): keep both, delete the right-hand one ("duplicate"), delete the left-hand one ("original"). */
export const DUPLICATE_DECISIONS = ["KEEP_BOTH", "DELETE_DUPLICATE", "DELETE_ORIGINAL"] as const;
export type DuplicateDecision = (typeof DUPLICATE_DECISIONS)[number];

export const DUPLICATES_PAGE_SIZE = 20;
/** At most this many pairs in one bulk resolution. */
export const DUPLICATES_BULK_MAX = 100;

const uuid = z.string().uuid();

/** A pair as the page names it: the left-hand ("original") and right-hand ("duplicate") company ids. */
export const DuplicatePairRefSchema = z.object({ a: uuid, b: uuid });
export type DuplicatePairRef = z.infer<typeof DuplicatePairRefSchema>;

export function parsePairRef(value: string): DuplicatePairRef | null {
  const [a, b] = value.toLowerCase().split(":");
  const parsed = DuplicatePairRefSchema.safeParse({ a, b });
  return parsed.success ? parsed.data : null;
}

export const DuplicateResolveSchema = z.object({
  decision: z.enum(DUPLICATE_DECISIONS),
  pairs: z
    .array(z.string())
    .min(1)
    .max(DUPLICATES_BULK_MAX)
    .transform((values, ctx) => {
      const refs = values.map(parsePairRef);
      if (refs.some((r) => r === null)) {
        ctx.addIssue({ code: "custom", message: "pair" });
        return z.NEVER;
      }
      return refs as DuplicatePairRef[];
    }),
});

/** What moving one profile onto another carries over (the confirmation's "what will move"). */
export interface MergeImpact {
  accounts: number;
  accountNames: string[];
  contacts: number;
  addresses: number;
  ads: number;
  registrations: number;
  wishLists: number;
  events: number;
  news: number;
  identifiers: number;
  tags: number;
  nace: number;
  invoices: number;
  challenges: number;
}

/** One profile of a pair as the page compares it. */
export interface CompanySide {
  id: string;
  name: string;
  status: string;
  createdAt: string;
  website: string;
  addresses: string[];
  identifiers: Array<{ kind: IdentifierKind; label: string; value: string }>;
  contacts: string[];
  nace: string[];
  tags: string[];
  accounts: Array<{ name: string; email: string; status: LinkStatus }>;
  counts: { ads: number; registrations: number; events: number; news: number };
}

export interface DuplicatePairView {
  left: CompanySide;
  right: CompanySide;
  score: number;
  reasons: DuplicateReason[];
  detectedAt: string;
  /** What moves when the right-hand (duplicate) or the left-hand (original) profile is deleted. */
  deleteRight: MergeImpact;
  deleteLeft: MergeImpact;
}

