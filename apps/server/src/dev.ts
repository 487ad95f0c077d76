// `npm run dev`: the Vite plugin of @mcansh/react-router-fastify loads this factory and serves
// pages through our Fastify app with hot reload.
import type { ViteDevServer } from "vite";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { seedDemoContentIfEmpty } from "./modules/importer/importer.service.ts";

/** Builds the whole app with pages served from the Vite dev server. */
export async function createServer(vite: ViteDevServer) {
  const config = loadConfig();
  const app = await buildApp(config, { web: vite });
  if (config.seedDemoContent) await seedDemoContentIfEmpty(app.services, config, app.log);
  return app;
}
