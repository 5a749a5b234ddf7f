import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FILTER } from "~/schemas/participant-selection";
import { type DbHandle, openPostgres } from "~/server/db/client.server";
import { companyUserLinks, eventRegistrations, participantMailRecipients, users } from "~/server/db/schema";
import { startQueue } from "~/server/jobs/queue.server";
import { ALL_JOBS } from "~/server/jobs/registry.server";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { clonePostgres, createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { mailsTo } from "../../../tests/support/outbox";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { participantMailJob } from "./mail-jobs.server";
import { createMailing, getMailing } from "./mailing.server";

/**
 * The mail queue end to end (decision 021): pg-boss jobs, recipient leases, real worker
 * processes and a real SMTP server.
 */
const storage = new LocalDiskStorage(path.join(process.env.MAIL_OUTBOX_DIR!, "..", `pn-mq-files-${process.pid}`));
const texts = { subjectDe: "Hallo", messageDe: "Text", subjectCs: "Ahoj", messageCs: "Text" };
const all = () => ({ filter: { ...DEFAULT_FILTER }, ids: [] });

/** An organiser's event with `count` registered participants (half German, half Czech). */
async function eventWith(db: DbHandle["db"], count: number) {
  const organiser = await insertUser(db, "Multiplikator");
  const organiserCompany = await insertCompany(db, { members: [organiser.id] });
  const eventId = await insertEvent(db, { companyId: organiserCompany });
  const tag = Math.random().toString(36).slice(2, 8);
  const people = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ email: `p${i}.${tag}@example.com`, name: `Person ${i}`, role: "Organisation" as const, verified: true, locale: i % 2 ? ("cs" as const) : ("de" as const) })))
    .returning({ id: users.id, locale: users.locale });
  const companyId = await insertCompany(db);
  await db.insert(companyUserLinks).values(people.map((p) => ({ companyId, userId: p.id, status: "CONFIRMED" as const, decidedAt: new Date() })));
  await db.insert(eventRegistrations).values(people.map((p) => ({ eventId, companyId, userId: p.id, status: "REGISTERED" as const, locale: p.locale as "de" | "cs", formVersion: 1, answers: {} })));
  return { organiser, eventId };
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(TEST_ENGINE !== "pglite")("the queue inside the app on PGlite", () => {
  it("sends a mailing through pg-boss on the app's own PGlite client", async () => {
    const handle = await createTestDb();
    const queue = await startQueue({ handle, databaseUrl: undefined, jobs: ALL_JOBS, work: true, pollSeconds: 0.5, log: () => {} });
    try {
      const { organiser, eventId } = await eventWith(handle.db, 4);
      const created = await createMailing(handle.db, organiser, eventId, { selection: all(), texts, attachment: null }, storage);
      await queue.enqueue(participantMailJob, { mailingId: created.id });
      await waitFor(async () => (await getMailing(handle.db, organiser, eventId, created.id)).done, 20_000, "the mailing");
      const rows = await handle.db.select().from(participantMailRecipients).where(eq(participantMailRecipients.mailingId, created.id));
      expect(rows.map((r) => r.status)).toEqual(["SENT", "SENT", "SENT", "SENT"]);
      const czech = rows.find((r) => r.locale === "cs")!;
      expect((await mailsTo(czech.email)).map((m) => m.subject)).toEqual(["Ahoj"]);
    } finally {
      await queue.stop();
      await handle.close();
    }
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("worker processes on one PostgreSQL", () => {
  let url: string;
  let drop: () => Promise<void>;
  let handle: DbHandle;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    ({ url, drop } = await clonePostgres());
    handle = await openPostgres(url);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await handle.close();
    await drop();
  });

  /**
   * `npm run worker` as a child process (node with tsx's loader, not the tsx CLI, which would run
   * the worker in a grandchild that a SIGKILL of the child leaves alive), with its own sender address so the sink can tell workers apart. */
  function worker(name: string, smtpUrl: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        SMTP_URL: smtpUrl,
        MAIL_FROM: `${name}@workers.example`,
        JOBS_POLL_SECONDS: "0.5",
        MAIL_LEASE_SECONDS: "2",
        MAIL_RETRY_SECONDS: "0.2",
        MAIL_MAX_ATTEMPTS: "3",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let output = "";
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    if (process.env.MQ_DEBUG) for (const s of [child.stdout!, child.stderr!]) s.on("data", (d: Buffer) => process.stderr.write(`[${name}] ${d.toString()}`));
    return new Promise((resolve, reject) => {
      child.stdout!.on("data", (d: Buffer) => {
        output += d.toString();
        if (output.includes("worker") && output.includes("ready")) resolve(child);
      });
      child.on("exit", (code) => reject(new Error(`worker ${name} exited (${code}): ${output}`)));
    });
  }

  /** Queues the mailing from this process, as the app instance that created it would. */
  async function enqueue(mailingId: string) {
    const queue = await startQueue({ handle, databaseUrl: url, jobs: ALL_JOBS, work: false, pollSeconds: 0.5, log: () => {} });
    await queue.enqueue(participantMailJob, { mailingId });
    await queue.stop();
  }

  const stop = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };

  async function statuses(mailingId: string) {
    const rows = await handle.db.select().from(participantMailRecipients).where(eq(participantMailRecipients.mailingId, mailingId));
    return rows;
  }

  it("two workers send each of 200 mails exactly once", async () => {
    const sink = await startSmtpSink();
    const [a, b] = await Promise.all([worker("a", sink.url), worker("b", sink.url)]);
    try {
      const { organiser, eventId } = await eventWith(handle.db, 200);
      const created = await createMailing(handle.db, organiser, eventId, { selection: all(), texts, attachment: null }, storage);
      await enqueue(created.id);
      await waitFor(async () => (await getMailing(handle.db, organiser, eventId, created.id)).done, 40_000, "200 mails");
      const rows = await statuses(created.id);
      expect(rows.filter((r) => r.status === "SENT")).toHaveLength(200);
      const ids = sink.accepted.map((m) => m.messageId);
      expect(ids).toHaveLength(200);
      expect(new Set(ids).size).toBe(200);
      // Both workers took part (the first asks for help while many are due).
      const senders = new Set(sink.accepted.map((m) => m.from));
      expect(senders).toEqual(new Set(["a@workers.example", "b@workers.example"]));
    } finally {
      await Promise.all([stop(a), stop(b)]);
      await sink.close();
    }
  }, 60_000);

  it("a worker killed mid-run leaves nothing unsent and nothing doubled", async () => {
    let held: { messageId: string; from: string } | null = null;
    // The 40th message: its 250 is never sent, and its worker is killed while waiting for it, so
    // that message was not accepted (SMTP) and its row stays SENDING until the lease runs out.
    const sink = await startSmtpSink({ hold: (m, acceptedSoFar) => (held === null && acceptedSoFar >= 39 ? ((held = m), true) : false) });
    const workers = new Map<string, ChildProcess>(await Promise.all((["a", "b"] as const).map(async (n) => [`${n}@workers.example`, await worker(n, sink.url)] as const)));
    try {
      const { organiser, eventId } = await eventWith(handle.db, 120);
      const created = await createMailing(handle.db, organiser, eventId, { selection: all(), texts, attachment: null }, storage);
      await enqueue(created.id);
      await waitFor(() => held !== null, 30_000, "the held message");
      const victim = workers.get(held!.from)!;
      const died = new Promise((r) => victim.once("exit", r));
      victim.kill("SIGKILL");
      await died;

      await waitFor(
        async () => {
          const m = await getMailing(handle.db, organiser, eventId, created.id);
          if (process.env.MQ_DEBUG) console.log(JSON.stringify(m.counts), sink.accepted.length);
          return m.done;
        },
        40_000,
        "the survivor to finish",
      );
      const rows = await statuses(created.id);
      expect(rows.filter((r) => r.status === "SENT")).toHaveLength(120);
      const ids = sink.accepted.map((m) => m.messageId);
      expect(new Set(ids).size).toBe(120);
      expect(ids).toHaveLength(120);
      // The held message went out once, by the survivor, after its lease ran out.
      const again = sink.accepted.filter((m) => m.messageId === held!.messageId);
      expect(again).toHaveLength(1);
      expect(again[0]!.from).not.toBe(held!.from);
      const heldRow = rows.find((r) => held!.messageId.includes(r.id))!;
      expect(heldRow.attempts).toBe(2);
    } finally {
      await Promise.all([...workers.values()].map(stop));
      await sink.close();
    }
  }, 60_000);

  it("a recipient the server keeps refusing is retried, then FAILED for that recipient only", async () => {
    const { organiser, eventId } = await eventWith(handle.db, 5);
    const created = await createMailing(handle.db, organiser, eventId, { selection: all(), texts, attachment: null }, storage);
    const bad = (await statuses(created.id))[0]!.email;
    const sink = await startSmtpSink({ deferTo: bad });
    const a = await worker("a", sink.url);
    try {
      await enqueue(created.id);
      await waitFor(async () => (await getMailing(handle.db, organiser, eventId, created.id)).done, 30_000, "the mailing");
      const mailing = await getMailing(handle.db, organiser, eventId, created.id);
      expect(mailing.counts).toMatchObject({ SENT: 4, FAILED: 1 });
      expect(mailing.recipients.find((r) => r.email === bad)).toMatchObject({ status: "FAILED", attempts: 3, error: "DEFERRED" });
      expect(sink.attemptsTo.get(bad)).toBe(3);
      expect(sink.accepted).toHaveLength(4);
    } finally {
      await stop(a);
      await sink.close();
    }
  }, 60_000);
});
