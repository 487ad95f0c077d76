// Vite: React Router's plugin, Tailwind CSS 4, and in dev our Fastify server in front of Vite.
import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    fastifyReactRouterDev({ entry: "../server/src/dev.ts", externalizeServerEntryImports: false }),
  ],
});
