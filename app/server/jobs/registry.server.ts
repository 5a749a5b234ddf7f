import { companyPurgeJob } from "~/server/companies/purge.server";
import { b2bPreferenceReminderJob } from "~/server/matching/preference-reminders.server";
import { participantMailJob, participantMailSweepJob } from "~/server/participants/mail-jobs.server";
import type { JobDefinition } from "./job";

/** Every kind of job the app runs; each instance (and `npm run worker`) works on all of them. */
export const ALL_JOBS: readonly JobDefinition[] = [participantMailJob, participantMailSweepJob, b2bPreferenceReminderJob, companyPurgeJob] as unknown as JobDefinition[];
