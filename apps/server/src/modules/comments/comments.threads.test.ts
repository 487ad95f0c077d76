// Comment threads as readers and members see them (docs/product/reader.md#comments): nesting,
// sorting, likes, counts, tombstones, hiding, deleted accounts, and a fixed number of queries per
// thread; the reader's own comments and likes through GET /api/viewer.
import { describe, expect, it } from "vitest";
import type { Comment } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import { queryCountingApp } from "../../testing/query-count.ts";
import { insertUser } from "../../testing/fixtures.ts";
import { BASE, commentsSuite } from "./comments.test-setup.ts";

describe.each(engines)("comments on %s", (engine) => {
  const suite = commentsSuite(engine);
  const { ctx, member, editor, article, insertComment } = suite;
  const { list, thread, count, cardCount, post, reply, edit, remove, report, like, hide } = suite;
  const { marks } = suite;

  it("nests replies to depth 5, each with its author, replies oldest first", async () => {
    const a = await member();
    const b = await member();
    const { slug } = await article();
    const top = await post(slug, "Top level", a.auth);
    expect(top.statusCode).toBe(201);
    expect(top.json()).toMatchObject({
      content: "Top level",
      edited: false,
      deleted: false,
      likeCount: 0,
      author: { id: a.id, username: a.username, profilePicture: null },
      subcomments: [],
    });
    let parent = top.json().id as number;
    const chain = [parent];
    for (let depth = 2; depth <= 5; depth++) {
      const who = depth % 2 === 0 ? b : a;
      const res = await reply(parent, `Depth ${depth}`, who.auth);
      expect(res.statusCode).toBe(201);
      parent = res.json().id;
      chain.push(parent);
    }
    const sibling = (await reply(chain[0] as number, "Second answer", a.auth)).json();

    const [root, ...rest] = await thread(slug);
    expect(rest).toEqual([]);
    expect(root?.id).toBe(chain[0]);
    expect(root?.subcomments.map((c) => c.id)).toEqual([chain[1], sibling.id]);
    let node: Comment | undefined = root;
    for (let depth = 1; depth <= 5; depth++) {
      expect(node?.id).toBe(chain[depth - 1]);
      expect(node?.author?.id).toBe(depth % 2 === 0 ? b.id : a.id);
      expect(node?.author?.username).toBe(depth % 2 === 0 ? b.username : a.username);
      node = node?.subcomments[0];
    }
    expect(node).toBeUndefined();
    // Each author is offered edit and delete on their own comments and replies, at any depth.
    const [first, second, third, fourth, fifth] = chain;
    expect((await marks(slug, a.auth))?.ownComments).toEqual([first, third, fifth, sibling.id]);
    expect((await marks(slug, b.auth))?.ownComments).toEqual([second, fourth]);
    expect(await count(slug)).toBe(6);
    expect(await cardCount(slug)).toBe(6);
  });

  it("sorts top-level comments best, newest and oldest; best is the default", async () => {
    const a = await member();
    const b = await member();
    const { slug } = await article();
    const ids: number[] = [];
    for (const text of ["first", "second", "third"]) {
      ids.push((await post(slug, text, a.auth)).json().id);
    }
    const [first, second, third] = ids as [number, number, number];
    // Replies are always oldest first, whatever the sort.
    const r1 = (await reply(first, "reply one", b.auth)).json().id;
    const r2 = (await reply(first, "reply two", b.auth)).json().id;
    await like(second, a.auth);
    await like(second, b.auth);
    await like(third, b.auth);

    const ids0 = (cs: Comment[]) => cs.map((c) => c.id);
    expect(ids0(await thread(slug))).toEqual([second, third, first]);
    expect(ids0(await thread(slug, {}, "best"))).toEqual([second, third, first]);
    expect(ids0(await thread(slug, {}, "newest"))).toEqual([third, second, first]);
    const oldest = await thread(slug, {}, "oldest");
    expect(ids0(oldest)).toEqual([first, second, third]);
    for (const sort of ["best", "newest", "oldest"]) {
      const t = await thread(slug, {}, sort);
      expect(ids0(t.find((c) => c.id === first)?.subcomments ?? [])).toEqual([r1, r2]);
    }
    expect((await list(slug, {}, "popular")).statusCode).toBe(400);
  });

  it("shows every reader the same thread; who likes and wrote what comes from /api/viewer", async () => {
    const a = await member();
    const b = await member();
    const { slug } = await article();
    const id = (await post(slug, "mine", a.auth)).json().id;
    expect((await like(id, b.auth)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await like(id, a.auth)).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await like(id, a.auth)).json()).toEqual({ liked: false, likeCount: 1 });
    const anon = await list(slug);
    expect(anon.headers["cache-control"]).toMatch(/^public/);
    const [shown] = anon.json() as Comment[];
    expect(shown).toMatchObject({ id, likeCount: 1 });
    expect(Object.keys(shown ?? {}).sort()).toEqual(
      ["author", "content", "contentHtml", "createdAt", "deleted", "edited", "id", "likeCount"]
        .concat(["subcomments", "updatedAt"])
        .sort(),
    );
    for (const who of [a, b]) expect((await list(slug, who.auth)).body).toBe(anon.body);
    expect(await marks(slug, a.auth)).toMatchObject({ ownComments: [id], likedComments: [] });
    expect(await marks(slug, b.auth)).toMatchObject({ ownComments: [], likedComments: [id] });
    expect(await marks(slug)).toBeNull();
    // The same thread through the server-rendering API.
    const first = { sort: "best", limit: 20 } as const;
    expect(await ctx.app.services.api.findCommentPage(slug, first)).toEqual({
      data: [{ ...shown, replyCount: 0, repliesCursor: null }],
      meta: { nextCursor: null },
    });
    expect(await ctx.app.services.api.findCommentPage("no-such-article", first)).toBeNull();
  });

  it("keeps the count equal to commentCount on the card, through deletes and hides", async () => {
    const a = await member();
    const ed = await editor();
    const { slug } = await article();
    expect(await count(slug)).toBe(0);
    expect(await cardCount(slug)).toBe(0);
    const c1 = (await post(slug, "one", a.auth)).json().id;
    const c2 = (await post(slug, "two", a.auth)).json().id;
    const r1 = (await reply(c1, "one.one", a.auth)).json().id;
    await reply(r1, "one.one.one", a.auth);
    await reply(c2, "two.one", a.auth);
    expect([await count(slug), await cardCount(slug)]).toEqual([5, 5]);
    expect((await remove(c1, a.auth)).statusCode).toBe(200);
    expect([await count(slug), await cardCount(slug)]).toEqual([4, 4]);
    expect((await hide(r1, true, ed.auth)).statusCode).toBe(200);
    expect([await count(slug), await cardCount(slug)]).toEqual([2, 2]);
    expect((await hide(r1, false, ed.auth)).statusCode).toBe(200);
    expect([await count(slug), await cardCount(slug)]).toEqual([4, 4]);
    const article1 = await ctx.app.inject({ url: `/api/articles?filters[slug][$eq]=${slug}` });
    expect(article1.json().data[0].attributes.commentCount).toBe(4);
  });

  it("keeps a deleted comment with replies as an empty tombstone, drops one without", async () => {
    const a = await member();
    const b = await member();
    const { slug } = await article();
    const parent = (await post(slug, "soon gone", a.auth)).json().id;
    const child = (await reply(parent, "an answer", b.auth)).json().id;
    const lonely = (await post(slug, "also gone", a.auth)).json().id;
    expect((await remove(parent, a.auth)).json()).toEqual({ deleted: true });
    expect((await remove(lonely, a.auth)).statusCode).toBe(200);
    const t = await thread(slug, a.auth, "oldest");
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({
      id: parent,
      deleted: true,
      content: "",
      author: null,
      subcomments: [{ id: child, content: "an answer", deleted: false }],
    });
    // A tombstone is nobody's: its author is no longer offered edit or delete on it.
    expect((await marks(slug, a.auth))?.ownComments).toEqual([]);
    expect((await marks(slug, b.auth))?.ownComments).toEqual([child]);
    const stored = await ctx.db.kysely
      .selectFrom("comments")
      .select(["content", "deleted_at"])
      .where("id", "=", parent)
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe("");
    expect(stored.deleted_at).not.toBeNull();
    // Deleted comments take no replies, edits, likes, reports or second deletes.
    expect((await reply(parent, "late", b.auth)).statusCode).toBe(404);
    expect((await edit(parent, "revived", a.auth)).statusCode).toBe(404);
    expect((await like(parent, b.auth)).statusCode).toBe(404);
    expect((await report(parent, b.auth)).statusCode).toBe(404);
    expect((await remove(parent, a.auth)).statusCode).toBe(404);
    // Once its last reply goes, the tombstone goes too.
    await remove(child, b.auth);
    expect(await thread(slug)).toEqual([]);
  });

  it("hides a comment with its replies for readers until an editor shows it again", async () => {
    const a = await member();
    const b = await member();
    const ed = await editor();
    const { slug } = await article();
    const keep = (await post(slug, "stays", a.auth)).json().id;
    const bad = (await post(slug, "off topic", a.auth)).json().id;
    const under = (await reply(bad, "reply to off topic", b.auth)).json().id;
    const deeper = (await reply(under, "deeper", a.auth)).json().id;
    expect((await hide(bad, true, ed.auth)).json()).toEqual({ hidden: true });
    for (const viewer of [{}, a.auth, ed.auth]) {
      expect((await thread(slug, viewer)).map((c) => c.id)).toEqual([keep]);
    }
    // Nothing in a hidden subtree takes replies, likes or reports.
    expect((await reply(bad, "hello?", b.auth)).statusCode).toBe(404);
    expect((await reply(deeper, "hello?", b.auth)).statusCode).toBe(404);
    expect((await like(under, a.auth)).statusCode).toBe(404);
    expect((await report(under, a.auth)).statusCode).toBe(404);
    expect((await hide(bad, false, ed.auth)).json()).toEqual({ hidden: false });
    const t = await thread(slug, {}, "oldest");
    expect(t.map((c) => c.id)).toEqual([keep, bad]);
    expect(t[1]?.subcomments[0]?.subcomments[0]?.id).toBe(deeper);
  });

  it("shows a deleted account's comments as by a Deleted member", async () => {
    const a = await member();
    const b = await member();
    const { slug } = await article();
    const id = (await post(slug, "before I go", a.auth)).json().id;
    await like(id, a.auth);
    const other = (await post(slug, "stay", b.auth)).json().id;
    await report(other, a.auth);
    const res = await ctx.app.inject({
      method: "DELETE",
      url: `/api/users/${a.id}`,
      headers: a.auth,
    });
    expect(res.statusCode).toBe(200);
    const [c] = await thread(slug, {}, "oldest");
    expect(c).toMatchObject({
      id,
      content: "before I go",
      deleted: false,
      likeCount: 0,
      author: { id: null, username: "Deleted member", profilePicture: null },
    });
    expect(
      await ctx.db.kysely
        .selectFrom("comment_reports")
        .selectAll()
        .where("user_id", "=", a.id)
        .execute(),
    ).toEqual([]);
    // The deleted account's session is gone.
    expect((await post(slug, "ghost", a.auth)).statusCode).toBe(401);
  });

  it("loads a thread in the same number of queries for 10 and 200 comments", async () => {
    const counting = await queryCountingApp(ctx.db);
    try {
      const author = await insertUser(ctx.db);
      const viewer = await member();
      const measure = async (size: number) => {
        const { id, slug } = await article();
        const ids: number[] = [];
        for (let i = 0; i < size; i++) {
          // Threads up to depth 5: every fifth comment starts a new thread.
          const parent = i % 5 === 0 ? null : (ids[i - 1] ?? null);
          ids.push(await insertComment(id, author, parent, `comment ${i}`));
        }
        const result: number[] = [];
        for (const headers of [{}, viewer.auth]) {
          const queries = await counting.measure(async (app) => {
            const res = await app.inject({ url: `${BASE}/comments/${slug}`, headers });
            expect(res.statusCode).toBe(200);
            expect(res.json()).toHaveLength(size / 5);
          });
          result.push(queries);
        }
        return result;
      };
      const small = await measure(10);
      const large = await measure(200);
      expect(large).toEqual(small);
      // Anonymous: the article, then the comments with authors and likes (and, were there an @ in
      // any, one more for the links of their mentions).
      expect(small[0]).toBeLessThanOrEqual(2);
    } finally {
      await counting.app.close();
    }
  });
});
