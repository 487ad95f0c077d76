// Likes and bookmarks as a client sees them: counts, privacy of bookmarks, race-free toggles
// (docs/product/api.md#api-reactions).
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle, registerMember } from "../../testing/fixtures.ts";

const ORIGIN = "http://localhost:3000";

describe.each(engines)("likes and bookmarks on %s", (engine) => {
  let published: number;
  let draft: number;
  let future: number;
  const ctx = withTestApp(engine);

  beforeAll(async () => {
    published = await insertArticle(ctx.db, { slug: "on-chain-liquidity" });
    draft = await insertArticle(ctx.db, { slug: "unfinished", status: "draft" });
    future = await insertArticle(ctx.db, {
      slug: "tomorrow",
      publishDate: "2999-01-01T00:00:00.000Z",
    });
  });

  const member = () => registerMember((o) => ctx.app.inject(o));

  const state = (articleId: number | string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: `/api/articles/${articleId}/likesbookmarks`, headers });
  const toggle = (
    kind: "like" | "bookmark",
    payload: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/articles/toggle-${kind}`,
      headers,
      payload: payload as Record<string, unknown>,
    });
  const rows = async (table: "article_likes" | "article_bookmarks", articleId: number) =>
    ctx.db.kysely.selectFrom(table).selectAll().where("article_id", "=", articleId).execute();

  it("answers likedBy, bookmarkedBy and counts for a published article", async () => {
    const res = await state(published);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ likedBy: [], bookmarkedBy: [], likeCount: 0, bookmarkCount: 0 });
  });

  it("toggles likes per member and lists who liked, earliest first", async () => {
    const a = await member();
    const b = await member();
    const articleId = await insertArticle(ctx.db, { slug: "likes-article" });
    expect((await toggle("like", { articleId }, a.auth)).json()).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect((await toggle("like", { articleId }, b.auth)).json()).toEqual({
      liked: true,
      likeCount: 2,
    });
    expect((await state(articleId)).json()).toMatchObject({ likedBy: [a.id, b.id], likeCount: 2 });
    expect((await toggle("like", { articleId }, a.auth)).json()).toEqual({
      liked: false,
      likeCount: 1,
    });
    expect((await state(articleId)).json()).toMatchObject({ likedBy: [b.id], likeCount: 1 });
  });

  it("keeps bookmarks private: only the member sees their own id in bookmarkedBy", async () => {
    const a = await member();
    const b = await member();
    const articleId = await insertArticle(ctx.db, { slug: "bookmarks-article" });
    expect((await toggle("bookmark", { articleId }, a.auth)).json()).toEqual({
      bookmarked: true,
      bookmarkCount: 1,
    });
    expect((await toggle("bookmark", { articleId }, b.auth)).json()).toEqual({
      bookmarked: true,
      bookmarkCount: 2,
    });
    expect((await state(articleId)).json()).toMatchObject({ bookmarkedBy: [], bookmarkCount: 2 });
    expect((await state(articleId, a.auth)).json()).toMatchObject({ bookmarkedBy: [a.id] });
    expect((await state(articleId, b.auth)).json()).toMatchObject({ bookmarkedBy: [b.id] });
    expect((await toggle("bookmark", { articleId }, a.auth)).json()).toEqual({
      bookmarked: false,
      bookmarkCount: 1,
    });
    expect((await state(articleId, a.auth)).json()).toMatchObject({
      bookmarkedBy: [],
      bookmarkCount: 1,
    });
  });

  it("answers 404 for drafts, future-dated and unknown articles", async () => {
    const a = await member();
    for (const id of [draft, future, 999_999]) {
      expect((await state(id)).statusCode).toBe(404);
      expect((await toggle("like", { articleId: id }, a.auth)).statusCode).toBe(404);
      expect((await toggle("bookmark", { articleId: id }, a.auth)).statusCode).toBe(404);
    }
    expect(await rows("article_likes", draft)).toHaveLength(0);
  });

  it("refuses ids that are not positive integers and bodies that are not exactly { articleId }", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "01", "1e3", "99999999999"]) {
      expect((await state(id)).statusCode, id).toBe(400);
    }
    const a = await member();
    for (const body of [
      {},
      { articleId: "1" },
      { articleId: 0 },
      { articleId: -3 },
      { articleId: 1.5 },
      { articleId: published, userId: 1 },
      { articleId: published, user: a.id + 1 },
    ]) {
      const res = await toggle("like", body, a.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.name).toBe("ValidationError");
    }
  });

  it("needs a signed-in member to toggle, and a same-origin request when signed in by cookie", async () => {
    expect((await toggle("like", { articleId: published })).statusCode).toBe(401);
    expect((await toggle("bookmark", { articleId: published })).statusCode).toBe(401);
    // Anonymous callers get 401 even with a bad body: who comes first, then what.
    expect((await toggle("like", { nope: true })).statusCode).toBe(401);
    const a = await member();
    const cookie = { cookie: `pragmatist_session=${a.jwt}` };
    expect((await toggle("like", { articleId: published }, cookie)).statusCode).toBe(403);
    const sameSite = { ...cookie, origin: ORIGIN };
    expect((await toggle("like", { articleId: published }, sameSite)).json()).toMatchObject({
      liked: true,
    });
  });

  it("stays consistent under 20 concurrent toggles by one member (double clicks)", async () => {
    const a = await member();
    const articleId = await insertArticle(ctx.db, { slug: "double-clicks" });
    for (const kind of ["like", "bookmark"] as const) {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => toggle(kind, { articleId }, a.auth)),
      );
      for (const r of results) {
        expect(r.statusCode).toBe(200);
        const count = kind === "like" ? r.json().likeCount : r.json().bookmarkCount;
        expect([0, 1]).toContain(count);
      }
      const table = kind === "like" ? "article_likes" : "article_bookmarks";
      const stored = await rows(table, articleId);
      expect(stored.length).toBeLessThanOrEqual(1);
      const now = (await state(articleId, a.auth)).json();
      if (kind === "like") {
        expect(now.likeCount).toBe(stored.length);
        expect(now.likedBy).toEqual(stored.map((s) => s.user_id));
      } else {
        expect(now.bookmarkCount).toBe(stored.length);
        expect(now.bookmarkedBy).toEqual(stored.map((s) => s.user_id));
      }
      // A further toggle still flips the state it finds.
      const next = await toggle(kind, { articleId }, a.auth);
      expect(next.json()[kind === "like" ? "liked" : "bookmarked"]).toBe(stored.length === 0);
    }
  });

  it("counts 20 members liking at once exactly 20 times", async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => member()));
    const articleId = await insertArticle(ctx.db, { slug: "crowd" });
    const results = await Promise.all(members.map((m) => toggle("like", { articleId }, m.auth)));
    expect(results.every((r) => r.statusCode === 200 && r.json().liked === true)).toBe(true);
    const now = (await state(articleId)).json();
    expect(now.likeCount).toBe(20);
    expect([...now.likedBy].sort((x: number, y: number) => x - y)).toEqual(
      members.map((m) => m.id).sort((x, y) => x - y),
    );
    expect(await rows("article_likes", articleId)).toHaveLength(20);
  });

  it("shows the article's like and bookmark counts on its card", async () => {
    const a = await member();
    const articleId = await insertArticle(ctx.db, { slug: "card-counts" });
    await toggle("like", { articleId }, a.auth);
    await toggle("bookmark", { articleId }, a.auth);
    const res = await ctx.app.inject({ url: "/api/articles?filters[slug][$eq]=card-counts" });
    expect(res.json().data[0].attributes).toMatchObject({ likeCount: 1, bookmarkCount: 1 });
  });
});
