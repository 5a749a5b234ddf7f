import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBuilt, PAGES } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { translate } from "~/i18n/translate";
import { rawRequest, type RunSql, signIn, startServer, type TestServer, withServerSql } from "../tests/support/server";

/**
 * Issue 11's policy matrix over HTTP: every page, download and action of the organisers' toolkit
 * (everything below the participant list, and the evaluation) × the event's organiser, another
 * Multiplikator, an Organisation user who takes part, an anonymous visitor and an admin — answered
 * by the real server on the demo data. The domain tests check the same gate function by function.
 */

type Viewer = "organiser" | "otherMultiplikator" | "participant" | "anonymous" | "admin";
const VIEWERS: Viewer[] = ["organiser", "otherMultiplikator", "participant", "anonymous", "admin"];
const EMAIL: Record<Exclude<Viewer, "anonymous">, string> = {
  organiser: "multiplikator@partnernet.example",
  otherMultiplikator: "zweiter.multiplikator@example.com",
  participant: "teilnehmer.1@partnernet.example",
  admin: "admin@partnernet.example",
};

/** The toolkit's pages: the participant list, everything below it, and the evaluation. */
const TOOLKIT = PAGES.filter((p) => p.id === "adminParticipants" || p.id.startsWith("adminParticipant") || p.id.startsWith("adminNameTags") || p.id.startsWith("adminInvoice") || p.id.startsWith("adminEventEvaluation"));

let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};
let eventId = "";
let registrationId = "";

/** Runs SQL against the server's database, several statements with one restart of the server on PGlite. */
async function batch<T>(work: (sql: RunSql) => Promise<T>): Promise<T> {
  const result = await withServerSql(server, { RATE_LIMIT_PER_IP_PER_HOUR: "100000" }, work);
  server = result.server;
  return result.result;
}

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_IP_PER_HOUR: "100000" });
  // The past demo workshop of the demo Multiplikator's company, with five registrations; a second
  // Multiplikator, member of another verified company.
  await batch(async (sql) => {
    const [event] = await sql<{ id: string; company_id: string }>(`SELECT id, company_id FROM events WHERE title_de = 'Praxistag Digitalisierung im Handwerk'`);
    eventId = event!.id;
    const [registration] = await sql<{ id: string }>(`SELECT id FROM event_registrations WHERE event_id = $1 ORDER BY created_at DESC LIMIT 1`, [eventId]);
    registrationId = registration!.id;
    await sql(
      `WITH u AS (INSERT INTO users (email, name, role, verified) VALUES ($1, 'Zweiter Multiplikator', 'Multiplikator', true) RETURNING id)
       INSERT INTO company_user_links (user_id, company_id, status, decided_at)
       SELECT u.id, c.id, 'CONFIRMED', now() FROM u, (SELECT id FROM companies WHERE status = 'VERIFIED' AND id <> $2 ORDER BY name LIMIT 1) c`,
      [EMAIL.otherMultiplikator, event!.company_id],
    );
  });
  for (const viewer of VIEWERS) if (viewer !== "anonymous") cookies[viewer] = await signIn(server, EMAIL[viewer]);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

const pathOf = (pageId: string) => encodeURI(href(pageId, "de", { id: eventId, registrationId, invoiceId: "00000000-0000-4000-8000-000000000000" }));
const get = (viewer: Viewer, target: string) => rawRequest(server, { path: target, headers: cookies[viewer] ? { Cookie: cookies[viewer] } : {} });
const FORBIDDEN_TEXT = translate("de", "error.PARTICIPANT_LIST_FORBIDDEN");

describe("the organisers' toolkit over HTTP (issue 11)", () => {
  it("covers every toolkit page and they are all built", () => {
    expect(TOOLKIT.map((p) => p.id).sort()).toEqual(
      [
        "adminEventEvaluation",
        "adminEventEvaluationCsv",
        "adminInvoiceCreate",
        "adminInvoicePdf",
        "adminInvoices",
        "adminNameTags",
        "adminNameTagsPdf",
        "adminParticipantCheckin",
        "adminParticipantMail",
        "adminParticipants",
        "adminParticipantsCsv",
        "adminParticipantsPdf",
      ].sort(),
    );
    for (const page of TOOLKIT) expect(isBuilt(page.id), page.id).toBe(true);
  });

  it("answers each page and download per role: organisers and admins in, another Multiplikator gets the spec's message, others are sent away", async () => {
    for (const page of TOOLKIT) {
      // The check-in page checks in on opening: it comes last, after every refusal was tried.
      for (const viewer of VIEWERS) {
        const response = await get(viewer, pathOf(page.id));
        const where = `${viewer} GET ${page.id}`;
        if (viewer === "organiser" || viewer === "admin") {
          // An invoice that does not exist is a 404 for those who may see invoices.
          expect(response.status, where).toBe(page.id === "adminInvoicePdf" ? 404 : 200);
        } else if (viewer === "otherMultiplikator") {
          expect(response.status, where).toBe(403);
          if (!page.resource) expect(response.body, where).toContain(FORBIDDEN_TEXT);
        } else if (viewer === "participant") {
          expect(response.status, where).toBe(302);
          expect(response.headers.location, where).toBe("/de");
        } else {
          expect(response.status, where).toBe(302);
          expect(decodeURI(response.headers.location ?? ""), where).toMatch(/^\/de\/anmelden\?redirectTo=/);
        }
      }
    }
  });

  it("refuses every action of another Multiplikator and changes nothing", async () => {
    const before = await get("organiser", pathOf("adminParticipantsCsv"));
    for (const page of TOOLKIT.filter((p) => !p.resource)) {
      for (const intent of ["checkIn", "undoCheckIn", "delete", "cancel", "upload", "remove", "save"]) {
        const body = new URLSearchParams({ intent, registrationId, invoiceId: registrationId, subjectDe: "x", bodyDe: "y", actualAttendance: "3", notes: "n" }).toString();
        const response = await rawRequest(server, {
          method: "POST",
          path: pathOf(page.id),
          headers: { Cookie: cookies.otherMultiplikator!, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) },
          body,
        });
        expect([403, 405], `${page.id} ${intent}`).toContain(response.status);
      }
    }
    const after = await get("organiser", pathOf("adminParticipantsCsv"));
    expect(after.body).toBe(before.body);
  });
});
