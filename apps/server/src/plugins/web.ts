// Serves the React Router app (server rendering + built assets) from the same process as the API.
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance } from "fastify";
import { RouterContextProvider } from "react-router";
import type { ViteDevServer } from "vite";
import {
  type OwnUser,
  type PublicationApi,
  publicationContext,
  viewerContext,
} from "@pragmatist/contracts";

/**
 * Registers the catch-all page handler. With `devServer` (npm run dev) pages come from Vite with
 * hot reload; otherwise from `buildDir` (apps/web/build), hashed assets cached for a year.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: {
    api: PublicationApi;
    /** Loads the signed-in reader's own profile for server rendering (header, account). */
    viewer: (userId: number) => Promise<OwnUser | null>;
    buildDir: string;
    devServer?: ViteDevServer | undefined;
  },
): Promise<void> {
  await app.register(fastifyReactRouter, {
    devServer: options.devServer,
    serverBuildPath: `${options.buildDir}/server/index.js`,
    clientBuildDirectory: `${options.buildDir}/client`,
    async getLoadContext(request) {
      const context = new RouterContextProvider();
      context.set(publicationContext, options.api);
      context.set(viewerContext, request.user ? await options.viewer(request.user.id) : null);
      return context;
    },
  });
}
