import fs from "node:fs";
import os from "node:os";
import lockfile from "proper-lockfile";
import { logger } from "~/server/logger.server";

/**
 * One process per embedded database (decision 013). PGlite keeps its own copy of the data in
 * memory and writes it back, so a second process on the same directory silently loses writes.
 * The lock is a directory next to the data (`<dir>.lock`, made atomically by proper-lockfile)
 * plus an owner file saying which process holds it.
 */
export interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

export class DataDirInUseError extends Error {
  readonly owner: LockOwner | null;
  constructor(readonly dataDir: string, owner: LockOwner | null) {
    const who = owner ? `process ${owner.pid} on ${owner.hostname}, since ${owner.startedAt}` : "another process";
    super(
      [
        `The embedded database in ${dataDir} is already in use by ${who}.`,
        "Only one process may open it. Either stop that process first (for example the running `npm start`),",
        "or let the running app do the work (its admin pages; `npm run admin:create` talks to a running app by itself),",
        "or use a PostgreSQL server for several processes: set DATABASE_URL=postgres://…",
      ].join("\n"),
    );
    this.name = "DataDirInUseError";
    this.owner = owner;
  }
}

/**
 * After a crash on another host (a container recreated on the same volume) the lock is taken
 * over once it has not been refreshed for this long. On this host a dead owner is noticed at once.
 */
const STALE_MS = 10 * 60_000;
const UPDATE_MS = 30_000;

export function ownerFileOf(dataDir: string): string {
  return `${dataDir}.owner.json`;
}

export function readLockOwner(dataDir: string): LockOwner | null {
  try {
    return JSON.parse(fs.readFileSync(ownerFileOf(dataDir), "utf8")) as LockOwner;
  } catch {
    return null;
  }
}

/** Whether `pid` is a live process other than this one (a restarted container may reuse our pid). */
export function isOtherLiveProcess(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Data directories this process holds (our own pid in an owner file may be a previous container's). */
const heldHere = new Set<string>();

/** A lock left by a process of this host that no longer runs (kill -9, power loss) is removed. */
function removeDeadOwnersLock(dataDir: string): void {
  if (heldHere.has(dataDir)) return;
  const owner = readLockOwner(dataDir);
  if (!owner || owner.hostname !== os.hostname() || isOtherLiveProcess(owner.pid)) return;
  fs.rmSync(`${dataDir}.lock`, { recursive: true, force: true });
  fs.rmSync(ownerFileOf(dataDir), { force: true });
}

/**
 * Takes the exclusive lock on `dataDir` or throws DataDirInUseError at once. The returned
 * function releases it. If the lock is lost while held (removed by hand, or not refreshed for
 * STALE_MS), the process stops rather than risk writing next to another owner.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  if (heldHere.has(dataDir)) throw new DataDirInUseError(dataDir, readLockOwner(dataDir));
  removeDeadOwnersLock(dataDir);
  const owner = readLockOwner(dataDir);
  if (owner && owner.hostname === os.hostname() && isOtherLiveProcess(owner.pid)) throw new DataDirInUseError(dataDir, owner);
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      stale: STALE_MS,
      update: UPDATE_MS,
      realpath: false,
      onCompromised(error) {
        logger.fatal(`Lost the lock on the embedded database ${dataDir} (${error.message}); stopping to protect the data.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") throw new DataDirInUseError(dataDir, readLockOwner(dataDir));
    throw error;
  }
  const me: LockOwner = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  fs.writeFileSync(ownerFileOf(dataDir), JSON.stringify(me));
  heldHere.add(dataDir);
  // proper-lockfile removes its lock on any exit; the owner file goes with it.
  const removeOwner = () => fs.rmSync(ownerFileOf(dataDir), { force: true });
  process.once("exit", removeOwner);
  return async () => {
    process.off("exit", removeOwner);
    heldHere.delete(dataDir);
    removeOwner();
    await release();
  };
}
