// Members' profiles as clients see them: who sees and changes what, and deletion
// (docs/product/accounts.md#permission-matrix).
import { describe, expect, it } from "vitest";
import { engines } from "../../testing/db.ts";
import { insertArticle, TEST_PASSWORD } from "../../testing/fixtures.ts";
import { expectNoSecrets, OWN_KEYS, PUBLIC_KEYS, usersSuite } from "./users.testing.ts";

describe.each(engines)("users on %s", (engine) => {
  const suite = usersSuite(engine);
  const { ctx, clock, bodies, articleId, inject, member, uploadAvatar } = suite;
  const { getUser, putUser, deleteUser, bookmark, like } = suite;

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
      clock.now = new Date(clock.now.getTime() + 1000);
      await bookmark(second, owner.auth);
      // A bookmark made before the article was unpublished.
      await ctx.db.kysely
        .insertInto("article_bookmarks")
        .values({ article_id: unpublished, user_id: owner.id, created_at: clock.now.toISOString() })
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
          created_at: clock.now.toISOString(),
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
      const rename = (username: string, origin: string) =>
        putUser(owner.id, { username }, { cookie, origin });
      expect((await rename("Hijacked", "https://evil.example")).statusCode).toBe(403);
      expect((await rename("Same Site", "http://localhost:3000")).statusCode).toBe(200);
    });
  });

  describe("DELETE /api/users/{id}", () => {
    it("erases the member's data, keeps an anonymised row and kills their sessions", async () => {
      const owner = await member("Leaving Soon");
      const stays = await member();
      const avatar = await uploadAvatar(owner.auth);
      await putUser(owner.id, { profilePicture: avatar.id }, owner.auth);
      await like(articleId(), owner.auth);
      await bookmark(articleId(), owner.auth);
      await like(articleId(), stays.auth);
      const before = (await inject({ url: `/api/articles/${articleId()}/likesbookmarks` })).json();
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

      const after = (await inject({ url: `/api/articles/${articleId()}/likesbookmarks` })).json();
      expect(after.likedBy).not.toContain(owner.id);
      expect(after.likedBy).toContain(stays.id);
      expect(after.likeCount).toBe(before.likeCount - 1);
      expect(after.bookmarkCount).toBe(before.bookmarkCount - 1);

      // The old token is dead everywhere; the account is gone to readers; sign-in fails.
      expect((await inject({ url: "/api/users/me", headers: owner.auth })).statusCode).toBe(401);
      expect((await putUser(owner.id, { username: "Back" }, owner.auth)).statusCode).toBe(401);
      expect((await deleteUser(owner.id, owner.auth)).statusCode).toBe(401);
      expect((await like(articleId(), owner.auth)).statusCode).toBe(401);
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
    expectNoSecrets(bodies);
  });
});
