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
  // `npm run dev` serves the whole app (API and pages, with hot reload) on PORT like `npm start`.
  server: { port: Number(process.env.PORT ?? 3000), strictPort: true },
  build: {
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for what every page loads: React and the router together, and the
        // app's shell (layout, primitives, helpers), instead of a dozen tiny modules. Keeps the
        // article page's initial JavaScript under its 120 KiB gzip budget (issue #2).
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            },
            {
              name: "shell",
              test: /apps[\\/]web[\\/]app[\\/](components[\\/]|features[\\/]layout[\\/]|lib[\\/](format|viewer)\.ts)/,
            },
          ],
        },
      },
    },
  },
});
