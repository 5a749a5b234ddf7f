import type { Db } from "~/server/db/client.server";
import { companies, companyAddresses, companyUserLinks, type Role, users } from "~/server/db/schema";
import type { CompanyStatus } from "~/schemas/enums";

/**
 * Small factories for the link, role-request and challenge tests: rows inserted directly, each
 * with unique values, so test files never depend on each other or on demo data.
 */
let seq = 0;
const next = () => `${Date.now().toString(36)}${++seq}`;

export type TestUser = { id: string; role: Role; email: string };

export async function insertUser(db: Db, role: Role = "Organisation", overrides: { locale?: "de" | "cs"; name?: string } = {}): Promise<TestUser> {
  const email = `${role.toLowerCase()}.${next()}@example.com`;
  const [row] = await db
    .insert(users)
    .values({ email, name: overrides.name ?? `Test ${role}`, role, verified: true, locale: overrides.locale ?? "de" })
    .returning({ id: users.id, role: users.role, email: users.email });
  return row!;
}

/** A headquarters other than the default Dresden one (e.g. a Czech address with its district code). */
export interface TestAddress {
  country?: "DE" | "CZ";
  state?: string;
  line1?: string;
  postalCode?: string;
  districtCode?: string | null;
}

export async function insertCompany(
  db: Db,
  {
    name = `Testfirma ${next()}`,
    status = "VERIFIED" as CompanyStatus,
    city = "Dresden",
    members = [] as string[],
    address = {} as TestAddress,
  } = {},
): Promise<string> {
  const [row] = await db
    .insert(companies)
    .values({ name, descriptionDe: "Beschreibung", descriptionCs: "Popis", website: "https://firma.example", status })
    .returning({ id: companies.id });
  const companyId = row!.id;
  await db
    .insert(companyAddresses)
    .values({
      companyId,
      kind: "HEADQUARTERS",
      country: address.country ?? "DE",
      state: address.state ?? "Sachsen",
      line1: address.line1 ?? "Hauptstraße 1",
      postalCode: address.postalCode ?? "01067",
      city,
      districtCode: address.districtCode === undefined ? "14612" : address.districtCode,
    });
  for (const userId of members) await db.insert(companyUserLinks).values({ companyId, userId, status: "CONFIRMED", decidedAt: new Date() });
  return companyId;
}
