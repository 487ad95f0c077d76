// Comments as readers and members see them (issue #4): threads, sorting, counts, permissions,
// content rules, moderation, limits, and a fixed number of queries per thread.
import type { KyselyPlugin } from "kysely";
import { describe, expect, it } from "vitest";
import type { Comment } from "@pragmatist/contracts";
import { buildApp } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { withTestApp } from "../../testing/app.ts";
import { engines, testConfig } from "../../testing/db.ts";
import {
  insertArticle,
  insertUser,
  registerMember,
  type TestMember,
} from "../../testing/fixtures.ts";

type Headers = Record<string, string>;
type Member = TestMember;

const BASE = "/api/comment-manager";

describe.each(engines)("comments on %s", (engine) => {
  let slugCounter = 0;
  const ctx = withTestApp(engine);

  const member = (): Promise<Member> => registerMember((o) => ctx.app.inject(o));

  async function editor(): Promise<Member> {
    const m = await member();
    await ctx.db.kysely
      .updateTable("users")
      .set({ role: "editor" })
      .where("id", "=", m.id)
      .execute();
    return m;
  }

  async function article(fields: { status?: "draft"; publishDate?: string } = {}) {
    slugCounter += 1;
    const slug = `commented-${slugCounter}`;
    const id = await insertArticle(ctx.db, { slug, ...fields });
    return { id, slug };
  }

  const list = (slug: string, headers: Headers = {}, sort?: string) =>
    ctx.app.inject({
      url: `${BASE}/comments/${encodeURIComponent(slug)}${sort ? `?sort=${sort}` : ""}`,
      headers,
    });
  const thread = async (slug: string, headers: Headers = {}, sort?: string) => {
    const res = await list(slug, headers, sort);
    expect(res.statusCode).toBe(200);
    return res.json() as Comment[];
  };
  const count = async (slug: string) => {
    const res = await ctx.app.inject({ url: `${BASE}/comments/${slug}/count` });
    expect(res.statusCode).toBe(200);
    return res.json().count as number;
  };
  const cardCount = async (slug: string) => {
    const res = await ctx.app.inject({ url: `/api/articles?filters[slug][$eq]=${slug}` });
    return res.json().data[0].attributes.commentCount as number;
  };
  const post = (slug: string, content: unknown, headers: Headers = {}) =>
    ctx.app.inject({
      method: "POST",
      url: `${BASE}/comments/${slug}`,
      headers,
      payload: { content } as Record<string, unknown>,
    });
  const reply = (parentId: number | string, content: unknown, headers: Headers = {}) =>
    ctx.app.inject({
      method: "POST",
      url: `${BASE}/subcomments/${parentId}`,
      headers,
      payload: { content } as Record<string, unknown>,
    });
  const edit = (id: number | string, content: unknown, headers: Headers = {}) =>
    ctx.app.inject({
      method: "PUT",
      url: `${BASE}/comments/${id}`,
      headers,
      payload: { content } as Record<string, unknown>,
    });
  const remove = (id: number | string, headers: Headers = {}) =>
    ctx.app.inject({ method: "DELETE", url: `${BASE}/comments/${id}`, headers });
  const report = (id: number | string, headers: Headers = {}, reason?: string) =>
    ctx.app.inject({
      method: "POST",
      url: `${BASE}/comments/${id}/report`,
      headers,
      payload: reason === undefined ? {} : { reason },
    });
  const like = (id: number | string, headers: Headers = {}) =>
    ctx.app.inject({ method: "POST", url: `${BASE}/comments/${id}/like`, headers });
  const hide = (id: number | string, hidden: unknown, headers: Headers = {}) =>
    ctx.app.inject({
      method: "PUT",
      url: `${BASE}/comments/${id}/hide`,
      headers,
      payload: { hidden } as Record<string, unknown>,
    });

  /** Inserts a comment row directly (no rate limit), returning its id. */
  async function insertComment(
    articleId: number,
    authorId: number,
    parentId: number | null = null,
    content = "seeded",
  ): Promise<number> {
    const now = new Date().toISOString();
    const row = await ctx.db.kysely
      .insertInto("comments")
      .values({
        article_id: articleId,
        parent_id: parentId,
        author_id: authorId,
        content,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

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
      likedByMe: false,
      mine: true,
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

  it("tells the viewer which comments they like and wrote", async () => {
    const a = await member();
    const b = await member();
    const { slug } = await article();
    const id = (await post(slug, "mine", a.auth)).json().id;
    expect((await like(id, b.auth)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await like(id, a.auth)).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await like(id, a.auth)).json()).toEqual({ liked: false, likeCount: 1 });
    const [asA] = await thread(slug, a.auth);
    expect(asA).toMatchObject({ mine: true, likedByMe: false, likeCount: 1 });
    const [asB] = await thread(slug, b.auth);
    expect(asB).toMatchObject({ mine: false, likedByMe: true, likeCount: 1 });
    const [anon] = await thread(slug);
    expect(anon).toMatchObject({ mine: false, likedByMe: false, likeCount: 1 });
    // The same, through the server-rendering API.
    const viaApi = await ctx.app.services.api.listComments(slug, "best", b.id);
    expect(viaApi?.[0]).toMatchObject({ likedByMe: true, mine: false });
    expect(await ctx.app.services.api.listComments("no-such-article", "best", null)).toBeNull();
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
      mine: false,
      subcomments: [{ id: child, content: "an answer", deleted: false }],
    });
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

  it("answers each role with the expected status for every action", async () => {
    const { slug } = await article();
    const author = await member();
    const other = await member();
    const ed = await editor();
    const fresh = async () => (await post(slug, "target", author.auth)).json().id as number;
    const id = await fresh();

    // Anonymous: reading is open, every action needs a sign-in.
    expect((await list(slug)).statusCode).toBe(200);
    expect((await post(slug, "x")).statusCode).toBe(401);
    expect((await reply(id, "x")).statusCode).toBe(401);
    expect((await edit(id, "x")).statusCode).toBe(401);
    expect((await remove(id)).statusCode).toBe(401);
    expect((await report(id)).statusCode).toBe(401);
    expect((await hide(id, true)).statusCode).toBe(401);
    expect((await like(id)).statusCode).toBe(401);
    // Anonymous callers get 401 even with a bad body or a bad id.
    expect((await post(slug, "")).statusCode).toBe(401);
    expect((await edit("abc", "x")).statusCode).toBe(401);

    // Another member.
    expect((await post(slug, "x", other.auth)).statusCode).toBe(201);
    expect((await reply(id, "x", other.auth)).statusCode).toBe(201);
    expect((await edit(id, "x", other.auth)).statusCode).toBe(403);
    expect((await remove(id, other.auth)).statusCode).toBe(403);
    expect((await report(id, other.auth, "spam")).json()).toEqual({ reported: true });
    expect((await hide(id, true, other.auth)).statusCode).toBe(403);
    expect((await like(id, other.auth)).statusCode).toBe(200);

    // The author.
    expect((await post(slug, "x", author.auth)).statusCode).toBe(201);
    expect((await reply(id, "x", author.auth)).statusCode).toBe(201);
    const edited = await edit(id, "  rewritten  ", author.auth);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, content: "rewritten", edited: true, mine: true });
    expect((await report(id, author.auth)).statusCode).toBe(403);
    expect((await hide(id, true, author.auth)).statusCode).toBe(403);
    expect((await like(id, author.auth)).statusCode).toBe(200);
    expect((await remove(id, author.auth)).statusCode).toBe(200);

    // An editor: may delete anyone's comment and hide, but not edit another's words.
    const target = await fresh();
    expect((await post(slug, "x", ed.auth)).statusCode).toBe(201);
    expect((await reply(target, "x", ed.auth)).statusCode).toBe(201);
    expect((await edit(target, "x", ed.auth)).statusCode).toBe(403);
    expect((await report(target, ed.auth)).statusCode).toBe(200);
    expect((await like(target, ed.auth)).statusCode).toBe(200);
    expect((await hide(target, true, ed.auth)).statusCode).toBe(200);
    expect((await hide(target, false, ed.auth)).statusCode).toBe(200);
    expect((await remove(target, ed.auth)).statusCode).toBe(200);

    // Edits show as edited to everyone.
    const again = await fresh();
    await edit(again, "changed", author.auth);
    const shown = (await thread(slug)).find((c) => c.id === again);
    expect(shown).toMatchObject({ content: "changed", edited: true });
  });

  it("counts a report once per member and keeps the reason", async () => {
    const a = await member();
    const b = await member();
    const { slug } = await article();
    const id = (await post(slug, "reportable", a.auth)).json().id;
    expect((await report(id, b.auth, "spam")).statusCode).toBe(200);
    const second = await report(id, b.auth, "really spam");
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ reported: true });
    const noBody = await ctx.app.inject({
      method: "POST",
      url: `${BASE}/comments/${id}/report`,
      headers: b.auth,
    });
    expect(noBody.statusCode, noBody.body).toBe(200);
    const rows = await ctx.db.kysely
      .selectFrom("comment_reports")
      .selectAll()
      .where("comment_id", "=", id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: b.id, reason: "spam" });
    expect((await report(id, b.auth, "x".repeat(501))).statusCode).toBe(400);
  });

  it("validates content: empty, blank and over 5,000 characters are 400s; text is kept verbatim", async () => {
    const a = await member();
    const { slug } = await article();
    for (const content of ["", "   \n\t ", "x".repeat(5001), 42, null]) {
      const res = await post(slug, content, a.auth);
      expect(res.statusCode, JSON.stringify(content).slice(0, 20)).toBe(400);
      expect(res.json().error.name).toBe("ValidationError");
    }
    const extra = await ctx.app.inject({
      method: "POST",
      url: `${BASE}/comments/${slug}`,
      headers: a.auth,
      payload: { content: "ok", author: 1 },
    });
    expect(extra.statusCode).toBe(400);
    const max = await post(slug, "y".repeat(5000), a.auth);
    expect(max.statusCode).toBe(201);
    expect(max.json().content).toHaveLength(5000);
    const id = max.json().id;
    expect((await edit(id, " ", a.auth)).statusCode).toBe(400);
    expect((await reply(id, "z".repeat(5001), a.auth)).statusCode).toBe(400);

    const html = `<script>alert("x")</script> <b>bold</b> & "quotes"`;
    const created = await reply(id, html, a.auth);
    expect(created.statusCode).toBe(201);
    expect(created.headers["content-type"]).toMatch(/application\/json/);
    expect(created.json().content).toBe(html);
    const shown = await thread(slug);
    expect(shown[0]?.subcomments[0]?.content).toBe(html);
  });

  it("limits posting to 5 a minute per member, comments and replies together", async () => {
    const a = await member();
    const b = await member();
    const { slug } = await article();
    const first = (await post(slug, "1", a.auth)).json().id;
    for (const n of [2, 3]) expect((await post(slug, String(n), a.auth)).statusCode).toBe(201);
    for (const n of [4, 5]) expect((await reply(first, String(n), a.auth)).statusCode).toBe(201);
    const sixth = await reply(first, "6", a.auth);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.name).toBe("RateLimitError");
    expect((await post(slug, "7", a.auth)).statusCode).toBe(429);
    // Another member is not affected.
    expect((await post(slug, "other", b.auth)).statusCode).toBe(201);
    expect(await count(slug)).toBe(6);
  });

  it("answers 404 for unknown, draft and future articles and unknown comments", async () => {
    const a = await member();
    const ed = await editor();
    const draft = await article({ status: "draft" });
    const future = await article({ publishDate: "2999-01-01T00:00:00.000Z" });
    for (const slug of ["no-such-article", draft.slug, future.slug]) {
      expect((await list(slug)).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: `${BASE}/comments/${slug}/count` })).statusCode).toBe(
        404,
      );
      expect((await post(slug, "hello", a.auth)).statusCode).toBe(404);
    }
    // Comments of an article that went back to draft cannot be acted on either.
    const onDraft = await insertComment(draft.id, a.id);
    expect((await reply(onDraft, "x", a.auth)).statusCode).toBe(404);
    expect((await like(onDraft, a.auth)).statusCode).toBe(404);
    const missing = 2_000_000_000;
    expect((await reply(missing, "x", a.auth)).statusCode).toBe(404);
    expect((await edit(missing, "x", a.auth)).statusCode).toBe(404);
    expect((await remove(missing, a.auth)).statusCode).toBe(404);
    expect((await report(missing, a.auth)).statusCode).toBe(404);
    expect((await like(missing, a.auth)).statusCode).toBe(404);
    expect((await hide(missing, true, ed.auth)).statusCode).toBe(404);
  });

  it("answers 400 for ids that are not positive integers, never 500", async () => {
    const a = await member();
    const ed = await editor();
    for (const bad of ["abc", "0", "-1", "1.5", "01", "1e3", "99999999999", "%20"]) {
      expect((await reply(bad, "x", a.auth)).statusCode, bad).toBe(400);
      expect((await edit(bad, "x", a.auth)).statusCode, bad).toBe(400);
      expect((await remove(bad, a.auth)).statusCode, bad).toBe(400);
      expect((await report(bad, a.auth)).statusCode, bad).toBe(400);
      expect((await like(bad, a.auth)).statusCode, bad).toBe(400);
      expect((await hide(bad, true, ed.auth)).statusCode, bad).toBe(400);
    }
    const { slug } = await article();
    const id = (await post(slug, "x", a.auth)).json().id;
    expect((await hide(id, "yes", ed.auth)).statusCode).toBe(400);
    expect((await hide(id, undefined, ed.auth)).statusCode).toBe(400);
    const weird = await list("%E2%82%AC'; drop table comments; --");
    expect(weird.statusCode).toBe(404);
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
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries += 1;
        return args.result;
      },
    };
    const counted: Db = { ...ctx.db, kysely: ctx.db.kysely.withPlugin(counter) };
    const countingApp = await buildApp(testConfig(), { db: counted, logger: false });
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
          queries = 0;
          const res = await countingApp.inject({ url: `${BASE}/comments/${slug}`, headers });
          expect(res.statusCode).toBe(200);
          expect(res.json()).toHaveLength(size / 5);
          result.push(queries);
        }
        return result;
      };
      const small = await measure(10);
      const large = await measure(200);
      expect(large).toEqual(small);
      // Anonymous: the article, then the comments with authors and likes.
      expect(small[0]).toBeLessThanOrEqual(2);
    } finally {
      await countingApp.close();
    }
  });
});
