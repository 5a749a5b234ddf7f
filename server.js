// Entry point. Production: serves the built app. `--dev`: Vite middleware with HMR.
// The app itself (server/app.ts) runs migrations and seeding before it listens.
import http from "node:http";
import compression from "compression";
import express from "express";

const DEV = process.argv.includes("--dev");
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
// Loopback unless told otherwise: a development server (demo accounts, dev pages) is not
// reachable from other machines by accident. Production sets HOST (e.g. 0.0.0.0 in a container).
const HOST = process.env.HOST || "127.0.0.1";

const server = express();
server.disable("x-powered-by");
server.use(compression());
const httpServer = http.createServer(server);

/**
 * A start-up failure the operator can act on (unsafe production settings, the embedded database
 * in use by another process) is printed as its message alone, without a stack trace.
 */
async function startOrExit(start) {
  try {
    return await start();
  } catch (error) {
    const known = error instanceof Error && (error.name === "DataDirInUseError" || /^(Unsafe production configuration|Invalid environment)/.test(error.message));
    console.error(known ? `PartnerNet cannot start:\n${error.message}` : error);
    process.exit(1);
  }
}

let bootstrapped;
if (DEV) {
  const vite = await import("vite");
  // Hot reload over this server's own port (and so its HOST), not a second port on all interfaces.
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true, hmr: { server: httpServer } } });
  server.use(viteDevServer.middlewares);
  bootstrapped = await startOrExit(async () => {
    const loaded = await viteDevServer.ssrLoadModule("./server/app.ts");
    await loaded.bootstrap();
    return loaded;
  });
  server.use(async (req, res, next) => {
    try {
      const source = await viteDevServer.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const buildDir = process.env.BUILD_DIR || "build";
  bootstrapped = await startOrExit(async () => {
    const loaded = await import(new URL(`${buildDir}/server/index.js`, `file://${process.cwd()}/`).href);
    await loaded.bootstrap();
    return loaded;
  });
  // Security headers (nosniff, CSP, HSTS) and the method check come first, so static files get them too.
  server.use(bootstrapped.securityHeaders);
  server.use(bootstrapped.methodGuard);
  server.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
  server.use(express.static(`${buildDir}/client`, { maxAge: "1h", index: false }));
  server.use(bootstrapped.app);
  // Last: log and answer a generic page, never Express's default error page with a stack trace.
  server.use(bootstrapped.errorHandler);
}

const listener = httpServer.listen(PORT, HOST, () => {
  console.log(`PartnerNet listening on http://${HOST.includes(":") ? `[${HOST}]` : HOST}:${PORT}`);
  bootstrapped.announce?.(HOST, PORT);
});

async function shutdown() {
  listener.close();
  try {
    if (bootstrapped) await bootstrapped.shutdown();
  } catch (error) {
    console.error("Shutdown:", error);
  }
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
