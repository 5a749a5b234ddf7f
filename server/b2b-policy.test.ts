import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBuilt, PAGES } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { translate } from "~/i18n/translate";
import { rawRequest, type RunSql, signIn, sqlOnServer, startServer, type TestServer, withServerSql } from "../tests/support/server";

/**
 * Issue 12's policy matrix over HTTP on the demo data: the organiser's B2B pages and downloads ×
 * the event's organiser, another Multiplikator, a participating company's member, an Organisation
 * user whose company does not take part, an anonymous visitor and an admin; rankings only by
 * members of a participating company for their own company; agendas only for the companies in
 * them and the organisers. The domain tests check the same gates function by function.
 */
type Viewer = "organiser" | "otherMultiplikator" | "participant" | "outsider" | "anonymous" | "admin";
const VIEWERS: Viewer[] = ["organiser", "otherMultiplikator", "participant", "outsider", "anonymous", "admin"];
const EMAIL: Record<Exclude<Viewer, "anonymous">, string> = {
  organiser: "multiplikator@partnernet.example",
  otherMultiplikator: "zweiter.multiplikator@example.com",
  participant: "teilnehmer.1@partnernet.example",
  outsider: "b2b.aussen@example.com",
  admin: "admin@partnernet.example",
};

const ORGANISER_PAGES = PAGES.filter((p) => p.id.startsWith("adminB2b"));
let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};
let eventId = "";
let participantCompany = "";
let otherCompany = "";

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  const result = await sqlOnServer<T>(server, { RATE_LIMIT_PER_IP_PER_HOUR: "100000" }, query, params);
  server = result.server;
  return result.rows;
}

/** Several statements with one restart of the server on PGlite (withServerSql). */
async function batch<T>(work: (sql: RunSql) => Promise<T>): Promise<T> {
  const result = await withServerSql(server, { RATE_LIMIT_PER_IP_PER_HOUR: "100000" }, work);
  server = result.server;
  return result.result;
}

const headersOf = (viewer: Viewer): Record<string, string> => (cookies[viewer] ? { Cookie: cookies[viewer]! } : {});
const get = (viewer: Viewer, target: string) => rawRequest(server, { path: target, headers: headersOf(viewer) });
function post(viewer: Viewer, target: string, fields: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  return rawRequest(server, {
    method: "POST",
    path: target,
    headers: { ...headersOf(viewer), Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) },
    body,
  });
}
const pathOf = (pageId: string, companyId = participantCompany) => encodeURI(href(pageId, "de", { id: eventId, companyId }));
const runCount = async () => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM b2b_runs WHERE event_id = $1`, [eventId]))[0]!.n);

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_IP_PER_HOUR: "100000" });
  await batch(async (sql) => {
    const [event] = await sql<{ id: string; company_id: string }>(`SELECT id, company_id FROM events WHERE title_de = 'B2B-Kooperationsbörse Maschinenbau'`);
    eventId = event!.id;
    const [mine] = await sql<{ company_id: string }>(
      `SELECT r.company_id FROM event_registrations r JOIN users u ON u.id = r.user_id WHERE r.event_id = $1 AND u.email = $2`,
      [eventId, EMAIL.participant],
    );
    participantCompany = mine!.company_id;
    const [other] = await sql<{ company_id: string }>(`SELECT company_id FROM event_registrations WHERE event_id = $1 AND company_id <> $2 AND status = 'REGISTERED' LIMIT 1`, [eventId, participantCompany]);
    otherCompany = other!.company_id;
    // Another Multiplikator (member of a company that does not organise), and an Organisation user
    // whose verified company does not take part.
    await sql(
      `WITH u AS (INSERT INTO users (email, name, role, verified) VALUES ($1, 'Zweiter Multiplikator', 'Multiplikator', true) RETURNING id)
       INSERT INTO company_user_links (user_id, company_id, status, decided_at)
       SELECT u.id, c.id, 'CONFIRMED', now() FROM u, (SELECT id FROM companies WHERE status = 'VERIFIED' AND id <> $2 ORDER BY name LIMIT 1) c`,
      [EMAIL.otherMultiplikator, event!.company_id],
    );
    await sql(
      `WITH u AS (INSERT INTO users (email, name, role, verified) VALUES ($1, 'Außenstehende Firma', 'Organisation', true) RETURNING id)
       INSERT INTO company_user_links (user_id, company_id, status, decided_at)
       SELECT u.id, c.id, 'CONFIRMED', now() FROM u, (SELECT id FROM companies c WHERE status = 'VERIFIED' AND NOT EXISTS (SELECT 1 FROM event_registrations r WHERE r.company_id = c.id AND r.event_id = $2) ORDER BY name DESC LIMIT 1) c`,
      [EMAIL.outsider, eventId],
    );
  });
  for (const viewer of VIEWERS) if (viewer !== "anonymous") cookies[viewer] = await signIn(server, EMAIL[viewer]);
  // A computed and published schedule, so the downloads and agendas exist.
  expect((await post("organiser", pathOf("adminB2b"), { intent: "run" })).status).toBe(200);
  const [plan] = await sql<{ current_run_id: string }>(`SELECT current_run_id FROM b2b_plans WHERE event_id = $1`, [eventId]);
  expect((await post("organiser", pathOf("adminB2b"), { intent: "publish", runId: plan!.current_run_id })).status).toBe(200);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe("B2B matchmaking over HTTP (issue 12)", () => {
  it("covers the organiser's pages and they are built", () => {
    expect(ORGANISER_PAGES.map((p) => p.id).sort()).toEqual(["adminB2b", "adminB2bPlanCsv", "adminB2bPlanPdf", "adminB2bPreferences"]);
    for (const page of [...ORGANISER_PAGES, ...PAGES.filter((p) => p.id.startsWith("eventB2b"))]) expect(isBuilt(page.id), page.id).toBe(true);
  });

  it("opens the B2B page and its downloads to organisers and admins only", async () => {
    const forbidden = translate("de", "error.B2B_FORBIDDEN");
    for (const page of ORGANISER_PAGES) {
      for (const viewer of VIEWERS) {
        const response = await get(viewer, pathOf(page.id));
        const where = `${viewer} GET ${page.id}`;
        if (viewer === "organiser" || viewer === "admin") expect(response.status, where).toBe(200);
        else if (viewer === "otherMultiplikator") {
          expect(response.status, where).toBe(403);
          if (!page.resource) expect(response.body, where).toContain(forbidden);
        } else if (viewer === "anonymous") {
          expect(response.status, where).toBe(302);
          expect(decodeURI(response.headers.location ?? ""), where).toMatch(/^\/de\/anmelden\?redirectTo=/);
        } else {
          expect(response.status, where).toBe(302);
          expect(response.headers.location, where).toBe("/de");
        }
      }
    }
  });

  it("refuses every organiser action of another Multiplikator and changes nothing", async () => {
    const before = await runCount();
    const [plan] = await sql<{ current_run_id: string }>(`SELECT current_run_id FROM b2b_plans WHERE event_id = $1`, [eventId]);
    for (const intent of ["savePlan", "run", "lock", "move", "restore", "publish", "remind"]) {
      const response = await post("otherMultiplikator", pathOf("adminB2b"), { intent, runId: plan!.current_run_id, meetingId: plan!.current_run_id, locked: "true", round: "1", table: "1", roundTimes: "10:00", day: "1.1.2030" });
      expect(response.status, intent).toBe(403);
    }
    const onBehalf = await post("otherMultiplikator", pathOf("adminB2bPreferences"), { ranking: otherCompany });
    expect(onBehalf.status).toBe(403);
    expect(await runCount()).toBe(before);
  });

  it("lets only members of a participating company rank, for their own company", async () => {
    const page = (viewer: Viewer, company?: string) => get(viewer, pathOf("eventB2bPreferences") + (company ? `?company=${company}` : ""));
    expect((await page("participant")).status).toBe(200);
    expect((await page("outsider")).status).toBe(403);
    expect((await page("otherMultiplikator")).status).toBe(403);
    expect((await page("anonymous")).status).toBe(302);
    // Someone else's company: not theirs to rank.
    expect([403, 404]).toContain((await page("participant", otherCompany)).status);
    const before = await sql(`SELECT * FROM b2b_preferences WHERE event_id = $1 AND company_id = $2`, [eventId, otherCompany]);
    const attempt = await post("participant", pathOf("eventB2bPreferences") + `?company=${otherCompany}`, { company: otherCompany, companyId: otherCompany, ranking: participantCompany });
    expect([403, 404]).toContain(attempt.status);
    expect(await sql(`SELECT * FROM b2b_preferences WHERE event_id = $1 AND company_id = $2`, [eventId, otherCompany])).toEqual(before);
  });

  it("shows agendas only to the companies in them and to organisers", async () => {
    for (const id of ["eventB2bAgendaPdf", "eventB2bAgendaIcs"]) {
      const target = (company: string) => `${pathOf(id)}?company=${company}`;
      expect((await get("participant", target(participantCompany))).status, id).toBe(200);
      expect((await get("organiser", target(participantCompany))).status, id).toBe(200);
      expect((await get("admin", target(otherCompany))).status, id).toBe(200);
      expect((await get("participant", target(otherCompany))).status, id).toBe(403);
      expect((await get("outsider", target(participantCompany))).status, id).toBe(403);
      expect((await get("otherMultiplikator", target(participantCompany))).status, id).toBe(403);
      expect((await get("anonymous", target(participantCompany))).status, id).toBe(302);
    }
  });
});
