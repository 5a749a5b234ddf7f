import { createRequire } from "node:module";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RawResponse, rawRequest, startServer, type TestServer, withServerSql } from "../tests/support/server";

/**
 * Issue 25: the public read-only API under /api/v1 (decision 064), against a production build
 * with the demo data: the OpenAPI document validates, every documented operation is exercised and
 * every answer validates against the document's schema for that operation and status, no contact
 * data and no unpublished item appears anywhere, ETag/304, CORS, paging and the rate limit.
 */

// ajv 8 with JSON Schema 2020-12 (OpenAPI 3.1's dialect), as the validator package brings it.
const fromValidator = createRequire(createRequire(import.meta.url).resolve("@seriousme/openapi-schema-validator"));
type AjvValidate = ((data: unknown) => boolean) & { errors?: unknown };
type AjvInstance = { addSchema: (schema: object) => void; compile: (schema: object) => AjvValidate };
const Ajv2020 = (fromValidator("ajv/dist/2020") as { default: new (options: object) => AjvInstance }).default;
const addFormats = (fromValidator("ajv-formats") as { default: (ajv: AjvInstance) => void }).default;

const ENV = { API_RATE_LIMIT: "100000" };

interface OpenApiDoc {
  paths: Record<string, { get: { operationId: string; responses: Record<string, { content?: Record<string, { schema: object }> }> } }>;
}
interface ListBody {
  data: Array<{ id: string }>;
  page: number;
  pageCount: number;
  next: string | null;
}

let server: TestServer;
let doc: OpenApiDoc;
let ajv: AjvInstance;
/** Set up as not public before the walk: one of each kind, plus everything else not public in the data. */
let hidden: { companies: string[]; ads: string[]; events: string[]; news: string[]; companyName: string };
/** Contact data of the database: e-mails, phones, contact persons. */
let secrets: string[];

beforeAll(async () => {
  server = await startServer(ENV);
  const setup = await withServerSql(server, ENV, async (run) => {
    const currentAd = `s.active and s.valid_until > now() and c.status = 'VERIFIED' and c.deleted_at is null`;
    const [company] = await run<{ id: string; name: string }>(
      `update companies set status = 'DEACTIVATED' where id = (select c.id from companies c join company_services s on s.company_id = c.id where ${currentAd} order by c.name limit 1) returning id, name`,
    );
    await run(`update company_services set valid_until = now() - interval '1 day' where id = (select s.id from company_services s join companies c on c.id = s.company_id where ${currentAd} order by s.created_at desc limit 1)`);
    await run(`update company_services set active = false where id = (select s.id from company_services s join companies c on c.id = s.company_id where ${currentAd} order by s.created_at limit 1)`);
    await run(`update events set active = false where id = (select id from events where active and deleted_at is null and publish_at <= now() and ends_at > now() order by starts_at limit 1)`);
    await run(`update news set publish_at = now() + interval '30 days' where id = (select id from news where active and deleted_at is null and publish_at <= now() order by publish_at desc limit 1)`);
    const ids = async (query: string) => (await run<{ id: string }>(query)).map((r) => r.id);
    const hiddenCompanies = await ids(`select id from companies where status <> 'VERIFIED' or deleted_at is not null`);
    return {
      hidden: {
        companies: hiddenCompanies,
        ads: await ids(`select s.id from company_services s join companies c on c.id = s.company_id where not s.active or s.valid_until <= now() or c.status <> 'VERIFIED' or c.deleted_at is not null`),
        events: await ids(`select id from events where not active or deleted_at is not null or publish_at > now()`),
        news: await ids(`select id from news where not active or deleted_at is not null or publish_at > now()`),
        companyName: company!.name,
      },
      contacts: await run<{ email: string | null; phone: string | null; name: string | null }>(
        `select cc.email, cc.phone, cc.name from company_contacts cc join companies c on c.id = cc.company_id where c.status = 'VERIFIED'`,
      ),
      users: await run<{ email: string }>(`select email from users`),
    };
  });
  server = setup.server;
  hidden = setup.result.hidden;
  // The check means something only if the public companies have contacts and there are hidden items.
  expect(setup.result.contacts.length).toBeGreaterThan(0);
  for (const kind of ["companies", "ads", "events", "news"] as const) expect(hidden[kind].length).toBeGreaterThan(0);
  secrets = [
    ...setup.result.contacts.flatMap((c) => [c.email, c.phone, c.name && c.name.includes(" ") ? c.name : null]),
    ...setup.result.users.map((u) => u.email),
  ].filter((s): s is string => Boolean(s && s.length >= 5));

  const answer = await get("/api/v1/openapi.json");
  expect(answer.status).toBe(200);
  doc = JSON.parse(answer.body) as OpenApiDoc;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "https://api.test/openapi.json", ...doc });
}, 240_000);

afterAll(async () => {
  await server?.close();
});

function get(path: string, headers: Record<string, string> = {}, localAddress?: string): Promise<RawResponse> {
  return rawRequest(server, { path, headers, ...(localAddress ? { localAddress } : {}) });
}

const pointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");
const validators = new Map<string, AjvValidate>();

/** Validates an answer against the document's schema of that operation and status. */
function expectDocumented(documentedPath: string, response: RawResponse): void {
  const operation = doc.paths[documentedPath]?.get;
  expect(operation, documentedPath).toBeDefined();
  expect(Object.keys(operation!.responses), `${documentedPath} documents ${response.status}`).toContain(String(response.status));
  const content = operation!.responses[String(response.status)]!.content;
  if (!content) {
    expect(response.body).toBe("");
    return;
  }
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const key = `${documentedPath} ${response.status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `https://api.test/openapi.json#/paths/${pointer(documentedPath)}/get/responses/${response.status}/content/${pointer("application/json")}/schema` });
    validators.set(key, validate);
  }
  const body: unknown = JSON.parse(response.body);
  if (!validate(body)) expect.fail(`${key}: ${JSON.stringify(validate.errors).slice(0, 800)}`);
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;

describe("public API", () => {
  it("serves a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect((doc as unknown as { openapi: string }).openapi).toMatch(/^3\.1\./);
  });

  it("every documented operation answers as documented, with no contact data and nothing unpublished", async () => {
    const exercised = new Set<string>();
    const bodies: string[] = [];
    const call = async (documentedPath: string, path: string) => {
      const response = await get(path);
      expectDocumented(documentedPath, response);
      exercised.add(doc.paths[documentedPath]!.get.operationId);
      bodies.push(response.body);
      return response;
    };
    /** All pages of a list, following `next`. */
    const walk = async (documentedPath: string, first: string) => {
      const ids: string[] = [];
      let path: string | null = first;
      while (path) {
        const response = await call(documentedPath, path);
        expect(response.status).toBe(200);
        const body = JSON.parse(response.body) as ListBody;
        ids.push(...body.data.map((d) => d.id));
        path = body.next ? new URL(body.next).pathname + new URL(body.next).search : null;
      }
      return ids;
    };

    await call("/api/v1/openapi.json", "/api/v1/openapi.json");
    const lists = {
      companies: [...(await walk("/api/v1/companies", "/api/v1/companies")), ...(await walk("/api/v1/companies", "/api/v1/companies?lang=cs&country=CZ"))],
      ads: [...(await walk("/api/v1/ads", "/api/v1/ads?kind=OFFER")), ...(await walk("/api/v1/ads", "/api/v1/ads?kind=INQUIRY&lang=cs"))],
      events: [...(await walk("/api/v1/events", "/api/v1/events")), ...(await walk("/api/v1/events", "/api/v1/events?when=past&lang=cs"))],
      news: [...(await walk("/api/v1/news", "/api/v1/news")), ...(await walk("/api/v1/news", "/api/v1/news?lang=cs"))],
    };
    // The hidden company's name finds nothing; a search with filters answers too.
    const byName = JSON.parse((await call("/api/v1/companies", `/api/v1/companies?q=${encodeURIComponent(hidden.companyName)}`)).body) as ListBody;
    expect(byName.data.map((d) => d.id)).not.toContain(hidden.companies[0]);
    await call("/api/v1/ads", "/api/v1/ads?kind=OFFER&country=DE&lat=51.05&lon=13.74&r=200");

    for (const kind of ["companies", "ads", "events", "news"] as const) {
      expect(lists[kind].length, kind).toBeGreaterThan(0);
      const documentedPath = `/api/v1/${kind}/{id}`;
      // Every listed item's detail (up to 25 of each kind), in both languages.
      for (const [i, id] of [...new Set(lists[kind])].slice(0, 25).entries()) {
        expect((await call(documentedPath, `/api/v1/${kind}/${id}${i % 2 ? "?lang=cs" : ""}`)).status).toBe(200);
      }
      // Hidden items are 404 (documented, as the Error schema), like unknown and malformed ids.
      for (const id of hidden[kind].slice(0, 10)) expect((await call(documentedPath, `/api/v1/${kind}/${id}`)).status, `${kind} ${id}`).toBe(404);
      expect((await call(documentedPath, `/api/v1/${kind}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      expect((await call(documentedPath, `/api/v1/${kind}/not-an-id`)).status).toBe(404);
    }
    // Invalid parameters of each list: 400 with the issues, as documented.
    const invalid = JSON.parse((await call("/api/v1/companies", "/api/v1/companies?nace=XYZ&country=PL")).body) as { error: { code: string; issues: unknown[] } };
    expect(invalid.error.code).toBe("INVALID_PARAMETERS");
    expect(invalid.error.issues).toEqual(expect.arrayContaining([{ parameter: "nace", code: "NACE_INVALID" }, { parameter: "country", code: "SEARCH_COUNTRY_REQUIRED" }]));
    expect((await call("/api/v1/ads", "/api/v1/ads")).status).toBe(400);
    expect((await call("/api/v1/ads", "/api/v1/ads?kind=OFFER&q=x")).status).toBe(400);
    expect((await call("/api/v1/events", "/api/v1/events?from=31.12.2026")).status).toBe(400);
    expect((await call("/api/v1/events", "/api/v1/events?from=2026-05-02&to=2026-05-01")).status).toBe(400);
    expect((await call("/api/v1/news", "/api/v1/news?page=0")).status).toBe(400);
    expect((await call("/api/v1/news", `/api/v1/news?q=${"x".repeat(201)}`)).status).toBe(400);

    expect([...exercised].sort()).toEqual(Object.values(doc.paths).map((p) => p.get.operationId).sort());

    const all = bodies.join("\n");
    expect(all).not.toMatch(EMAIL);
    for (const secret of secrets) expect(all, "contact data in the API").not.toContain(secret);
    for (const kind of ["companies", "ads", "events", "news"] as const) {
      for (const id of hidden[kind]) expect(lists[kind], `${kind} ${id} is not public`).not.toContain(id);
    }
    for (const id of [...hidden.companies, ...hidden.ads, ...hidden.events, ...hidden.news]) {
      // Anywhere (a company's ads, an event's organisers, a news item's company): only the 404s' own paths name them.
      expect(bodies.filter((b) => b.includes(id) && !b.startsWith('{"error"')), id).toEqual([]);
    }
  }, 240_000);

  it("pages with a next link until the last page; past the end an empty page", async () => {
    const first = JSON.parse((await get("/api/v1/companies")).body) as ListBody & { total: number };
    expect(first.page).toBe(1);
    expect(first.pageCount).toBeGreaterThan(1);
    expect(first.next).toBe(`${server.url.replace("127.0.0.1", "localhost")}/api/v1/companies?page=2`);
    const second = JSON.parse((await get("/api/v1/companies?page=2")).body) as ListBody;
    expect(second.page).toBe(2);
    expect(second.data.map((d) => d.id).filter((id) => first.data.some((d) => d.id === id))).toEqual([]);
    const last = JSON.parse((await get(`/api/v1/companies?page=${first.pageCount}`)).body) as ListBody;
    expect(last.next).toBeNull();
    const news = JSON.parse((await get("/api/v1/news?page=9999")).body) as ListBody;
    expect(news.data).toEqual([]);
    expect(news.next).toBeNull();
  });

  it("ETag on every 200, If-None-Match answers 304; public caching; CORS; cookies change nothing", async () => {
    for (const path of ["/api/v1/companies", "/api/v1/news", "/api/v1/openapi.json"]) {
      const first = await get(path, { Cookie: "pb_auth=forged", Origin: "https://example.org" });
      expect(first.status).toBe(200);
      const etag = first.headers.etag!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers["cache-control"]).toBe("public, max-age=60");
      expect(first.headers["access-control-allow-origin"]).toBe("*");
      expect(first.headers["access-control-allow-credentials"]).toBeUndefined();
      expect(first.headers["set-cookie"]).toBeUndefined();
      expect(first.headers["ratelimit-limit"]).toBe("100000");
      const again = await get(path);
      expect(again.headers.etag).toBe(etag);
      const notModified = await get(path, { "If-None-Match": `"other", W/${etag}` });
      expect(notModified.status).toBe(304);
      expect(notModified.body).toBe("");
      expect(notModified.headers.etag).toBe(etag);
      expect((await get(path, { "If-None-Match": '"other"' })).status).toBe(200);
    }
    const preflight = await rawRequest(server, {
      method: "OPTIONS",
      path: "/api/v1/companies?country=DE",
      headers: { Origin: "https://example.org", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "if-none-match" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-methods"]).toContain("GET");
    expect(preflight.headers["access-control-allow-headers"]).toContain("If-None-Match");
    // Only the API answers OPTIONS; writes are not part of it.
    expect((await rawRequest(server, { method: "OPTIONS", path: "/de" })).status).toBe(405);
    expect((await rawRequest(server, { method: "POST", path: "/api/v1/companies", headers: { Origin: server.url } })).status).toBe(405);
    const head = await rawRequest(server, { method: "HEAD", path: "/api/v1/news" });
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBeDefined();
    const unknown = await get("/api/v1/nothing");
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ error: { code: "NOT_FOUND" } });
  });
});

describe("public API rate limit", () => {
  let limited: TestServer;
  let second: TestServer | null = null;
  const LIMITED = { API_RATE_LIMIT: "5", API_RATE_LIMIT_WINDOW_SECONDS: "60" };
  beforeAll(async () => {
    limited = await startServer(LIMITED);
    // On PostgreSQL a second instance on the same database: the limit holds across instances.
    if (limited.databaseUrl) second = await startServer(LIMITED, limited);
  }, 240_000);
  afterAll(async () => {
    await second?.close(true);
    await limited?.close();
  });

  it("answers 429 with Retry-After and RateLimit headers after the limit, per client address", async () => {
    const instances = second ? [limited, second] : [limited];
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await rawRequest(instances[i % instances.length]!, { path: "/api/v1/news" });
      statuses.push(answer.status);
      expect(answer.headers["ratelimit-remaining"]).toBe(String(4 - i));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    for (const instance of instances) {
      const refused = await rawRequest(instance, { path: "/api/v1/companies" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect(refused.headers["ratelimit-remaining"]).toBe("0");
      expect(refused.headers["access-control-allow-origin"]).toBe("*");
      expect(JSON.parse(refused.body)).toEqual({ error: { code: "TOO_MANY_REQUESTS" } });
      expectDocumented("/api/v1/companies", refused);
    }
    // Concurrent requests from a fresh address: exactly the limit gets through.
    const burst = await Promise.all(Array.from({ length: 12 }, () => rawRequest(limited, { path: "/api/v1/news", localAddress: "127.0.0.2" })));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(5);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(7);
  });
});
