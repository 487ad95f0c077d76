// Members' profiles: who may call what (anonymous, another member, the owner), and which tokens
// count (docs/product/accounts.md#permission-matrix).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { createSessionTokens } from "../accounts/sessions.ts";
import { engines } from "../../testing/db.ts";
import type { TestMember } from "../../testing/fixtures.ts";
import {
  type Headers,
  expectNoSecrets,
  multipartFile,
  SECRET,
  usersSuite,
} from "./users.testing.ts";

describe.each(engines)("users on %s", (engine) => {
  const suite = usersSuite(engine);
  const { clock, bodies, articleId, inject, member, uploadAvatar } = suite;
  const { getUser, putUser, deleteUser, bookmark, like } = suite;

  describe("authorization matrix: anonymous, another member, the owner", () => {
    type Actor = "anonymous" | "other" | "owner";
    interface World {
      owner: TestMember;
      other: TestMember;
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
        call: (_w, h) => inject({ url: `/api/articles/${articleId()}/likesbookmarks`, headers: h }),
        expected: { anonymous: 200, other: 200, owner: 200 },
      },
      {
        endpoint: "POST /api/articles/toggle-like",
        call: (_w, h) => like(articleId(), h),
        expected: { anonymous: 401, other: 200, owner: 200 },
      },
      {
        endpoint: "POST /api/articles/toggle-bookmark",
        call: (_w, h) => bookmark(articleId(), h),
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
          () => new Date(clock.now.getTime() - 31 * 24 * 3600 * 1000),
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

  it("never serialises a password hash or token version", () => {
    expectNoSecrets(bodies);
  });
});
