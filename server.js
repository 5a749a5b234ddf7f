// Entry point. Production: serves the built app. `--dev`: Vite middleware with HMR.
// The app itself (server/app.ts) runs migrations and seeding before it listens.
import compression from "compression";
import express from "express";

const DEV = process.argv.includes("--dev");
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
const HOST = process.env.HOST || "0.0.0.0";

const server = express();
server.disable("x-powered-by");
server.use(compression());

let bootstrapped;
if (DEV) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  const mod = await viteDevServer.ssrLoadModule("./server/app.ts");
  await mod.bootstrap();
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
  bootstrapped = await import(new URL(`${buildDir}/server/index.js`, `file://${process.cwd()}/`).href);
  // Security headers (nosniff, CSP, HSTS) and the method check come first, so static files get them too.
  server.use(bootstrapped.securityHeaders);
  server.use(bootstrapped.methodGuard);
  server.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
  server.use(express.static(`${buildDir}/client`, { maxAge: "1h", index: false }));
  await bootstrapped.bootstrap();
  server.use(bootstrapped.app);
  // Last: log and answer a generic page, never Express's default error page with a stack trace.
  server.use(bootstrapped.errorHandler);
}

const listener = server.listen(PORT, HOST, () => {
  console.log(`PartnerNet listening on http://localhost:${PORT}`);
});

async function shutdown() {
  listener.close();
  if (bootstrapped) await bootstrapped.shutdown();
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
