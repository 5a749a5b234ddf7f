import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface BenchServer {
  child: ChildProcess;
  pid: number;
  /** Stops the server and removes its data directory. */
  stop: () => Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Starts the production build (`npm run build` first; BUILD_DIR picks another build folder) as
 * `node server.js` on `port`, on a fresh embedded database with the demo data, and resolves once
 * `/de` answers 200. For the benchmarks that measure the built app (Lighthouse, page weight,
 * throughput, overload); `env` adds or overrides settings.
 */
export async function startProductionServer(port: number, env: Record<string, string> = {}, name = "bench"): Promise<BenchServer> {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!fs.existsSync(path.join(ROOT, buildDir, "server/index.js"))) throw new Error(`No production build in ${buildDir}/: run \`npm run build\` first`);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pn-${name}-`));
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_ENV: "test",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      SMTP_URL: "",
      SEED_DEMO_DATA: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Up to 5 minutes: migrating and seeding a fresh embedded database takes over 2 on a loaded 2-core machine.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`Server exited:\n${output}`);
    const up = await fetch(`${base}/de`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, pid: child.pid!, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`Server did not start:\n${output}`);
}
