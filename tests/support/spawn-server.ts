import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the production build (`npm run build` first; `npm test` builds before the unit tests)
 * as its own process on a free port with a fresh DATA_DIR, and waits until it listens.
 */
export async function spawnServer(env: Record<string, string>, timeoutMs = 90_000): Promise<SpawnedServer> {
  if (!fs.existsSync(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js"))) {
    throw new Error("No production build: run `npm run build` first (npm test does).");
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pn-server-"));
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, APP_ENV: "test", PORT: String(port), DATA_DIR: dataDir, SMTP_URL: "", SEED_DEMO_DATA: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const check = () => {
      if (/listening on/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
