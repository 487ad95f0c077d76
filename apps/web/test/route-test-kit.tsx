// Test kit of the web's component tests (no test itself): renders a screen on a route of an
// in-memory router (react-router's createRoutesStub), optionally under the root route's viewer.
import type { OwnUser } from "@pragmatist/contracts";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { createRoutesStub, Outlet, useLocation } from "react-router";

/** One route of the stub router: a path, a Component, a loader or action, children… */
export type StubRoute = Parameters<typeof createRoutesStub>[0][number];

/** Where {@link renderRoute} puts the screen, and what surrounds it. */
export interface RouteOptions {
  /** The screen's route path ("/login", "/p/:slug", "*"); "/" by default. */
  path?: string;
  /** The address the router starts at; `path` by default. */
  at?: string;
  /** The screen route's action: what its forms and `useSubmit` calls reach. */
  action?: StubRoute["action"];
  /** Routes beside the screen's, e.g. a /login stand-in to land on. */
  routes?: StubRoute[];
  /**
   * The signed-in reader (null: signed out) given by a root route (id "root") around the others,
   * as root.tsx's loader gives it to `useViewer`; omitted: no root route.
   */
  viewer?: Pick<OwnUser, "id"> | OwnUser | null;
}

/**
 * Renders `screen` at `options.path` of a memory router started at `options.at`. With `viewer`,
 * the routes sit under a root route whose loader answers `{ viewer }`; its data arrives after the
 * first render, so look the screen up with `findBy…`.
 */
export function renderRoute(screen: ReactElement, options: RouteOptions = {}): RenderResult {
  const { path = "/", at = path, action, routes = [], viewer } = options;
  const page: StubRoute = { path, Component: () => screen, ...(action ? { action } : {}) };
  const Stub = createRoutesStub(
    viewer === undefined
      ? [page, ...routes]
      : [
          {
            id: "root",
            path: "/",
            Component: Outlet,
            HydrateFallback: () => null,
            loader: () => ({ viewer }),
            children: [page, ...routes],
          },
        ],
  );
  return render(<Stub initialEntries={[at]} />);
}

/** The /login stand-in route: it says where sign-in would lead back to ("Sign-in page, then {next}"). */
export const loginStandIn: StubRoute = {
  path: "login",
  Component: function LoginPage() {
    const next = new URLSearchParams(useLocation().search).get("next");
    return <p>Sign-in page, then {next}</p>;
  },
};
