// Members' profiles as clients see them: who sees and changes what, deletion, the role CLI (issue #3).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InjectOptions } from "fastify";
import { SignJWT } from "jose";
import { repoRoot } from "../../config.ts";
import { type Db, openDb } from "../../db/client.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { createSessionTokens } from "../accounts/sessions.ts";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import {
  insertArticle,
  insertUser,
  registerMember,
  TEST_PASSWORD,
  type TestMember,
} from "../../testing/fixtures.ts";

const run = promisify(execFile);
const SECRET = "test-secret-test-secret-test-secret-0123";
/** Nothing that identifies a password or a session may ever be serialised. */
const FORBIDDEN = /password_hash|passwordHash|\$argon2|token_version|tokenVersion/;

/** A multipart/form-data body with one file in the field `files`. */
function multipartFile(data: Buffer) {
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

describe.each(engines)("users on %s", (engine) => {
  let now = new Date("2026-06-01T12:00:00.000Z");
  let articleId: number;
  /** Every response body of this file, checked at the end for secrets. */
  const bodies: string[] = [];
  const ctx = withTestApp(engine, { clock: { now: () => now } });

  beforeAll(async () => {
    articleId = await insertArticle(ctx.db, { slug: "matrix-article" });
  });

  type Headers = Record<string, string>;
  async function inject(options: InjectOptions) {
    const res = await ctx.app.inject(options);
    // Error bodies may echo a refused field's name back to the one who sent it.
    if (!FORBIDDEN.test(JSON.stringify(options.payload ?? ""))) bodies.push(res.body);
    return res;
  }

  type Member = TestMember;
  const member = (username?: string): Promise<Member> =>
    registerMember(inject, username === undefined ? {} : { username });
  async function uploadAvatar(auth: Headers): Promise<{ id: number; url: string }> {
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
  const getUser = (id: number | string, query = "", headers: Headers = {}) =>
    inject({ url: `/api/users/${id}${query}`, headers });
  const putUser = (id: number | string, payload: unknown, headers: Headers = {}) =>
    inject({ method: "PUT", url: `/api/users/${id}`, payload: payload as object, headers });
  const deleteUser = (id: number | string, headers: Headers = {}) =>
    inject({ method: "DELETE", url: `/api/users/${id}`, headers });
  const bookmark = (id: number, headers: Headers) =>
    inject({
      method: "POST",
      url: "/api/articles/toggle-bookmark",
      payload: { articleId: id },
      headers,
    });
  const like = (id: number, headers: Headers) =>
    inject({
      method: "POST",
      url: "/api/articles/toggle-like",
      payload: { articleId: id },
      headers,
    });

  const PUBLIC_KEYS = ["createdAt", "id", "profilePicture", "username"];
  const OWN_KEYS = [...PUBLIC_KEYS, "email", "role"].sort();

  describe("authorization matrix: anonymous, another member, the owner", () => {
    type Actor = "anonymous" | "other" | "owner";
    interface World {
      owner: Member;
      other: Member;
      avatar: { id: number; url: string };
    }
    async function world(): Promise<World> {
      const owner = await member();
      const other = await member();
      const avatar = await uploadAvatar(owner.auth);
      return { owner, other, avatar };
    }
    const headersOf = (w: World, actor: Actor): Headers =>
      actor === "anonymous" ? {} : actor === "other" ? w.other.auth : w.owner.auth;

    const rows: {
      endpoint: string;
      call: (w: World, h: Headers) => ReturnType<typeof inject>;
      expected: Record<Actor, number>;
    }[] = [
      {
        endpoint: "GET /api/users/{id}",
        call: (w, h) => getUser(w.owner.id, "", h),
        expected: { anonymous: 200, other: 200, owner: 200 },
      },
      {
        endpoint: "GET /api/users/{id}?populate=bookmarked&populate=profilePicture",
        call: (w, h) => getUser(w.owner.id, "?populate=bookmarked&populate=profilePicture", h),
        expected: { anonymous: 200, other: 200, owner: 200 },
      },
      {
        endpoint: "PUT /api/users/{id} { username }",
        call: (w, h) => putUser(w.owner.id, { username: "Renamed" }, h),
        expected: { anonymous: 401, other: 403, owner: 200 },
      },
      {
        endpoint: "PUT /api/users/{id} { profilePicture }",
        call: (w, h) => putUser(w.owner.id, { profilePicture: w.avatar.id }, h),
        expected: { anonymous: 401, other: 403, owner: 200 },
      },
      {
        endpoint: "DELETE /api/users/{id}",
        call: (w, h) => deleteUser(w.owner.id, h),
        expected: { anonymous: 401, other: 403, owner: 200 },
      },
      {
        endpoint: "POST /api/upload",
        call: async (w, h) => {
          const png = await sharp({
            create: { width: 8, height: 8, channels: 3, background: "#000" },
          })
            .png()
            .toBuffer();
          const { payload, headers } = multipartFile(png);
          return inject({
            method: "POST",
            url: "/api/upload",
            payload,
            headers: { ...headers, ...h },
          });
        },
        expected: { anonymous: 401, other: 201, owner: 201 },
      },
      {
        endpoint: "GET /uploads/{owner's avatar}",
        call: (w, h) => inject({ url: w.avatar.url, headers: h }),
        expected: { anonymous: 200, other: 200, owner: 200 },
      },
      {
        endpoint: "GET /api/articles/{id}/likesbookmarks",
        call: (_w, h) => inject({ url: `/api/articles/${articleId}/likesbookmarks`, headers: h }),
        expected: { anonymous: 200, other: 200, owner: 200 },
      },
      {
        endpoint: "POST /api/articles/toggle-like",
        call: (_w, h) => like(articleId, h),
        expected: { anonymous: 401, other: 200, owner: 200 },
      },
      {
        endpoint: "POST /api/articles/toggle-bookmark",
        call: (_w, h) => bookmark(articleId, h),
        expected: { anonymous: 401, other: 200, owner: 200 },
      },
    ];
    const cases = rows.flatMap((row) =>
      (["anonymous", "other", "owner"] as const).map(
        (actor) => [row.endpoint, actor, row.expected[actor], row] as const,
      ),
    );

    it.each(cases)("%s as %s -> %i", async (_endpoint, actor, status, row) => {
      const w = await world();
      const res = await row.call(w, headersOf(w, actor));
      expect(res.statusCode).toBe(status);
      if (res.statusCode >= 400)
        expect(res.json()).toMatchObject({ data: null, error: { status } });
      if (actor !== "owner") expect(res.body).not.toContain(w.owner.email);
    });

    const protectedCalls: [string, (w: World, h: Headers) => ReturnType<typeof inject>][] = rows
      .filter((r) => r.expected.anonymous === 401)
      .map((r) => [r.endpoint, r.call] as [string, typeof r.call]);

    it.each(protectedCalls)(
      "%s refuses forged, expired and revoked tokens with 401",
      async (_e, call) => {
        const w = await world();
        const forged = await new SignJWT({ ver: 0 })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(String(w.owner.id))
          .setIssuer("pragmatist")
          .setAudience("pragmatist-session")
          .setExpirationTime("1h")
          .sign(new TextEncoder().encode("not-our-secret-not-our-secret-00"));
        const expired = await createSessionTokens(
          // The server's own key (testConfig's secret), but issued 31 days ago.
          SECRET,
          () => new Date(now.getTime() - 31 * 24 * 3600 * 1000),
        ).issue({ userId: w.owner.id, tokenVersion: 0 });
        const [h, p] = w.owner.jwt.split(".");
        for (const token of [forged, expired, `${h}.${p}.`, "garbage"]) {
          const res = await call(w, { authorization: `Bearer ${token}` });
          expect(res.statusCode, token).toBe(401);
        }
        // Revoked: signed out everywhere, the old token is dead.
        expect(
          (await inject({ method: "POST", url: "/api/auth/logout", headers: w.owner.auth }))
            .statusCode,
        ).toBe(200);
        expect((await call(w, w.owner.auth)).statusCode).toBe(401);
      },
    );
  });

  describe("GET /api/users/{id}", () => {
    it("shows anyone the public fields only; the owner also email and role", async () => {
      const owner = await member("Grace Hopper");
      const other = await member();
      for (const headers of [{}, other.auth]) {
        const res = await getUser(owner.id, "?populate=profilePicture", headers);
        expect(res.statusCode).toBe(200);
        expect(Object.keys(res.json()).sort()).toEqual(PUBLIC_KEYS);
        expect(res.json()).toMatchObject({ id: owner.id, username: "Grace Hopper" });
        expect(res.body).not.toContain(owner.email);
      }
      const own = await getUser(owner.id, "", owner.auth);
      expect(Object.keys(own.json()).sort()).toEqual(OWN_KEYS);
      expect(own.json()).toMatchObject({ email: owner.email, role: "member" });
    });

    it("lists the owner's bookmarks, newest first, published only, and to nobody else", async () => {
      const owner = await member();
      const other = await member();
      const first = await insertArticle(ctx.db, { slug: "bookmark-first", title: "First" });
      const second = await insertArticle(ctx.db, { slug: "bookmark-second", title: "Second" });
      const unpublished = await insertArticle(ctx.db, { slug: "bookmark-draft", status: "draft" });
      await bookmark(first, owner.auth);
      now = new Date(now.getTime() + 1000);
      await bookmark(second, owner.auth);
      // A bookmark made before the article was unpublished.
      await ctx.db.kysely
        .insertInto("article_bookmarks")
        .values({ article_id: unpublished, user_id: owner.id, created_at: now.toISOString() })
        .execute();

      for (const query of [
        "?populate=bookmarked&populate=profilePicture",
        "?populate[0]=bookmarked&populate[1]=profilePicture",
        "?populate=bookmarked,profilePicture",
        "?populate=*",
      ]) {
        const res = await getUser(owner.id, query, owner.auth);
        expect(res.statusCode, query).toBe(200);
        const bookmarked = res.json().bookmarked;
        expect(bookmarked.map((b: { id: number }) => b.id)).toEqual([second, first]);
        expect(bookmarked[0]).toMatchObject({ title: "Second", slug: "bookmark-second" });
      }
      expect((await getUser(owner.id, "", owner.auth)).json().bookmarked).toBeUndefined();
      for (const headers of [{}, other.auth]) {
        const res = await getUser(owner.id, "?populate=bookmarked", headers);
        expect(res.statusCode).toBe(200);
        expect(res.json().bookmarked).toBeUndefined();
        expect(res.body).not.toContain("bookmark-second");
      }
    });

    it("refuses ids that are not positive integers and unknown query parameters", async () => {
      const owner = await member();
      for (const id of ["abc", "0", "-1", "1.5", "01", "1e3", "99999999999", "me%20"]) {
        const res = await getUser(id);
        expect(res.statusCode, id).toBe(400);
        expect(res.json().error.name).toBe("ValidationError");
      }
      for (const query of [
        "?populate=password",
        "?populate=role",
        "?populate[bookmarked]=*",
        "?filters[email][$eq]=x",
        "?fields[0]=email",
        "?populate=bookmarked&foo=1",
      ]) {
        expect((await getUser(owner.id, query, owner.auth)).statusCode, query).toBe(400);
      }
    });

    it("answers 404 for unknown members", async () => {
      expect((await getUser(987_654)).statusCode).toBe(404);
    });
  });

  describe("PUT /api/users/{id}", () => {
    it("renames the member and answers the own-user shape", async () => {
      const owner = await member();
      const res = await putUser(owner.id, { username: "  Ada Byron " }, owner.auth);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(OWN_KEYS);
      expect(res.json()).toMatchObject({ username: "Ada Byron", email: owner.email });
      expect((await getUser(owner.id)).json().username).toBe("Ada Byron");
    });

    it("sets a profile picture the member uploaded, shows it to everyone, and removes it with null", async () => {
      const owner = await member();
      const avatar = await uploadAvatar(owner.auth);
      const res = await putUser(owner.id, { profilePicture: avatar.id }, owner.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().profilePicture).toEqual({ id: avatar.id, url: avatar.url });
      expect((await getUser(owner.id, "?populate=profilePicture")).json().profilePicture).toEqual({
        id: avatar.id,
        url: avatar.url,
      });
      const cleared = await putUser(owner.id, { profilePicture: null }, owner.auth);
      expect(cleared.json().profilePicture).toBeNull();
    });

    it("refuses another member's upload, imported media and unknown media alike (no IDOR)", async () => {
      const owner = await member();
      const other = await member();
      const theirs = await uploadAvatar(other.auth);
      const imported = await ctx.db.kysely
        .insertInto("media")
        .values({
          url: `/uploads/articles/imported-${engine}.webp`,
          mime: "image/webp",
          width: 10,
          height: 10,
          size_bytes: 100,
          alternative_text: null,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const id of [theirs.id, imported.id, 999_999]) {
        const res = await putUser(owner.id, { profilePicture: id }, owner.auth);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe("profilePicture must be an image you uploaded");
      }
      expect((await getUser(owner.id)).json().profilePicture).toBeNull();
    });

    it("never changes role, email or password, and refuses anything but username and profilePicture", async () => {
      const owner = await member();
      for (const body of [
        { role: "admin" },
        { username: "Ok Name", role: "editor" },
        { email: "new@example.test" },
        { password: "another long passphrase" },
        { confirmed: true },
        { token_version: 0 },
        {},
        { username: "x" },
        { username: "<script>alert(1)</script>" },
        { username: "Deleted member" },
        { username: "deleted MEMBER" },
        { profilePicture: "1" },
        { profilePicture: 0 },
      ]) {
        const res = await putUser(owner.id, body, owner.auth);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.name).toBe("ValidationError");
      }
      const me = await getUser(owner.id, "", owner.auth);
      expect(me.json()).toMatchObject({ role: "member", email: owner.email });
    });

    it("refuses a cookie-authenticated change from another site (CSRF)", async () => {
      const owner = await member();
      const cookie = `pragmatist_session=${owner.jwt}`;
      const res = await putUser(
        owner.id,
        { username: "Hijacked" },
        {
          cookie,
          origin: "https://evil.example",
        },
      );
      expect(res.statusCode).toBe(403);
      const ok = await putUser(
        owner.id,
        { username: "Same Site" },
        {
          cookie,
          origin: "http://localhost:3000",
        },
      );
      expect(ok.statusCode).toBe(200);
    });
  });

  describe("DELETE /api/users/{id}", () => {
    it("erases the member's data, keeps an anonymised row and kills their sessions", async () => {
      const owner = await member("Leaving Soon");
      const stays = await member();
      const avatar = await uploadAvatar(owner.auth);
      await putUser(owner.id, { profilePicture: avatar.id }, owner.auth);
      await like(articleId, owner.auth);
      await bookmark(articleId, owner.auth);
      await like(articleId, stays.auth);
      const before = (await inject({ url: `/api/articles/${articleId}/likesbookmarks` })).json();
      expect(before.likedBy).toContain(owner.id);

      const res = await deleteUser(owner.id, owner.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: owner.id,
        username: "Deleted member",
        email: null,
        profilePicture: null,
      });
      expect(String(res.headers["set-cookie"])).toMatch(/pragmatist_session=;/);

      const row = await ctx.db.kysely
        .selectFrom("users")
        .selectAll()
        .where("id", "=", owner.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        username: "Deleted member",
        email: null,
        password_hash: null,
        profile_picture_id: null,
        role: "member",
      });
      expect(row.deleted_at).not.toBeNull();
      for (const table of ["article_likes", "article_bookmarks"] as const) {
        const left = await ctx.db.kysely
          .selectFrom(table)
          .selectAll()
          .where("user_id", "=", owner.id)
          .execute();
        expect(left).toHaveLength(0);
      }
      const media = await ctx.db.kysely
        .selectFrom("media")
        .select("id")
        .where("owner_id", "=", owner.id)
        .execute();
      expect(media).toHaveLength(0);
      expect((await inject({ url: avatar.url })).statusCode).toBe(404);

      const after = (await inject({ url: `/api/articles/${articleId}/likesbookmarks` })).json();
      expect(after.likedBy).not.toContain(owner.id);
      expect(after.likedBy).toContain(stays.id);
      expect(after.likeCount).toBe(before.likeCount - 1);
      expect(after.bookmarkCount).toBe(before.bookmarkCount - 1);

      // The old token is dead everywhere; the account is gone to readers; sign-in fails.
      expect((await inject({ url: "/api/users/me", headers: owner.auth })).statusCode).toBe(401);
      expect((await putUser(owner.id, { username: "Back" }, owner.auth)).statusCode).toBe(401);
      expect((await deleteUser(owner.id, owner.auth)).statusCode).toBe(401);
      expect((await like(articleId, owner.auth)).statusCode).toBe(401);
      expect((await getUser(owner.id)).statusCode).toBe(404);
      const signIn = await inject({
        method: "POST",
        url: "/api/auth/local",
        remoteAddress: "10.9.9.9",
        payload: { identifier: owner.email, password: TEST_PASSWORD },
      });
      expect(signIn.statusCode).toBe(400);
      // The email is free again: signing up with it makes a new, different account.
      const again = await inject({
        method: "POST",
        url: "/api/auth/local/register",
        remoteAddress: "10.9.9.10",
        payload: { username: "Came Back", email: owner.email, password: TEST_PASSWORD },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().user.id).not.toBe(owner.id);
    });

    it("refuses bad ids with 400 and another member's account with 403, leaving it intact", async () => {
      const owner = await member();
      const other = await member();
      expect((await deleteUser("abc", owner.auth)).statusCode).toBe(400);
      expect((await deleteUser(other.id, owner.auth)).statusCode).toBe(403);
      expect((await deleteUser(999_999, owner.auth)).statusCode).toBe(403);
      expect((await getUser(other.id, "", other.auth)).json().email).toBe(other.email);
    });
  });

  it("never serialises a password hash or token version", () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const body of bodies) expect(body).not.toMatch(FORBIDDEN);
  });
});

describe("npm run user:role", () => {
  let dataDir: string;
  let db: Db;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-role-"));
    db = openDb({ dataDir });
    await migrateToLatest(db);
    await insertUser(db, { username: "Future Editor", email: "editor@example.test" });
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    return run(
      process.execPath,
      [path.join(repoRoot, "apps/server/src/cli/user-role.ts"), ...args],
      {
        env,
      },
    ).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
  };

  it("sets the role of an existing account and prints it", async () => {
    const res = await cli("Editor@Example.test", "editor");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/editor@example\.test .* is now editor/);
    const row = await db.kysely
      .selectFrom("users")
      .select("role")
      .where("email", "=", "editor@example.test")
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("editor");
  });

  it("audits the change with the old and new role, and never leaves no admin", async () => {
    const account = async () =>
      await db.kysely
        .selectFrom("users")
        .select(["id", "role"])
        .where("email", "=", "editor@example.test")
        .executeTakeFirstOrThrow();
    const roleEntries = () =>
      db.kysely
        .selectFrom("audit_log")
        .select(["actor_id", "target_id", "details"])
        .where("action", "=", "member.role")
        .orderBy("id", "desc")
        .execute();
    const before = await account();
    expect((await cli("editor@example.test", "admin")).code).toBe(0);
    const [entry] = await roleEntries();
    expect(entry).toMatchObject({ actor_id: null, target_id: before.id });
    expect(JSON.parse(String(entry?.details))).toEqual({
      from: before.role,
      to: "admin",
      via: "command line",
    });
    // The only admin cannot be made a member: refused, unchanged, nothing logged.
    const count = (await roleEntries()).length;
    const demote = await cli("editor@example.test", "member");
    expect(demote.code).toBe(1);
    expect(demote.stderr).toContain("needs at least one admin");
    expect((await account()).role).toBe("admin");
    expect(await roleEntries()).toHaveLength(count);
  });

  it("fails on an unknown account or role, and with no arguments", async () => {
    expect((await cli("nobody@example.test", "admin")).code).toBe(1);
    const badRole = await cli("editor@example.test", "superuser");
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toMatch(/member, author, editor, admin/);
    expect((await cli()).code).toBe(2);
  });
});
