// Test helpers for the studio: an app on a fresh database with a movable clock, signed-in staff of
// each role, and the studio's requests (real HTTP through app.inject, nothing mocked).
import { afterAll, beforeAll } from "vitest";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { Role, StudioArticle } from "@pragmatist/contracts";
import type { App } from "../app.ts";
import type { Db, Dialect } from "../db/client.ts";
import { openTestApp } from "./app.ts";
import { registerVerifiedMember, type TestMember } from "./fixtures.ts";

/** A clock tests move by hand; the app reads it for every publish-date decision. */
export interface TestClock {
  now(): Date;
  set(iso: string): void;
  advance(ms: number): void;
}

/** A clock that stands still at `start` (ISO 8601) until a test `set`s it: scheduling tests. */
export function testClock(start = "2026-03-02T09:00:00.000Z"): TestClock {
  let t = Date.parse(start);
  return {
    now: () => new Date(t),
    set(iso) {
      t = Date.parse(iso);
    },
    advance(ms) {
      t += ms;
    },
  };
}

/** An app over a fresh database with a test clock, and the means to add staff: `studioContext`. */
export interface StudioContext {
  db: Db;
  app: App;
  clock: TestClock;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A signed-up member given `role` (straight in the database, as `npm run user:role` does). */
  person(role: Role, username?: string): Promise<TestMember>;
  close(): Promise<void>;
}

/**
 * Opens a fresh database on `engine` and builds the API app over it with a test clock
 * (`openTestApp`; `options.config` overrides `testConfig`, `options.web` serves pages). Call it in
 * a `beforeAll` and `close()` it in the matching `afterAll`.
 */
export async function studioContext(
  engine: Dialect,
  options: { config?: Record<string, string>; web?: "build" } = {},
): Promise<StudioContext> {
  const clock = testClock();
  const { app, db, close } = await openTestApp(engine, {
    clock,
    ...(options.config ? { config: options.config } : {}),
    ...(options.web ? { web: options.web } : {}),
  });
  const inject = (o: InjectOptions) => app.inject(o);
  return {
    db,
    app,
    clock,
    inject,
    async person(role, username) {
      // Readers of the studio's tests comment: each follows the link of their sign-up mail.
      const m = await registerVerifiedMember(app, username ? { username } : {});
      await db.kysely.updateTable("users").set({ role }).where("id", "=", m.id).execute();
      return m;
    },
    close,
  };
}

/**
 * A stand-in for an object made in a `beforeAll`: every property read is passed to `read()`'s
 * object, so the stand-in can be destructured while the describe block is collected.
 * @throws Error (from `read`) when a property is read before the object exists.
 */
function lazy<T extends object>(read: () => T): T {
  return new Proxy({} as T, { get: (_, key) => Reflect.get(read(), key) });
}

/** The people a suite needs, by name: the role and username each is signed up with. */
export type Cast = Record<string, [role: Role, username: string]>;

/**
 * Registers, in the calling `describe` block, a `beforeAll` that opens `studioContext(engine,
 * options)` and signs up `cast` in its key order, and an `afterAll` that closes the context.
 * @returns `ctx` and a member per key of `cast`, readable in tests and later hooks (reading them
 * earlier throws).
 */
export function withStudio<C extends Cast>(
  engine: Dialect,
  cast: C,
  options: { config?: Record<string, string>; web?: "build" } = {},
): { ctx: StudioContext } & { [K in keyof C]: TestMember } {
  let ctx: StudioContext | undefined;
  const people = new Map<string, TestMember>();
  beforeAll(async () => {
    ctx = await studioContext(engine, options);
    for (const [key, [role, username]] of Object.entries(cast)) {
      people.set(key, await ctx.person(role, username));
    }
  });
  afterAll(() => ctx?.close());
  const notYet = (what: string) =>
    new Error(`withStudio: ${what} is read before its beforeAll has run`);
  const member = (key: string) =>
    lazy(() => {
      const m = people.get(key);
      if (!m) throw notYet(key);
      return m;
    });
  const handles = Object.fromEntries(Object.keys(cast).map((key) => [key, member(key)]));
  const context = lazy(() => {
    if (!ctx) throw notYet("ctx");
    return ctx;
  });
  return { ...handles, ctx: context } as { ctx: StudioContext } & { [K in keyof C]: TestMember };
}

type Auth = { auth: Record<string, string> } | null;

const headersOf = (who: Auth) => (who ? who.auth : {});

/** POST /api/articles as `who` with `data`. */
export function postArticle(ctx: StudioContext, who: Auth, data: Record<string, unknown>) {
  return ctx.inject({
    method: "POST",
    url: "/api/articles",
    headers: headersOf(who),
    payload: { data },
  });
}

/** PUT /api/articles/{id} as `who` with `data`. */
export function putArticle(
  ctx: StudioContext,
  who: Auth,
  id: number,
  data: Record<string, unknown>,
) {
  return ctx.inject({
    method: "PUT",
    url: `/api/articles/${id}`,
    headers: headersOf(who),
    payload: { data },
  });
}

/** Writes an article through the API and returns it. @throws when not answered 201. */
export async function writeArticle(
  ctx: StudioContext,
  who: TestMember,
  data: Record<string, unknown>,
): Promise<StudioArticle> {
  const res = await postArticle(ctx, who, data);
  if (res.statusCode !== 201) throw new Error(`POST /api/articles: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: StudioArticle }).data;
}

/** GET `url` as `who` (anonymous when null). */
export function get(ctx: StudioContext, who: Auth, url: string) {
  return ctx.inject({ url, headers: headersOf(who) });
}

/**
 * Inserts a comment row under an article straight in the database (so it serves the migration
 * tests' older schemas too: the article's kept comment count is left as it was); returns its id.
 */
export async function insertComment(
  db: Db,
  fields: { articleId: number; authorId: number; content?: string; at?: string },
): Promise<number> {
  const at = fields.at ?? new Date().toISOString();
  const row = await db.kysely
    .insertInto("comments")
    .values({
      article_id: fields.articleId,
      parent_id: null,
      author_id: fields.authorId,
      content: fields.content ?? "A comment",
      created_at: at,
      updated_at: at,
      edited_at: null,
      deleted_at: null,
      hidden_at: null,
      hidden_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a report of a comment by a member, with an optional reason and note. */
export async function insertReport(
  db: Db,
  fields: {
    commentId: number;
    userId: number;
    reason?: string | null;
    note?: string | null;
    at?: string;
  },
): Promise<void> {
  await db.kysely
    .insertInto("comment_reports")
    .values({
      comment_id: fields.commentId,
      user_id: fields.userId,
      reason: fields.reason ?? null,
      note: fields.note ?? null,
      created_at: fields.at ?? new Date().toISOString(),
    })
    .execute();
}
