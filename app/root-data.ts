import { useRouteLoaderData } from "react-router";
import type { Role } from "~/server/db/schema";

export interface RootData {
  user: { id: string; name: string; email: string; role: Role } | null;
  appEnv: "development" | "test" | "staging" | "production";
  publicUrl: string;
  /** Web analytics in use (decision 035): first-party counting, an external Plausible-compatible script, or none. */
  /** A machine-translation service is configured: editors see the translate buttons (decision 041). */
  machineTranslation: boolean;
  analytics: { mode: "firstParty" | "plausible" | "off"; plausible: { scriptUrl: string; domain: string } | null };
}

/** Data of the root loader (undefined while an error boundary renders without it). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
