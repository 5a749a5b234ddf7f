import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type DbHandle, openPostgres } from "~/server/db/client.server";
import { createLogger } from "~/server/logger.server";
import { clonePostgres, createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { defineJob } from "./job";
import { type JobQueue, startQueue } from "./queue.server";

/**
 * One log line per job run (decision 049) on the engine of TEST_DB: the job's name, id, queue,
 * attempt, outcome and duration as JSON, never the payload.
 */
const SECRET = "payload-secret-4711";
const Payload = z.object({ note: z.string() });
const succeeding = defineJob({ name: "test-log-ok", schema: Payload, handle: async () => {} });
const failing = defineJob({
  name: "test-log-fail",
  schema: Payload,
  retryLimit: 1,
  retryDelaySeconds: 1,
  handle: async () => {
    throw new Error("the handler failed");
  },
});

let handle: DbHandle;
let databaseUrl: string | undefined;
let drop = async () => {};
let queue: JobQueue;
const written: string[] = [];
const lines = () => written.join("").split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  if (TEST_ENGINE === "postgres") {
    // pg-boss on PostgreSQL connects on its own, by URL.
    const clone = await clonePostgres();
    handle = await openPostgres(clone.url);
    databaseUrl = clone.url;
    drop = clone.drop;
  } else {
    handle = await createTestDb();
  }
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ level: "info", pretty: false, destination });
  queue = await startQueue({ handle, databaseUrl, jobs: [succeeding, failing] as never, work: true, pollSeconds: 0.5, log: () => {}, logger });
}, 60_000);

afterAll(async () => {
  await queue?.stop();
  await handle?.close();
  await drop();
});

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`no ${what} in:\n${written.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("job log lines", () => {
  it("say which job ran, how it ended and how long it took, without its payload", async () => {
    await queue.enqueue(succeeding, { note: SECRET });
    await queue.enqueue(failing, { note: SECRET });
    await until(() => lines().filter((line) => line.job === "test-log-fail").length >= 2, "two runs of the failing job");
    await until(() => lines().some((line) => line.job === "test-log-ok"), "the succeeding job");

    const ok = lines().find((line) => line.job === "test-log-ok")!;
    expect(ok).toMatchObject({ level: "info", queue: "test-log-ok", attempt: 1, outcome: "completed", msg: "job" });
    expect(ok.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof ok.durationMs).toBe("number");
    expect(typeof ok.time).toBe("string");

    const [first, second] = lines().filter((line) => line.job === "test-log-fail");
    expect(first).toMatchObject({ level: "error", queue: "test-log-fail", attempt: 1, outcome: "failed", willRetry: true, err: { type: "Error", message: "the handler failed" } });
    expect(second).toMatchObject({ attempt: 2, outcome: "failed", willRetry: false });
    expect(second!.jobId).toBe(first!.jobId);

    expect(written.join("")).not.toContain(SECRET);
  }, 60_000);
});
