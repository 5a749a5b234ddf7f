import { adMatchPruneJob } from "~/server/ad-matches/ad-matches.server";
import { companyPurgeJob } from "~/server/companies/purge.server";
import { logoFetchDrainJob, logoFetchSweepJob } from "~/server/imports/logos/job.server";
import { importRunJob, importSweepJob } from "~/server/imports/run/job.server";
import { duplicateDetectionJob } from "~/server/duplicates/detection.server";
import { b2bNoShowCutoffJob } from "~/server/matching/no-shows.server";
import { b2bPreferenceReminderJob } from "~/server/matching/preference-reminders.server";
import { participantMailJob, participantMailSweepJob } from "~/server/participants/mail-jobs.server";
import { translationDrainJob, translationJob, translationSweepJob } from "~/server/translation/job-definitions.server";
import { savedSearchDigestJob, savedSearchDigestSendJob } from "~/server/saved-searches/jobs.server";
import { config } from "~/server/config.server";
import { adExpiryReminderJob, staleProfileReminderJob } from "~/server/reminders/reminders.server";
import type { JobDefinition } from "./job";
import { testSlowJob } from "./test-jobs.server";

/** Every kind of job the app runs; each instance (and `npm run worker`) works on all of them. */
export const ALL_JOBS: readonly JobDefinition[] = [
  participantMailJob,
  participantMailSweepJob,
  b2bPreferenceReminderJob,
  b2bNoShowCutoffJob,
  companyPurgeJob,
  importRunJob,
  importSweepJob,
  logoFetchDrainJob,
  logoFetchSweepJob,
  translationJob,
  translationDrainJob,
  translationSweepJob,
  duplicateDetectionJob,
  // issue 25: offers meet requests — expired ads leave the match table (decision 060).
  adMatchPruneJob,
  // issue 25: saved searches (decision 061)
  savedSearchDigestJob,
  savedSearchDigestSendJob,
  // issue 25: network effects (decision 062)
  adExpiryReminderJob,
  staleProfileReminderJob,
  // Test servers only: the graceful-shutdown test's job in hand (decision 051).
  ...(config.appEnv === "test" ? [testSlowJob] : []),
] as unknown as JobDefinition[];
