import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { href } from "~/routing/paths";
import { listOutbox } from "~/server/mail/mailer.server";
import { TEST_ENGINE } from "../tests/support/db";
import { type Balancer, ensureNginx, startBalancer } from "../tests/support/nginx";
import { extractCode, lastMailTo } from "../tests/support/outbox";
import { type RawResponse, rawRequest, startServer, type TestServer } from "../tests/support/server";

/**
 * Two app instances behind a real load balancer (decision 054): two `node server.js` processes of
 * the production build (one process each, WEB_CONCURRENCY=1) on one PostgreSQL database, one
 * storage folder and one mail outbox, behind Debian's nginx with round robin and no sticky
 * sessions. Every request goes through nginx; which instance answered is the `X-Worker-Pid`
 * header test servers send (decision 047). The walk: signed in through one instance, signed in
 * on the other; a logo uploaded through one, served by the other; a participant mail queued on
 * one, sent exactly once although both run job workers; a company approved on one, found in the
 * other's search (within its page cache's TTL); one instance killed while GETs and POSTs stream
 * through nginx: no GET fails, only POSTs in flight at the kill may.
 *
 * PostgreSQL only: the embedded database is opened by one process, so there is no second instance.
 */
const BALANCER_PORT = 3540;
const PORTS = [3541, 3542] as const;
const ADMIN = "admin@partnernet.example";
const ORGANISATION = "firma.de@partnernet.example";
/** Short, so the other instance's stale search page is shown to expire within the test. */
const TTL_MS = 3_000;
/** Beyond the TTL: one render of the search page on a busy machine. */
const RENDER_SLACK_MS = 5_000;
const PUBLIC_URL = `http://127.0.0.1:${BALANCER_PORT}`;
const ENV = {
  RATE_LIMIT_PER_IP_PER_HOUR: "100000",
  PAGE_CACHE_TTL_MS: String(TTL_MS),
  PUBLIC_URL,
  // nginx on this machine: its X-Forwarded-For/-Proto are believed (decision 012).
  TRUST_PROXY: "loopback",
};
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pidOf = (response: RawResponse) => Number(response.headers["x-worker-pid"]);
const cacheOf = (response: RawResponse) => response.headers["x-page-cache"];

describe.skipIf(TEST_ENGINE !== "postgres")("two instances behind nginx on one PostgreSQL database (decision 054)", () => {
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  let balancer: Balancer | undefined;
  let sql: pg.Client | undefined;
  const cookies: Record<string, string> = {};
  const company = { id: "", name: "" };
  let logoPath = "";

  /** One request through nginx (a new connection each time). */
  const via = (options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }) =>
    rawRequest({ port: BALANCER_PORT } as TestServer, { ...options, headers: { ...(options.method === "POST" ? { Origin: PUBLIC_URL } : {}), ...options.headers } });
  const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
    via({ method: "POST", path, headers: { ...FORM, ...(cookie ? { Cookie: cookie } : {}) }, body: new URLSearchParams(fields).toString() });
  const pids = () => [a!.pid, b!.pid];
  const other = (pid: number) => pids().find((p) => p !== pid)!;

  /** GETs `path` until the other instance than `pid` answers; every answer on the way is checked. */
  async function fromOther(pid: number, path: string, check: (response: RawResponse) => void, headers: Record<string, string> = {}): Promise<RawResponse> {
    for (let i = 0; i < 10; i++) {
      const response = await via({ path, headers });
      check(response);
      if (pidOf(response) === other(pid)) return response;
    }
    throw new Error(`${path}: the other instance never answered through nginx`);
  }

  /** The e-mail code login (decision 002) through nginx; returns the cookie and which instance took each step. */
  async function signIn(email: string): Promise<{ cookie: string; requestedOn: number; verifiedOn: number }> {
    const path = encodeURI(href("login", "de"));
    const requested = await postForm(path, { intent: "request", email });
    expect(requested.status).toBe(200);
    const mail = await lastMailTo(email);
    expect(mail, `code mail for ${email}`).toBeDefined();
    const verified = await postForm(path, { intent: "verify", email, code: extractCode(mail!) });
    const cookie = (verified.headers["set-cookie"] ?? []).find((c) => c.startsWith("pb_auth="));
    expect(cookie, `sign-in of ${email}: ${verified.status}`).toBeDefined();
    return { cookie: cookie!.split(";")[0]!, requestedOn: pidOf(requested), verifiedOn: pidOf(verified) };
  }

  beforeAll(async () => {
    // First, before any server starts: fails loudly when nginx is missing and cannot be installed
    // (scripts/ensure-nginx.sh), it never skips.
    ensureNginx();
    // A: a copy of the run's seeded demo database (tests/support/server.ts); B: the same database,
    // data folder (so storage folder) and outbox, another process and port.
    a = await startServer({ ...ENV, PORT: String(PORTS[0]) });
    b = await startServer({ ...ENV, PORT: String(PORTS[1]) }, a);
    balancer = await startBalancer(BALANCER_PORT, [...PORTS]);
    sql = new pg.Client({ connectionString: a.databaseUrl! });
    await sql.connect();
  }, 240_000);

  afterAll(async () => {
    await sql?.end();
    await balancer?.close();
    await b?.close(true);
    await a?.close();
  });

  it("balances round robin over both instances", async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const response = await via({ path: "/de" });
      expect(response.status).toBe(200);
      seen.add(pidOf(response));
    }
    expect([...seen].sort()).toEqual([...pids()].sort());
  });

  it("signs in through one instance and goes on signed in on the other (sessions in PostgreSQL)", async () => {
    const admin = await signIn(ADMIN);
    cookies[ADMIN] = admin.cookie;
    // An admin-only page: signed out it is a redirect to the login.
    const page = encodeURI(href("adminApprovals", "de"));
    const onOther = await fromOther(admin.verifiedOn, page, (response) => expect(response.status).toBe(200), { Cookie: admin.cookie });
    expect(pidOf(onOther)).not.toBe(admin.verifiedOn);
    const organisation = await signIn(ORGANISATION);
    cookies[ORGANISATION] = organisation.cookie;
    // Round robin: with nothing else in between, the code was asked of one instance and checked by the other.
    expect(organisation.requestedOn, "code request and check on the same instance: did nginx stop alternating?").not.toBe(organisation.verifiedOn);
  });

  it("serves a logo uploaded through one instance from the other (one storage folder)", async () => {
    company.name = `Deploytest Balancer ${Date.now()}`;
    const form = new FormData();
    const fields: Array<[string, string]> = [
      ["name", company.name],
      ["website", "deploytest.example"],
      ["descriptionDe", "Zwei Instanzen hinter nginx."],
      ["descriptionCs", "Dvě instance za nginx."],
      ["nace", "25.11"],
      ["newTags", `Lastverteilung ${Date.now()}|Rozložení zátěže ${Date.now()}`],
      ["newTags", `Ausfall ${Date.now()}|Výpadek ${Date.now()}`],
      ["newTags", `Sitzung ${Date.now()}|Relace ${Date.now()}`],
      ["country", "DE"],
      ["state", "Sachsen"],
      ["line1", "Ostra-Allee 1"],
      ["postalCode", "01067"],
      ["city", "Dresden"],
    ];
    for (const [key, value] of fields) form.append(key, value);
    const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: "#0b7285" } }).png().toBuffer();
    form.append("logo", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
    const request = new Request(PUBLIC_URL, { method: "POST", body: form });
    const created = await via({
      method: "POST",
      path: encodeURI(href("companyCreate", "de")),
      headers: { "Content-Type": request.headers.get("content-type")!, Cookie: cookies[ORGANISATION]! },
      body: Buffer.from(await request.arrayBuffer()),
    });
    expect(created.status, created.body.slice(0, 500)).toBe(302);
    company.id = /\/de\/firmen\/([0-9a-f-]{36})\?created=1$/.exec(String(created.headers.location))?.[1] ?? "";
    expect(company.id).not.toBe("");
    const { rows } = await sql!.query<{ logo_key: string; status: string }>("SELECT logo_key, status FROM companies WHERE id = $1", [company.id]);
    expect(rows[0]?.status).toBe("PENDING");
    logoPath = `/files/${rows[0]!.logo_key}`;
    const answers: RawResponse[] = [];
    await fromOther(pidOf(created), logoPath, (response) => {
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("image/webp");
      answers.push(response);
    });
    // The same bytes, whichever instance read them; and they are the uploaded picture (as WebP).
    expect(new Set(answers.map((r) => r.rawBody.toString("base64"))).size).toBe(1);
    expect((await sharp(answers[0]!.rawBody).metadata()).width).toBe(120);
  });

  it("sends a participant mail queued through one instance exactly once, though both run job workers", async () => {
    // Each instance runs a job worker (its readiness probe, decision 048, says so).
    for (const server of [a!, b!]) {
      const ready = await rawRequest(server, { path: "/readyz" });
      expect(JSON.parse(ready.body)).toMatchObject({ status: "ready", checks: { jobs: "ok" } });
    }
    // The demo event with the most participants not cancelled (the mail's default audience).
    const { rows: events } = await sql!.query<{ id: string; n: number }>(
      `SELECT event_id AS id, count(*)::int AS n FROM event_registrations WHERE status <> 'CANCELLED' GROUP BY event_id ORDER BY n DESC LIMIT 1`,
    );
    expect(events[0]?.n).toBeGreaterThan(1);
    const subject = `Deploytest Rundmail ${Date.now()}`;
    const queued = await postForm(encodeURI(href("adminParticipantMail", "de", { id: events[0]!.id })), { subjectDe: subject, messageDe: "Einmal, nicht zweimal." }, cookies[ADMIN]);
    expect(queued.status, queued.body.slice(0, 500)).toBe(302);
    const mailingId = new URL(String(queued.headers.location), PUBLIC_URL).searchParams.get("mailing");
    expect(mailingId).toBeTruthy();
    const recipients = async () => (await sql!.query<{ email: string; status: string }>("SELECT email, status FROM participant_mail_recipients WHERE mailing_id = $1", [mailingId])).rows;
    const deadline = Date.now() + 60_000;
    while ((await recipients()).some((r) => r.status !== "SENT") && Date.now() < deadline) await sleep(250);
    const sent = await recipients();
    expect(sent.length).toBe(events[0]!.n);
    expect(sent.map((r) => r.status)).toEqual(sent.map(() => "SENT"));
    // Time for a second worker to send again, if the queue let it.
    await sleep(3_000);
    const mails = (await listOutbox(10_000)).filter((m) => m.subject === subject);
    expect(mails).toHaveLength(sent.length);
    for (const { email } of sent) expect(mails.filter((m) => m.to === email).length, email).toBe(sent.filter((r) => r.email === email).length);
  }, 90_000);

  it("shows a company approved on one instance in the other's search, within its page cache's TTL", async () => {
    const page = `${encodeURI(href("search", "de"))}?${new URLSearchParams({ q: company.name, type: "COMPANY" }).toString()}`;
    const listed = (response: RawResponse) => response.body.includes(encodeURI(href("companyDetail", "de", { id: company.id })));
    // Both instances store the anonymous search page as it is now: without the pending company.
    const stored = new Set<number>();
    for (let i = 0; i < 12 && stored.size < 2; i++) {
      const response = await via({ path: page });
      expect(response.status).toBe(200);
      expect(listed(response)).toBe(false);
      if (cacheOf(response) === "hit") stored.add(pidOf(response));
    }
    expect(stored.size).toBe(2);

    const approved = await postForm(encodeURI(href("adminApprovals", "de")), { intent: "company", id: company.id, decision: "VERIFY" }, cookies[ADMIN]);
    expect(approved.status).toBe(200);
    const changed = Date.now();
    const writer = pidOf(approved);

    // The instance that took the write emptied its cache: its first answer shows the company.
    // The other one (which learns nothing of the write) answers its stored page until it expires.
    const first = new Map<number, RawResponse>();
    const staleOnOther: RawResponse[] = [];
    let freshOnOther: RawResponse | null = null;
    while (!freshOnOther && Date.now() - changed < TTL_MS + RENDER_SLACK_MS) {
      const response = await via({ path: page });
      expect(response.status).toBe(200);
      if (!first.has(pidOf(response))) first.set(pidOf(response), response);
      if (pidOf(response) !== writer) {
        if (listed(response)) freshOnOther = response;
        else staleOnOther.push(response);
      }
      if (!freshOnOther) await sleep(100);
    }
    expect(listed(first.get(writer)!)).toBe(true);
    expect(cacheOf(first.get(writer)!)).toBe("miss");
    expect(freshOnOther, `not found on the other instance ${TTL_MS + RENDER_SLACK_MS} ms after the approval`).not.toBeNull();
    // Whatever the other instance answered without the company came from its cache, stored before.
    expect(staleOnOther.map(cacheOf).filter((c) => c !== "hit")).toEqual([]);
  }, 60_000);

  it("loses no GET when an instance is killed mid-stream (nginx retries on the other); only POSTs in flight may fail", async () => {
    interface Outcome { method: string; path: string; start: number; end: number; status: number; pid: number; error?: string }
    const outcomes: Outcome[] = [];
    const paths = [encodeURI(href("search", "de")), "/de/impressum", logoPath, "/de"];
    const victim = b!.pid;
    let killedAt = 0;
    let stop = false;
    const loop = async (method: "GET" | "POST", n: number) => {
      for (let i = 0; !stop; i++) {
        const path = method === "GET" ? paths[(i + n) % paths.length]! : encodeURI(href("login", "de"));
        const start = performance.now();
        try {
          const response = method === "GET" ? await via({ path }) : await postForm(path, { intent: "request", email: "" });
          outcomes.push({ method, path, start, end: performance.now(), status: response.status, pid: pidOf(response) });
        } catch (error) {
          outcomes.push({ method, path, start, end: performance.now(), status: 0, pid: 0, error: String(error) });
        }
      }
    };
    const streams = [loop("GET", 0), loop("GET", 1), loop("GET", 2), loop("POST", 0)];
    await sleep(1_500);
    killedAt = performance.now();
    process.kill(victim, "SIGKILL");
    // The instance dies some time after the signal (under CI's load a POST sent after killedAt
    // still reached it and met its death: 502). It has died when its exit is reported here.
    await b!.exited;
    const diedAt = performance.now();
    await sleep(3_000);
    stop = true;
    await Promise.all(streams);

    const gets = outcomes.filter((o) => o.method === "GET");
    const posts = outcomes.filter((o) => o.method === "POST");
    const failed = (o: Outcome) => o.status === 0 || o.status >= 500;
    const postsFailed = posts.filter(failed);
    // In flight: started before the instance had died, ended after the signal.
    const inFlight = (o: Outcome) => o.start < diedAt && o.end > killedAt;
    const retried = balancer!.accessLog().split("\n").filter((line) => /^\S+ \S+, /.test(line));
    console.log(
      `deployment: ${gets.length} GETs (${gets.filter((o) => o.start < killedAt).length} before the kill, ${gets.filter(inFlight).length} in flight), ` +
        `${posts.length} POSTs (${posts.filter(inFlight).length} in flight at the kill, ${postsFailed.length} failed: ${postsFailed.map((o) => o.status).join(", ") || "none"}), ` +
        `${retried.length} requests nginx passed on to the other instance`,
    );
    // Both instances served the stream before the kill, only the survivor after it.
    expect(new Set(gets.filter((o) => o.end < killedAt).map((o) => o.pid))).toEqual(new Set(pids()));
    expect(gets.filter((o) => o.start > diedAt && o.pid === victim)).toEqual([]);
    expect(gets.filter(failed)).toEqual([]);
    // nginx met the dead instance at least once: a GET it passed on to the survivor, or the POST in
    // flight there (502, not resent). After that failure nginx skips the instance for its fail_timeout,
    // so when the one request caught by the kill was a POST, no GET needs a retry (seen once in a run).
    expect(retried.length + postsFailed.length).toBeGreaterThan(0);
    expect(gets.filter((o) => o.start > killedAt).length).toBeGreaterThan(0);
    // POSTs: refused as the app refuses an empty e-mail, unless in flight at the kill (nginx does not
    // send a POST twice); a POST that met the dead instance before being sent went to the survivor.
    for (const post of postsFailed) {
      expect(inFlight(post), `${post.status} ${post.error ?? ""}`).toBe(true);
      expect(post.status).toBe(502);
    }
    expect(posts.filter((o) => !failed(o)).every((o) => o.status >= 400 && o.status < 500)).toBe(true);
  }, 60_000);
});

describe.skipIf(TEST_ENGINE !== "pglite")("two instances behind nginx (decision 054)", () => {
  it.skip("needs TEST_DB=postgres: the embedded database (PGlite) is opened by one process, so a second instance cannot share it", () => {});
});
