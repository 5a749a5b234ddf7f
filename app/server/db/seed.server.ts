import type { Db } from "~/server/db/client.server";
import { type Role, users } from "~/server/db/schema";

/** Demo accounts (README lists them); their login codes arrive in the dev outbox. */
export const DEMO_USERS: ReadonlyArray<{ email: string; name: string; role: Role; locale: "de" | "cs" }> = [
  { email: "admin@partnernet.example", name: "Anna Admin", role: "Admin", locale: "de" },
  { email: "multiplikator@partnernet.example", name: "Martin Multiplikator", role: "Multiplikator", locale: "de" },
  { email: "firma.de@partnernet.example", name: "Frieda Firma", role: "Organisation", locale: "de" },
  { email: "firma.cz@partnernet.example", name: "Petra Nováková", role: "Organisation", locale: "cs" },
];

/** Idempotent: existing rows are left as they are. */
export async function seedDemoData(db: Db): Promise<void> {
  const now = new Date();
  await db
    .insert(users)
    .values(DEMO_USERS.map((u) => ({ ...u, verified: true, active: true, termsAcceptedAt: now })))
    .onConflictDoNothing();
}
