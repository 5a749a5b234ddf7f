import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { config } from "~/server/config.server";
import { defineJob } from "./job";

/**
 * Test servers only (APP_ENV=test, registered by registry.server.ts): a job that takes `ms` to
 * finish, for the graceful-shutdown test (decision 051) to stop an instance with a job in hand.
 * It leaves `<DATA_DIR>/test-slow-job/<tag>.started` and `.finished` so the test sees both moments.
 */
export const testSlowJob = defineJob({
  name: "test-slow",
  schema: z.object({ tag: z.string().regex(/^[a-z0-9-]{1,40}$/), ms: z.number().int().min(0).max(20_000) }),
  retryLimit: 0,
  async handle({ tag, ms }) {
    const folder = path.join(config.dataDir, "test-slow-job");
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, `${tag}.started`), new Date().toISOString());
    await new Promise((resolve) => setTimeout(resolve, ms));
    await fs.writeFile(path.join(folder, `${tag}.finished`), new Date().toISOString());
  },
});
