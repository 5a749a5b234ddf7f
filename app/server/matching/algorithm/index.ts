/** The B2B matchmaking algorithm's public API (decision 023). Pure: no database, no clock. */
export type * from "./types";
export { scheduleMeetings, type ScheduleOptions } from "./schedule";
export { computeFigures, incompletePreferences, type Objective, type PlacedMeeting } from "./figures";
export { meetingScore } from "./score";
export { annotateMeeting } from "./annotate";
export { maxRoundsWithoutRepeat } from "./max-rounds";
export { validateSchedule } from "./validate";
export { hasStableMatching, stableRoommates, type StableRoommatesResult } from "./stable-roommates";
export { compatibility, wishValue, wishPoints, MAX_COMPATIBILITY } from "./weights";
export { isMatchInputError, MatchInputError, MAX_PREFERENCES, RANK_STORAGE_MAX, type LockConflictReason, type MatchInputErrorCode } from "./input-errors";
