// One app over a fresh database for a describe block: the set-up and tear-down most server test
// files share, on SQLite and (when DATABASE_URL is set) PostgreSQL (docs/architecture.md#tests).
import { afterAll, beforeAll } from "vitest";
import { type App, type BuildOptions, buildApp } from "../app.ts";
import type { Db, Dialect } from "../db/client.ts";
import { freshDb, testConfig } from "./db.ts";

/** What `withTestApp` builds with: `testConfig` overrides and `buildApp`'s options. */
export interface TestAppOptions extends Omit<BuildOptions, "db" | "logger"> {
  /** Environment overrides for `testConfig` (e.g. `{ PUBLIC_URL: "https://example.test" }`). */
  config?: Record<string, string>;
}

/** The suite's app and database; readable once the beforeAll of `withTestApp` has run. */
export interface TestApp {
  readonly app: App;
  readonly db: Db;
}

/** An app over a fresh database that its opener closes: what `openTestApp` returns. */
export interface OpenTestApp extends TestApp {
  /** Closes the app, then the database. */
  close(): Promise<void>;
}

/**
 * Opens a fresh database on `engine` (`freshDb`) and builds the app over it with
 * `buildApp(testConfig(config), { ...rest, db, logger: false })`, for set-ups that run inside a
 * hook of their own (e.g. `studioContext`); `withTestApp` registers this in a `beforeAll`.
 *
 * @throws whatever `freshDb` or `buildApp` throws; when `buildApp` throws, the database is closed
 * first.
 */
export async function openTestApp(
  engine: Dialect,
  options: TestAppOptions = {},
): Promise<OpenTestApp> {
  const { config, ...build } = options;
  const db = await freshDb(engine);
  let app: App;
  try {
    app = await buildApp(testConfig(config), { ...build, db, logger: false });
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * Registers, in the calling `describe` block, a `beforeAll` that opens the app over a fresh
 * database on `engine` (`openTestApp`), and an `afterAll` that closes the app, then the database
 * (when they were opened; a set-up that failed has already closed what it opened).
 *
 * `options` may be a function, called inside the `beforeAll`, for values that exist only once
 * earlier hooks ran (a mail sink's URL, a mock provider's port). Vitest runs `beforeAll` hooks in
 * registration order and `afterAll` hooks in reverse (its default `sequence.hooks: "stack"`), so a
 * fixture `beforeAll` registered after this call sees the app, and a server started in a hook
 * registered before it is up first and stopped last.
 *
 * @throws Error when `app` or `db` is read before the `beforeAll` has run (e.g. destructured while
 * the describe block is being collected).
 */
export function withTestApp(
  engine: Dialect,
  options: TestAppOptions | (() => TestAppOptions) = {},
): TestApp {
  let opened: OpenTestApp | undefined;
  beforeAll(async () => {
    opened = await openTestApp(engine, typeof options === "function" ? options() : options);
  });
  afterAll(async () => {
    await opened?.close();
  });
  const notYet = (what: string) =>
    new Error(`withTestApp: ${what} is read before its beforeAll has run`);
  return {
    get app() {
      if (!opened) throw notYet("app");
      return opened.app;
    },
    get db() {
      if (!opened) throw notYet("db");
      return opened.db;
    },
  };
}
