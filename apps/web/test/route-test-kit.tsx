// Test kit of the web's component tests (no test itself): renders a screen on a route of an
// in-memory router (react-router's createRoutesStub), with the reader the viewer store loads.
import type { OwnUser } from "@pragmatist/contracts";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { vi } from "vitest";
import { useViewerSync } from "../app/lib/viewer";
import { setMemberHint, viewerAnswer } from "./viewer-test-kit";

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
   * The signed-in reader (null or omitted: signed out), as GET /api/viewer answers it to the
   * viewer store (lib/viewer.ts) after the first render: look the screen up with `findBy…`.
   */
  viewer?: Pick<OwnUser, "id"> | OwnUser | null;
  /** Whether GET /api/viewer says the member gets the newsletter; false by default. */
  subscribed?: boolean;
  /** The member's unread notification lines as GET /api/viewer says; 0 by default. */
  unread?: number;
}

/**
 * The browser as signing in leaves it for `viewer`: the member hint cookie set (or cleared), and
 * GET /api/viewer answered with them; every other request goes to the `fetch` of the moment.
 */
function signedInAs(viewer: RouteOptions["viewer"], subscribed = false, unread = 0): void {
  setMemberHint(viewer);
  const next = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).startsWith("/api/viewer")
      ? Promise.resolve(viewerAnswer(viewer ?? null, null, subscribed, unread))
      : next(input, init),
  );
}

/**
 * Renders `screen` at `options.path` of a memory router started at `options.at`, with
 * `options.viewer` loaded into the viewer store as root.tsx loads it after hydration.
 */
export function renderRoute(screen: ReactElement, options: RouteOptions = {}): RenderResult {
  const { path = "/", at = path, action, routes = [], viewer, subscribed, unread } = options;
  signedInAs(viewer, subscribed, unread);
  const Screen = () => {
    useViewerSync(null);
    return screen;
  };
  const page: StubRoute = { path, Component: Screen, ...(action ? { action } : {}) };
  const Stub = createRoutesStub([page, ...routes]);
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
