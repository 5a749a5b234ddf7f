import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { config } from "~/server/config.server";
import { BackupError } from "./manifest";

/**
 * PostgreSQL's own client tools (pg_dump, pg_restore, psql): PG_BIN_DIR when set, else the newest
 * Debian/Ubuntu install under /usr/lib/postgresql/<major>/bin, else whatever is on PATH. pg_dump
 * refuses a server newer than itself, so the newest installed major is the right default.
 */
export type PostgresTool = "pg_dump" | "pg_restore" | "psql";

export function findPostgresTool(name: PostgresTool, binDir: string | undefined = config.pgBinDir): string {
  if (binDir) return path.join(binDir, name);
  const base = "/usr/lib/postgresql";
  const majors = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((d) => /^\d+$/.test(d) && fs.existsSync(path.join(base, d, "bin", name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return majors.length ? path.join(base, majors[0]!, "bin", name) : name;
}

/**
 * The connection URL without its password, and the password for PGPASSWORD: a password on the
 * command line is visible to every user of the machine in the process list.
 */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.password = "";
  return { url: u.toString(), password };
}

/** Starts a PostgreSQL tool; `url` (when given) is passed without its password. */
function startTool(name: PostgresTool, args: string[], url: string | undefined, stdio: ("ignore" | "pipe" | "inherit")[]): { child: ChildProcess; done: Promise<void> } {
  const split = url ? splitPassword(url) : undefined;
  const bin = findPostgresTool(name);
  // The tools get our environment (PGSSLMODE, PGSSLROOTCERT and the like apply to them too).
  const env = { ...process.env, ...(split?.password !== undefined ? { PGPASSWORD: split.password } : {}) };
  const child = spawn(bin, [...args, ...(split ? [`--dbname=${split.url}`] : [])], { env, stdio: [stdio[0]!, stdio[1]!, "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on("error", (error) => {
      const hint = (error as NodeJS.ErrnoException).code === "ENOENT" ? " Install PostgreSQL's client tools (Debian: postgresql-client) or set PG_BIN_DIR." : "";
      reject(new BackupError(`Could not run ${bin}: ${error.message}.${hint}`));
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${name} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
  return { child, done };
}

/** pg_dump of `url` into `file` in the custom format (one snapshot, compressed). */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  await startTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`], url, ["ignore", "inherit"]).done;
}

/** The line a dump uses to empty the search path (pg_dump since 10, CVE-2018-1058). */
export const EMPTY_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";
export const PUBLIC_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', 'public', false);";

/**
 * Restores a custom-format dump into `url` in one transaction: pg_restore writes the SQL script,
 * psql runs it. In between, the script's empty search path becomes `public`: some of the schema's
 * SQL functions call each other unqualified (pn_facets → pn_geo_cells, decision 052), and with
 * an empty search path PostgreSQL cannot inline them where a generated column or an index
 * needs them, so a plain pg_restore fails. Only lines outside COPY data are rewritten.
 */
export async function restorePostgres(file: string, url: string): Promise<void> {
  const restore = startTool("pg_restore", ["--no-owner", "--no-privileges", "--file=-", file], undefined, ["ignore", "pipe"]);
  const psql = startTool("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "--single-transaction"], url, ["pipe", "ignore"]);
  restore.child.stdout!.pipe(searchPathRewriter()).pipe(psql.child.stdin!);
  // psql stopping early (an error) closes its input; pg_restore then fails on a broken pipe.
  psql.child.stdin!.on("error", () => {});
  const [restored, applied] = await Promise.allSettled([restore.done, psql.done]);
  if (applied.status === "rejected") throw applied.reason;
  if (restored.status === "rejected") throw restored.reason;
}

/** Replaces EMPTY_SEARCH_PATH lines (as whole lines, byte for byte) outside `COPY … FROM stdin;` … `\.` blocks. */
export function searchPathRewriter(): Transform {
  let pending = "";
  let inCopy = false;
  const rewrite = (line: string): string => {
    if (inCopy) {
      if (line === "\\.") inCopy = false;
      return line;
    }
    if (line.startsWith("COPY ") && line.endsWith(" FROM stdin;")) inCopy = true;
    return line === EMPTY_SEARCH_PATH ? PUBLIC_SEARCH_PATH : line;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      // latin1 maps every byte to one character and back: no multi-byte character is cut at a
      // chunk border, whatever the dump's encoding, and the lines we look for are ASCII.
      const lines = (pending + chunk.toString("latin1")).split("\n");
      pending = lines.pop()!;
      done(null, Buffer.from(lines.map((line) => `${rewrite(line)}\n`).join(""), "latin1"));
    },
    flush(done) {
      done(null, pending ? Buffer.from(rewrite(pending), "latin1") : undefined);
    },
  });
}
