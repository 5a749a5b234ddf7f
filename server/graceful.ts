import type http from "node:http";

/**
 * The HTTP half of a graceful shutdown (decision 051): stop accepting connections, close the idle
 * keep-alive ones, let the requests in flight finish with `Connection: close`, and close each
 * connection as its last answer ends. Requests are tracked on the HTTP server itself (server.js
 * hands it over), so built assets served before the app count too.
 */
export interface HttpDrain {
  watch(server: http.Server): void;
  /** Resolves true once every connection is closed, false at `deadline` (epoch ms), when the rest are cut. */
  drain(deadline: number): Promise<boolean>;
}

const SWEEP_MS = 100;

export function createHttpDrain(): HttpDrain {
  const inFlight = new Set<http.ServerResponse>();
  let server: http.Server | null = null;
  let draining = false;

  const closeIdleSoon = () => setImmediate(() => server?.closeIdleConnections());

  return {
    watch(target) {
      server = target;
      target.prependListener("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
        inFlight.add(res);
        // A request that arrives on a kept-alive connection while draining is answered, then the connection closes.
        if (draining) res.setHeader("Connection", "close");
        res.once("close", () => {
          inFlight.delete(res);
          if (draining) closeIdleSoon();
        });
      });
    },

    async drain(deadline) {
      draining = true;
      const target = server;
      if (!target) return true;
      const closed = new Promise<void>((resolve) => target.close(() => resolve()));
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      target.closeIdleConnections();
      // An answer whose headers went out before the drain keeps its connection alive; once it ends
      // the connection is idle, and the sweep closes it (the "close" hook above usually does first).
      const sweep = setInterval(() => target.closeIdleConnections(), SWEEP_MS);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
      });
      try {
        const done = await Promise.race([closed.then(() => true as const), late]);
        if (!done) target.closeAllConnections();
        return done;
      } finally {
        clearInterval(sweep);
        clearTimeout(timer);
      }
    },
  };
}
