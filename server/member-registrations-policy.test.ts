import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { href } from "~/routing/paths";
import { rawRequest, type RunSql, signIn, startServer, type TestServer, withServerSql } from "../tests/support/server";

/**
 * Issue 25 (decision 063) over HTTP on the demo data: the member registration is checked on the
 * server — an Organisation user gets nothing new, a Multiplikator registers only member companies
 * (a company becomes one by granting its organisation), and nothing changes when refused.
 */
const EMAIL = { multi: "multiplikator@partnernet.example", org: "firma.de@partnernet.example" } as const;
type Viewer = keyof typeof EMAIL;

let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};
let eventId = "";
let organisation = "";
let own = { company: "", contact: "" };

async function batch<T>(work: (sql: RunSql) => Promise<T>): Promise<T> {
  const result = await withServerSql(server, { RATE_LIMIT_PER_IP_PER_HOUR: "100000" }, work);
  server = result.server;
  return result.result;
}
const get = (viewer: Viewer, target: string) => rawRequest(server, { path: target, headers: { Cookie: cookies[viewer]! } });
function post(viewer: Viewer, target: string, fields: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  return rawRequest(server, {
    method: "POST",
    path: target,
    headers: { Cookie: cookies[viewer]!, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) },
    body,
  });
}
const registerPath = () => encodeURI(href("eventRegisterMembers", "de", { id: eventId }));
const entries = () => JSON.stringify([{ companyId: own.company, contactId: own.contact, locale: "de", answers: { function: "Einkauf" } }]);

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_IP_PER_HOUR: "100000" });
  await batch(async (sql) => {
    const [event] = await sql<{ id: string }>(`SELECT id FROM events WHERE title_de = 'Zulieferermesse Nordböhmen'`);
    eventId = event!.id;
    const [org] = await sql<{ company_id: string }>(`SELECT l.company_id FROM company_user_links l JOIN users u ON u.id = l.user_id WHERE u.email = $1`, [EMAIL.multi]);
    organisation = org!.company_id;
    const [mine] = await sql<{ company_id: string; contact_id: string }>(
      `SELECT l.company_id, c.id AS contact_id FROM company_user_links l JOIN users u ON u.id = l.user_id JOIN company_contacts c ON c.company_id = l.company_id WHERE u.email = $1 LIMIT 1`,
      [EMAIL.org],
    );
    own = { company: mine!.company_id, contact: mine!.contact_id };
  });
  for (const viewer of Object.keys(EMAIL) as Viewer[]) cookies[viewer] = await signIn(server, EMAIL[viewer]);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe("member registrations over HTTP (issue 25)", () => {
  it("refuses an Organisation user and a non-member company; registers a company once it granted the organisation", async () => {
    // An Organisation user: no page, no action, no list (the admin area sends it home).
    expect((await get("org", registerPath())).status).toBe(404);
    expect((await post("org", registerPath(), { formVersion: "1", entries: entries() })).status).toBeGreaterThanOrEqual(400);
    expect((await get("org", encodeURI(href("adminMemberRegistrations", "de")))).status).toBe(302);

    // The Multiplikator, before the grant: the company is no member.
    expect((await get("multi", registerPath())).status).toBe(200);
    const refused = await post("multi", registerPath(), { formVersion: "1", entries: entries() });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    // Tampered input is refused as a whole.
    expect((await post("multi", registerPath(), { formVersion: "1", entries: "[{" })).status).toBe(400);

    // The company grants the Multiplikator's organisation; then the registration goes through.
    const granted = await post("org", encodeURI(href("accountRegistrationGrants", "de")), { intent: "grant", companyId: own.company, granteeCompanyId: organisation });
    expect(granted.status).toBe(200);
    const done = await post("multi", registerPath(), { formVersion: "1", entries: entries() });
    expect(done.status).toBe(200);
    const list = await get("multi", encodeURI(href("adminMemberRegistrations", "de")));
    expect(list.status).toBe(200);

    const rows = await batch((sql) =>
      sql<{ user_id: string | null; status: string; contact_id: string }>(
        `SELECT r.user_id, r.status, m.contact_id FROM event_registrations r JOIN member_registrations m ON m.registration_id = r.id WHERE r.event_id = $1 AND r.company_id = $2`,
        [eventId, own.company],
      ),
    );
    // Exactly one: the refused attempts changed nothing.
    expect(rows).toEqual([{ user_id: null, status: "REGISTERED", contact_id: own.contact }]);
  }, 120_000);
});
