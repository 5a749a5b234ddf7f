import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { href } from "~/routing/paths";
import { rawRequest, type RunSql, signIn, startServer, type TestServer, withServerSql } from "../tests/support/server";

/**
 * Issue 19's policy matrix over HTTP for invoices outside the organisers' toolkit (decision 027):
 * the admins' archive and the account's list of a company's invoices, each list and PDF × an
 * anonymous visitor, a member of the recipient company, a member of another company, the
 * organiser (member of the sender) and another Multiplikator, and an admin — on an invoice whose
 * event and sender rows are gone (their foreign keys NULL), answered by the real server.
 */
type Viewer = "anonymous" | "recipientMember" | "otherMember" | "organiser" | "otherMultiplikator" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "recipientMember", "otherMember", "organiser", "otherMultiplikator", "admin"];
const EMAIL: Record<Exclude<Viewer, "anonymous">, string> = {
  recipientMember: "empfaenger.mitglied@example.com",
  otherMember: "andere.firma@example.com",
  organiser: "multiplikator@partnernet.example",
  otherMultiplikator: "archiv.multiplikator@example.com",
  admin: "admin@partnernet.example",
};
const NUMBER = "ARCHIV-2026-7";

let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};
let invoiceId = "";

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return batch((run) => run<T>(query, params));
}

/** Several statements with one restart of the server on PGlite (withServerSql). */
async function batch<T>(work: (sql: RunSql) => Promise<T>): Promise<T> {
  const result = await withServerSql(server, { RATE_LIMIT_PER_IP_PER_HOUR: "100000" }, work);
  server = result.server;
  return result.result;
}

const member = (sql: RunSql, email: string, role: string, companyId: string) =>
  sql(
    `WITH u AS (INSERT INTO users (email, name, role, verified) VALUES ($1, 'Test Person', $2, true) RETURNING id)
     INSERT INTO company_user_links (user_id, company_id, status, decided_at) SELECT u.id, $3, 'CONFIRMED', now() FROM u`,
    [email, role, companyId],
  );

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_IP_PER_HOUR: "100000" });
  await batch(async (sql) => {
    const [organiser] = await sql<{ company_id: string }>(
      `SELECT l.company_id FROM company_user_links l JOIN users u ON u.id = l.user_id WHERE u.email = $1 AND l.status = 'CONFIRMED' LIMIT 1`,
      [EMAIL.organiser],
    );
    const others = await sql<{ id: string }>(`SELECT id FROM companies WHERE status = 'VERIFIED' AND id <> $1 ORDER BY name LIMIT 3`, [organiser!.company_id]);
    const [recipient, other, otherOrganiser] = others.map((c) => c.id);
    await member(sql, EMAIL.recipientMember, "Organisation", recipient!);
    await member(sql, EMAIL.otherMember, "Organisation", other!);
    await member(sql, EMAIL.otherMultiplikator, "Multiplikator", otherOrganiser!);
    // An invoice of the organiser's company to the recipient whose event and sender rows are gone.
    const party = (name: string) => JSON.stringify({ name, line1: "Hauptstraße 1", postalCode: "01067", city: "Dresden", country: "DE" });
    const [row] = await sql<{ id: string }>(
      `INSERT INTO invoices (event_id, sender_company_id, sequence_company_id, kind, number, recipient_company_id, recipient, recipient_person, sender, locale,
         issue_date, period_from, period_to, event_title, participant_count, unit_price_minor, currency, vat_rate_bp, net_minor, vat_minor, total_minor, payment_terms_days)
       VALUES (NULL, NULL, $1, 'INVOICE', $2, $3, $4::jsonb, 'Jana Dvořáková', $5::jsonb, 'de', '2026-11-24', '2026-12-15', '2026-12-15', 'Unternehmertag', 1, 4900, 'EUR', 1900, 4900, 931, 5831, 14)
       RETURNING id`,
      [organiser!.company_id, NUMBER, recipient, party("Empfänger GmbH"), party("Veranstalter GmbH")],
    );
    invoiceId = row!.id;
  });
  for (const viewer of VIEWERS) if (viewer !== "anonymous") cookies[viewer] = await signIn(server, EMAIL[viewer]);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

const get = (viewer: Viewer, path: string) => rawRequest(server, { path: encodeURI(path), headers: cookies[viewer] ? { Cookie: cookies[viewer] } : {} });
const toLogin = (location: string | undefined) => /^\/de\/anmelden\?redirectTo=/.test(decodeURI(location ?? ""));

describe("invoices outside the toolkit over HTTP (issue 19)", () => {
  it("the account's list shows the company's invoices to its members only", async () => {
    for (const viewer of VIEWERS) {
      const response = await get(viewer, href("accountInvoices", "de"));
      if (viewer === "anonymous") {
        expect(response.status, viewer).toBe(302);
        expect(toLogin(response.headers.location), viewer).toBe(true);
        continue;
      }
      expect(response.status, viewer).toBe(200);
      expect(response.body.includes(NUMBER), viewer).toBe(viewer === "recipientMember");
    }
  });

  it("the account's PDF: the recipient's members, the sender's members and admins; a 404 for everyone else", async () => {
    for (const viewer of VIEWERS) {
      const response = await get(viewer, href("accountInvoicePdf", "de", { invoiceId }));
      if (viewer === "anonymous") {
        expect(response.status, viewer).toBe(302);
        expect(toLogin(response.headers.location), viewer).toBe(true);
      } else if (viewer === "recipientMember" || viewer === "organiser" || viewer === "admin") {
        expect(response.status, viewer).toBe(200);
        expect(response.headers["content-type"], viewer).toContain("application/pdf");
        expect(response.body.startsWith("%PDF-"), viewer).toBe(true);
      } else {
        expect(response.status, viewer).toBe(404);
      }
    }
  });

  it("the archive and its PDF are the admins'; the archive finds the orphaned invoice by number", async () => {
    for (const viewer of VIEWERS) {
      for (const path of [`${href("adminArchiveInvoices", "de")}?q=${NUMBER}`, href("adminArchiveInvoicePdf", "de", { invoiceId })]) {
        const response = await get(viewer, path);
        const where = `${viewer} ${path}`;
        if (viewer === "admin") {
          expect(response.status, where).toBe(200);
          if (path.includes("?q=")) expect(response.body, where).toContain(NUMBER);
        } else if (viewer === "anonymous") {
          expect(response.status, where).toBe(302);
          expect(toLogin(response.headers.location), where).toBe(true);
        } else {
          expect(response.status, where).toBe(302);
          expect(response.headers.location, where).toBe("/de");
        }
      }
    }
  });

  it("only an admin cancels from the archive", async () => {
    const body = new URLSearchParams({ intent: "cancel", invoiceId }).toString();
    const post = (viewer: Viewer) =>
      rawRequest(server, {
        method: "POST",
        path: encodeURI(href("adminArchiveInvoices", "de")),
        headers: { ...(cookies[viewer] ? { Cookie: cookies[viewer] } : {}), Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) },
        body,
      });
    for (const viewer of VIEWERS.filter((v) => v !== "admin")) expect([302, 403], viewer).toContain((await post(viewer)).status);
    // Had anyone else cancelled it, the admin would be told INVOICE_ALREADY_CANCELLED (one cancellation per invoice).
    expect((await post("admin")).status).toBe(200);
    const cancellations = await sql<{ email: string; total_minor: number; number: string }>(
      `SELECT u.email, i.total_minor, i.number FROM invoices i JOIN users u ON u.id = i.created_by WHERE i.cancels_invoice_id = $1`,
      [invoiceId],
    );
    expect(cancellations).toEqual([{ email: EMAIL.admin, total_minor: -5831, number: expect.stringMatching(/^\d{4}-\d{4}$/) }]);
  }, 120_000);
});
