// GET /api/viewer (docs/architecture.md#caching): the signed-in reader and their own marks on an
// article (likes, bookmark, their comments, the comments they like), private to them, cheap.
import { describe, expect, it } from "vitest";
import type { ViewerState } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import { queryCountingApp } from "../../testing/query-count.ts";
import { insertUser, type TestMember } from "../../testing/fixtures.ts";
import { SESSION_COOKIE } from "../accounts/sessions.ts";
import { commentsSuite } from "../comments/comments.test-setup.ts";

type Headers = Record<string, string>;

describe.each(engines)("GET /api/viewer on %s", (engine) => {
  const suite = commentsSuite(engine);
  const { ctx, member, editor, article, insertComment } = suite;
  const { post, reply, like, hide, remove } = suite;

  const viewer = (query: string, headers: Headers = {}) =>
    ctx.app.inject({ url: `/api/viewer${query}`, headers });
  /** The answer's data for `who` on the article of `slug`, expecting a private 200. */
  const state = async (slug: string | null, who: TestMember | null) => {
    const res = await viewer(slug === null ? "" : `?article=${slug}`, who?.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    return (res.json() as ViewerState).data;
  };
  const react = (kind: "like" | "bookmark", articleId: number, who: TestMember) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/articles/toggle-${kind}`,
      headers: who.auth,
      payload: { articleId },
    });
  it("answers a signed-out reader nobody, privately, without a database query", async () => {
    const { slug } = await article();
    const counting = await queryCountingApp(ctx.db);
    try {
      for (const headers of [
        {},
        { authorization: "Bearer not-a-session" },
        { cookie: `${SESSION_COOKIE}=forged` },
      ]) {
        for (const query of ["", `?article=${slug}`]) {
          const queries = await counting.measure(async () => {
            const res = await counting.app.inject({ url: `/api/viewer${query}`, headers });
            expect(res.statusCode).toBe(200);
            expect(res.headers["cache-control"]).toBe("private, no-store");
            expect(res.json()).toEqual({
              data: { user: null, article: null, subscribed: false, unreadNotifications: 0 },
            });
          });
          expect(queries, `${JSON.stringify(headers)} ${query}`).toBe(0);
        }
      }
    } finally {
      await counting.app.close();
    }
  });

  it("gives a member their like, bookmark, own comments and liked comments", async () => {
    const a = await member();
    const b = await member();
    const ed = await editor();
    const { id: articleId, slug } = await article();
    expect((await react("like", articleId, a)).statusCode).toBe(200);
    expect((await react("bookmark", articleId, a)).statusCode).toBe(200);
    const own = (await post(slug, "mine", a.auth)).json().id as number;
    await like(own, a.auth);
    const theirs = (await post(slug, "theirs", b.auth)).json().id as number;
    await like(theirs, a.auth);
    const ownReply = (await reply(theirs, "my answer", a.auth)).json().id as number;
    // Deleted comments are tombstones: nobody's, liked by nobody.
    const deleted = (await post(slug, "regretted", a.auth)).json().id as number;
    await like(deleted, a.auth);
    await remove(deleted, a.auth);
    const deletedTheirs = (await post(slug, "withdrawn", b.auth)).json().id as number;
    await like(deletedTheirs, a.auth);
    await remove(deletedTheirs, b.auth);
    // A hidden comment vanishes for readers with its replies.
    const hidden = (await post(slug, "off topic", b.auth)).json().id as number;
    await like(hidden, a.auth);
    const underHidden = (await reply(hidden, "me too", a.auth)).json().id as number;
    const deeper = (await reply(underHidden, "deeper", b.auth)).json().id as number;
    await like(deeper, a.auth);
    expect((await hide(hidden, true, ed.auth)).statusCode).toBe(200);

    const me = (await ctx.app.inject({ url: "/api/users/me", headers: a.auth })).json();
    expect(await state(slug, a)).toEqual({
      user: me,
      article: {
        slug,
        liked: true,
        bookmarked: true,
        likeCount: 1,
        bookmarkCount: 1,
        likedComments: [own, theirs],
        ownComments: [own, ownReply],
      },
      subscribed: false,
      unreadNotifications: 0,
    });
    expect(me).toMatchObject({ id: a.id, username: a.username, email: a.email });

    // Shown again, the hidden subtree's marks are back; taken back, the like and bookmark go.
    expect((await hide(hidden, false, ed.auth)).statusCode).toBe(200);
    await react("like", articleId, a);
    await react("bookmark", articleId, a);
    expect((await state(slug, a)).article).toEqual({
      slug,
      liked: false,
      bookmarked: false,
      likeCount: 0,
      bookmarkCount: 0,
      likedComments: [own, theirs, hidden, deeper],
      ownComments: [own, ownReply, underHidden],
    });
  });

  it("never shows one reader's marks to another, nor another article's", async () => {
    const a = await member();
    const b = await member();
    const first = await article();
    const second = await article();
    await react("like", first.id, a);
    await react("bookmark", first.id, a);
    const byA = (await post(first.slug, "by a", a.auth)).json().id as number;
    const byB = (await post(first.slug, "by b", b.auth)).json().id as number;
    await like(byB, a.auth);
    const onSecond = (await post(second.slug, "elsewhere", a.auth)).json().id as number;
    await like(onSecond, a.auth);

    const asB = await state(first.slug, b);
    expect(asB.user?.id).toBe(b.id);
    expect(asB.article).toEqual({
      slug: first.slug,
      liked: false,
      bookmarked: false,
      // The counts are everyone's: a's like and bookmark.
      likeCount: 1,
      bookmarkCount: 1,
      likedComments: [],
      ownComments: [byB],
    });
    expect((await state(first.slug, a)).article).toMatchObject({
      likedComments: [byB],
      ownComments: [byA],
    });
    expect((await state(second.slug, a)).article).toEqual({
      slug: second.slug,
      liked: false,
      bookmarked: false,
      likeCount: 0,
      bookmarkCount: 0,
      likedComments: [onSecond],
      ownComments: [onSecond],
    });
  });

  it("tells a member whether they get the newsletter, as their switch leaves it", async () => {
    const a = await member();
    const b = await member();
    const optIn = (on: boolean) =>
      ctx.app.inject({
        method: "PUT",
        url: "/api/newsletter/opt-in",
        headers: a.auth,
        payload: { data: { optIn: on } },
      });
    expect((await state(null, a)).subscribed).toBe(false);
    const on = await optIn(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.optIn).toBe(true);
    expect((await state(null, a)).subscribed).toBe(true);
    // Another member's answer is their own.
    expect((await state(null, b)).subscribed).toBe(false);
    expect((await optIn(false)).statusCode).toBe(200);
    expect((await state(null, a)).subscribed).toBe(false);
  });

  it("answers article null for no, unknown, draft and future-dated slugs", async () => {
    const a = await member();
    const draft = await article({ status: "draft" });
    const future = await article({ publishDate: "2999-01-01T00:00:00.000Z" });
    await insertComment(draft.id, a.id);
    await insertComment(future.id, a.id);
    for (const slug of [null, "no-such-article", draft.slug, future.slug]) {
      const data = await state(slug, a);
      expect(data.user?.id, String(slug)).toBe(a.id);
      expect(data.article, String(slug)).toBeNull();
    }
  });

  it("refuses a malformed query with a 400 in the Strapi error body", async () => {
    const a = await member();
    for (const query of [
      "?slug=x",
      "?article=",
      `?article=${"x".repeat(301)}`,
      "?article=a&article=b",
      "?article=a&extra=1",
    ]) {
      for (const headers of [{}, a.auth]) {
        const res = await viewer(query, headers);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({
          data: null,
          error: { status: 400, name: "ValidationError" },
        });
        expect(res.headers["cache-control"], query).toMatch(/no-store/);
      }
    }
  });

  it("costs the same few queries for a thread of 10 comments and of 200", async () => {
    const a = await member();
    const author = await insertUser(ctx.db);
    const counting = await queryCountingApp(ctx.db);
    try {
      const measure = async (size: number) => {
        const { id, slug } = await article();
        const ids: number[] = [];
        for (let i = 0; i < size; i++) {
          const parent = i % 5 === 0 ? null : (ids[i - 1] ?? null);
          ids.push(await insertComment(id, i % 10 === 3 ? a.id : author, parent));
        }
        for (const liked of ids.filter((_, i) => i % 7 === 0)) await like(liked, a.auth);
        return counting.measure(async () => {
          const res = await counting.app.inject({
            url: `/api/viewer?article=${slug}`,
            headers: a.auth,
          });
          expect(res.statusCode).toBe(200);
          expect(res.json().data.article.ownComments).toHaveLength(size / 10);
        });
      };
      const small = await measure(10);
      expect(await measure(200)).toBe(small);
      // The session, the member, the article's like and bookmark, the comments' marks, whether
      // the member gets the newsletter, and their unread notifications.
      expect(small).toBeLessThanOrEqual(6);
    } finally {
      await counting.app.close();
    }
  });
});
