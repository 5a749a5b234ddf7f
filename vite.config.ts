import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import path from "node:path";

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : undefined,
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  ssr: { noExternal: [/^@mantine\//] },
  plugins: [reactRouter()],
}));
