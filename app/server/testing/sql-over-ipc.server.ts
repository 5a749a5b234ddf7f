import { config } from "~/server/config.server";
import { getDbHandle } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";

/** A statement the test process sends its PGlite test server (tests/support/server.ts). */
interface SqlRequest {
  type: "partnernet:sql";
  id: number;
  query: string;
  params: unknown[];
}

function isSqlRequest(message: unknown): message is SqlRequest {
  const m = message as Partial<SqlRequest> | null;
  return m !== null && typeof m === "object" && m.type === "partnernet:sql" && typeof m.id === "number" && typeof m.query === "string" && Array.isArray(m.params);
}

/**
 * HTTP tests on PGlite read and prepare their server's data through this (decision 072): PGlite
 * is opened by one process per data directory, so without it the test stopped the server, opened
 * the data itself and started the server again — seconds per statement, minutes per file.
 *
 * Only a server started by a test with an IPC channel (`child_process.spawn` with "ipc") and
 * TEST_SQL_IPC=1 under APP_ENV=test listens: the channel is a pipe to the parent process, not a
 * socket, so nothing on the network (not even this machine's other processes) can send SQL.
 */
export function serveSqlOverIpc(): void {
  if (config.appEnv !== "test" || process.env.TEST_SQL_IPC !== "1" || typeof process.send !== "function") return;
  process.on("message", (message: unknown) => {
    if (!isSqlRequest(message)) return;
    void run(message).then((answer) => process.send?.(answer));
  });
  // The channel must not keep a stopping server alive.
  process.channel?.unref();
  logger.info("Test SQL over IPC: on");
}

async function run(request: SqlRequest): Promise<{ type: "partnernet:sql-result"; id: number; rows?: unknown[]; error?: string }> {
  try {
    const handle = await getDbHandle();
    if (!handle.pglite) throw new Error("SQL over IPC is for PGlite test servers");
    const result = await handle.pglite.query(request.query, request.params);
    return { type: "partnernet:sql-result", id: request.id, rows: result.rows };
  } catch (error) {
    return { type: "partnernet:sql-result", id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}
