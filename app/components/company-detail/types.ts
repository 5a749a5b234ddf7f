import type { ChallengeReason, ContactFunction, Country, ServiceType } from "~/schemas/enums";

/** What the company page receives from its loader (client-safe shapes, no server imports). */
export interface AddressView {
  id: string;
  kind: "HEADQUARTERS" | "LOCATION";
  country: Country;
  state: string;
  line1: string;
  line2: string | null;
  postalCode: string;
  city: string;
  lat: number | null;
  lon: number | null;
}

export interface ContactView {
  id: string;
  function: ContactFunction;
  name: string | null;
  email: string;
  phone: string;
}

export interface ServiceView {
  id: string;
  type: ServiceType;
  title: string;
  description: string;
  keywords: string[];
  imageKey: string | null;
  termsUrl: string;
  validUntil: Date | string;
  state: "valid" | "expiring" | "expired";
}

/** The page action's answer: `{ ok, intent }`, or the failure with its code or field errors. */
export type CompanyActionResult =
  | { ok: true; intent: string }
  | {
      ok: false;
      intent?: string;
      error?: string;
      details?: Record<string, string | number>;
      fieldErrors?: Record<string, string>;
    };

export type { ChallengeReason };

/** Czech PSČ are written "400 01", German PLZ "01067" (stored as entered). */
export function displayPostalCode(country: Country, postalCode: string): string {
  const digits = postalCode.replace(/\s+/g, "");
  return country === "CZ" && /^\d{5}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3)}` : postalCode;
}

/** "Musterstraße 1, 01067 Dresden" — one line for markers and confirmations. */
export function addressLine(a: Pick<AddressView, "country" | "line1" | "line2" | "postalCode" | "city">): string {
  return [a.line1, a.line2, `${displayPostalCode(a.country, a.postalCode)} ${a.city}`].filter(Boolean).join(", ");
}
