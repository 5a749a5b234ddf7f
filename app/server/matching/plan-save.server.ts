import type { B2bPlanInput } from "~/schemas/b2b-plan";
import * as clock from "~/server/clock.server";
import { type Db, withTransaction } from "~/server/db/client.server";
import { b2bPlans } from "~/server/db/schema";
import { lockEvent } from "~/server/events/registrations.server";
import type { Actor } from "~/server/policy/policy";
import { requireB2bOrganiser } from "./access.server";

/**
 * Saves the meeting plan (rounds, meeting length, tables, table filter, maximum list length,
 * preference deadline). Runs keep the settings they were computed with; the page asks for a new
 * run when the plan no longer fits the current one.
 */
export async function saveB2bPlan(db: Db, actor: Actor, eventId: string, input: B2bPlanInput, now = clock.now()): Promise<void> {
  await requireB2bOrganiser(db, actor, eventId, now);
  const values = {
    roundStarts: input.roundStarts.map((d) => d.toISOString()),
    meetingMinutes: input.meetingMinutes,
    tableCount: input.tableCount,
    tableLabels: input.tableLabels,
    disabledTables: input.disabledTables,
    maxPreferences: input.maxPreferences,
    preferenceDeadline: input.preferenceDeadline,
    updatedBy: actor!.id,
    updatedAt: now,
  };
  await withTransaction(db, async (tx) => {
    await lockEvent(tx, eventId);
    await tx.insert(b2bPlans).values({ eventId, ...values }).onConflictDoUpdate({ target: b2bPlans.eventId, set: values });
  });
}
