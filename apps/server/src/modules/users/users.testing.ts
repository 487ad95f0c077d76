// Shared set-up of the users test files: an app over a fresh database with a clock the tests move,
// and the requests they make, every response body kept for the check that no secret is serialised.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { beforeAll, expect } from "vitest";
import type { InjectOptions } from "fastify";
import type { Dialect } from "../../db/client.ts";
import { type TestApp, withTestApp } from "../../testing/app.ts";
import { insertArticle, registerMember, type TestMember } from "../../testing/fixtures.ts";

/** The server's session key in tests (testConfig's APP_SECRET). */
export const SECRET = "test-secret-test-secret-test-secret-0123";
/** Nothing that identifies a password or a session may ever be serialised. */
export const FORBIDDEN = /password_hash|passwordHash|\$argon2|token_version|tokenVersion/;
/** The keys of a member as anyone sees them. */
export const PUBLIC_KEYS = ["createdAt", "id", "profilePicture", "username"];
/** The keys of a member as they see themself, sorted. */
export const OWN_KEYS = [...PUBLIC_KEYS, "email", "role", "confirmed", "provider"].sort();

/** Request headers by name. */
export type Headers = Record<string, string>;
/** A response of `app.inject`. */
type Response = Awaited<ReturnType<TestApp["app"]["inject"]>>;

/** A multipart/form-data body with one file in the field `files`. */
export function multipartFile(data: Buffer) {
  const boundary = `----pragmatist${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="me.png"\r\n` +
        "Content-Type: image/png\r\n\r\n",
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a 64×64 PNG as the member of `auth`; expects 201 and answers the stored media. */
async function uploadAvatar(
  inject: (options: InjectOptions) => Promise<Response>,
  auth: Headers,
): Promise<{ id: number; url: string }> {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: "#aa3366" },
  })
    .png()
    .toBuffer();
  const { payload, headers } = multipartFile(png);
  const res = await inject({
    method: "POST",
    url: "/api/upload",
    payload,
    headers: { ...headers, ...auth },
  });
  expect(res.statusCode).toBe(201);
  return res.json()[0];
}

/**
 * Registers, in the calling `describe` block, an app over a fresh database on `engine` whose
 * clock reads `clock.now` (2026-06-01T12:00Z until a test moves it) and, once it is up, one
 * published article (`articleId()`). Answers the requests the users tests make; each goes through
 * `inject`, which keeps the response body in `bodies` unless the request itself carried a
 * forbidden field (error bodies may echo a refused field's name back to its sender).
 */
export function usersSuite(engine: Dialect) {
  const clock = { now: new Date("2026-06-01T12:00:00.000Z") };
  const bodies: string[] = [];
  const ctx = withTestApp(engine, { clock: { now: () => clock.now } });
  let articleId = 0;
  beforeAll(async () => {
    articleId = await insertArticle(ctx.db, { slug: "matrix-article" });
  });

  async function inject(options: InjectOptions) {
    const res = await ctx.app.inject(options);
    if (!FORBIDDEN.test(JSON.stringify(options.payload ?? ""))) bodies.push(res.body);
    return res;
  }
  const toggle = (what: "like" | "bookmark", id: number, headers: Headers) =>
    inject({
      method: "POST",
      url: `/api/articles/toggle-${what}`,
      payload: { articleId: id },
      headers,
    });

  return {
    ctx,
    clock,
    bodies,
    articleId: () => articleId,
    inject,
    member: (username?: string): Promise<TestMember> =>
      registerMember(inject, username === undefined ? {} : { username }),
    uploadAvatar: (auth: Headers) => uploadAvatar(inject, auth),
    getUser: (id: number | string, query = "", headers: Headers = {}) =>
      inject({ url: `/api/users/${id}${query}`, headers }),
    putUser: (id: number | string, payload: unknown, headers: Headers = {}) =>
      inject({ method: "PUT", url: `/api/users/${id}`, payload: payload as object, headers }),
    deleteUser: (id: number | string, headers: Headers = {}) =>
      inject({ method: "DELETE", url: `/api/users/${id}`, headers }),
    bookmark: (id: number, headers: Headers) => toggle("bookmark", id, headers),
    like: (id: number, headers: Headers) => toggle("like", id, headers),
  };
}

/** What `usersSuite` answers. */
export type UsersSuite = ReturnType<typeof usersSuite>;

/**
 * Expects that no response body of the file (`bodies`, more than `min` of them, so the check
 * really saw the traffic) contains a password hash or a token version.
 */
export function expectNoSecrets(bodies: string[], min = 50): void {
  expect(bodies.length).toBeGreaterThan(min);
  for (const body of bodies) expect(body).not.toMatch(FORBIDDEN);
}
