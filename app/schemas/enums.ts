/** Enumerations of spec §3, shared by the database schema, forms and the UI (no server imports). */
export const COMPANY_STATUSES = ["PENDING", "VERIFIED", "DEACTIVATED"] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
/** Spec §3: imported, manually created, or curated (imported and manually updated). */
export const COMPANY_ORIGINS = ["IMPORTED", "MANUAL", "CURATED"] as const;
export type CompanyOrigin = (typeof COMPANY_ORIGINS)[number];
export const COUNTRIES = ["DE", "CZ"] as const;
export type Country = (typeof COUNTRIES)[number];
export const CONTACT_FUNCTIONS = [
  "GENERAL",
  "MANAGEMENT",
  "PROCUREMENT",
  "SALES",
  "OTHER",
  "MARKETING_EVENTS_COMMUNICATION",
  "PROJECT_MANAGEMENT",
  "LOGISTICS",
] as const;
export type ContactFunction = (typeof CONTACT_FUNCTIONS)[number];
export const ADDRESS_KINDS = ["HEADQUARTERS", "LOCATION"] as const;
export const SERVICE_TYPES = ["OFFER", "INQUIRY"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const VALIDITY_DAYS = [30, 60, 90, 180] as const;
export const LINK_STATUSES = ["REQUESTED", "CONFIRMED", "REJECTED"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];
export const CHALLENGE_REASONS = ["name", "description", "address", "website", "contact", "nace", "tags", "search", "offer", "other"] as const;
export type ChallengeReason = (typeof CHALLENGE_REASONS)[number];
export const CHALLENGE_STATUSES = ["PENDING", "COMPANY_UPDATED", "NO_UPDATES"] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];
/** REGISTERED and WAITING hold or wait for a place; ATTENDED is set at check-in (the participant list). */
export const REGISTRATION_STATUSES = ["REGISTERED", "WAITING", "CANCELLED", "ATTENDED"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
