import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Debian's nginx as a load balancer in front of app instances (server/deployment.test.ts,
 * decision 054): run as the test's own process (no service, no root needed) with a config in a
 * temporary folder. Round robin without sticky sessions; idempotent requests go to the next
 * instance when one refuses the connection, fails, times out or answers 502/503 — nginx never
 * passes a POST on once it was sent (its default, kept on purpose).
 */
export interface Balancer {
  url: string;
  port: number;
  /** The access log so far: one line per request, `<status> <upstream addresses> <upstream statuses> <method> <uri>`. */
  accessLog: () => string;
  errorLog: () => string;
  close: () => Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
export const NGINX = "/usr/sbin/nginx";

/** Installs nginx when missing (scripts/ensure-nginx.sh); throws with the script's output when it cannot. */
export function ensureNginx(): void {
  if (fs.existsSync(NGINX)) return;
  try {
    execFileSync("bash", [path.join(ROOT, "scripts/ensure-nginx.sh")], { stdio: "pipe", timeout: 200_000 });
  } catch (error) {
    const output = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`nginx is needed for the deployment test and could not be installed (scripts/ensure-nginx.sh):\n${output.stdout?.toString() ?? ""}${output.stderr?.toString() ?? String(error)}`);
  }
  if (!fs.existsSync(NGINX)) throw new Error(`scripts/ensure-nginx.sh ran but ${NGINX} is still missing`);
}

export function balancerConfig(dir: string, port: number, upstreams: number[]): string {
  return `worker_processes 1;
events { worker_connections 512; }
http {
  log_format balancer '$status $upstream_addr $upstream_status $request_method $request_uri';
  access_log ${dir}/access.log balancer;
  # Temporary files in the test's folder: the package's /var/lib/nginx is root's.
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Above the app's own largest upload limit: the app decides (decision 012).
  client_max_body_size 64m;

  upstream partnernet {
    # Round robin, no sticky sessions: sessions live in the database. An instance that failed is
    # left out for fail_timeout, then tried again.
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n")}
  }

  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://partnernet;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A GET that met a dead or overloaded instance is asked of the next one; a POST only when it
      # was never sent (connection refused): nginx's non_idempotent stays off.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

export async function startBalancer(port: number, upstreams: number[]): Promise<Balancer> {
  ensureNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pn-nginx-"));
  // Run as root, nginx's workers drop to "nobody", which must reach the temporary folders.
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, balancerConfig(dir, port, upstreams));
  const read = (name: string) => () => {
    try {
      return fs.readFileSync(path.join(dir, name), "utf8");
    } catch {
      return "";
    }
  };
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-e", path.join(dir, "error.log"), "-c", conf, "-g", `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      // SIGQUIT: graceful stop of nginx's master and workers.
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (fs.existsSync(path.join(dir, "nginx.pid"))) {
      try {
        await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
        return { url, port, accessLog: read("access.log"), errorLog: read("error.log"), close };
      } catch {
        // not listening yet
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const log = read("error.log")();
  await close();
  throw new Error(`nginx did not start:\n${output}\n${log}`);
}
