// A thread of any size in pages (docs/product/api.md#api-comments): top-level comments by cursor in
// each order, replies folded and continued, the thread around one linked comment, hidden and
// deleted comments, bad parameters, and the parameterless call unchanged.
import { describe, expect, it } from "vitest";
import type { Comment, CommentPage } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import { insertUser } from "../../testing/fixtures.ts";
import { BASE, commentsSuite } from "./comments.test-setup.ts";

describe.each(engines)("comment pages on %s", (engine) => {
  const suite = commentsSuite(engine);
  const { ctx, member, editor, article, insertComment, thread, hide, remove, like } = suite;

  /** GET the thread with `query` (a query string without "?"); expects a 200 and a page. */
  async function page(slug: string, query: string): Promise<CommentPage> {
    const res = await ctx.app.inject({ url: `${BASE}/comments/${slug}?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CommentPage;
  }

  /** Every top-level comment's id, following `nextCursor` from the first page. */
  async function allPages(slug: string, sort: string, limit: number): Promise<number[][]> {
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const p: CommentPage = await page(
        slug,
        `sort=${sort}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      pages.push(p.data.map((c) => c.id));
      cursor = p.meta.nextCursor;
    } while (cursor);
    return pages;
  }

  /** Likes comment `id` by `n` new members, straight in the database. */
  async function likes(id: number, n: number) {
    for (let i = 0; i < n; i++) {
      const userId = await insertUser(ctx.db);
      await ctx.db.kysely
        .insertInto("comment_likes")
        .values({ comment_id: id, user_id: userId, created_at: new Date().toISOString() })
        .execute();
    }
  }

  it("pages top-level comments by cursor in every order, as the whole thread orders them", async () => {
    const a = await member();
    const { id: articleId, slug } = await article();
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await insertComment(articleId, a.id));
    await likes(ids[2] as number, 2);
    await likes(ids[5] as number, 1);
    for (const sort of ["best", "newest", "oldest"]) {
      const whole = (await thread(slug, {}, sort)).map((c) => c.id);
      const pages = await allPages(slug, sort, 3);
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(pages.flat()).toEqual(whole);
    }
    expect((await allPages(slug, "best", 3)).flat().slice(0, 2)).toEqual([ids[2], ids[5]]);
    // The default page size is 20, the order best.
    const first = await page(slug, "limit=20");
    expect(first.data.map((c) => c.id)).toEqual((await thread(slug)).map((c) => c.id));
    expect(first.meta.nextCursor).toBeNull();
  });

  it("orders best by the likes a comment has now: unliked and a liker's deleted account count no more", async () => {
    const a = await member();
    const [x, y, z] = [await member(), await member(), await member()];
    const { id: articleId, slug } = await article();
    const older = await insertComment(articleId, a.id);
    const newer = await insertComment(articleId, a.id);
    for (const m of [x, y]) expect((await like(older, m.auth)).statusCode).toBe(200);
    expect((await like(newer, z.auth)).statusCode).toBe(200);
    const best = async () => (await page(slug, "sort=best&limit=2")).data.map((c) => c.id);
    expect(await best()).toEqual([older, newer]);
    // A like taken back (the toggle again): one each, so the newer comment comes first.
    expect((await like(older, x.auth)).statusCode).toBe(200);
    expect(await best()).toEqual([newer, older]);
    // The newer comment's only liker deletes their account: the like goes with it.
    const gone = await ctx.app.inject({
      method: "DELETE",
      url: `/api/users/${z.id}`,
      headers: z.auth,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await best()).toEqual([older, newer]);
    // The whole-thread call, which counts each comment's likes itself, agrees.
    expect((await thread(slug, {}, "best")).map((c) => c.id)).toEqual([older, newer]);
  });

  it("answers the call without parameters exactly as before: every comment, no paging fields", async () => {
    const a = await member();
    const { id: articleId, slug } = await article();
    const top = await insertComment(articleId, a.id);
    let parent = top;
    for (let depth = 1; depth <= 8; depth++) parent = await insertComment(articleId, a.id, parent);
    const res = await ctx.app.inject({ url: `${BASE}/comments/${slug}` });
    const whole = res.json() as Comment[];
    expect(Array.isArray(whole)).toBe(true);
    let node = whole[0];
    let depth = 0;
    while (node) {
      expect(node).not.toHaveProperty("replyCount");
      expect(node).not.toHaveProperty("repliesCursor");
      node = node.subcomments[0];
      depth += 1;
    }
    expect(depth).toBe(9);
  });

  it("folds replies below four levels and after ten, and continues them by parent and cursor", async () => {
    const a = await member();
    const { id: articleId, slug } = await article();
    const top = await insertComment(articleId, a.id);
    const chain = [top];
    for (let depth = 1; depth <= 7; depth++) {
      chain.push(await insertComment(articleId, a.id, chain.at(-1) as number));
    }
    const replies: number[] = [];
    for (let i = 0; i < 12; i++) replies.push(await insertComment(articleId, a.id, top));

    const [root] = (await page(slug, "limit=5")).data as [Comment];
    expect(root.replyCount).toBe(13);
    expect(root.subcomments.map((c) => c.id)).toEqual([chain[1], ...replies.slice(0, 9)]);
    let node = root;
    for (let depth = 1; depth <= 4; depth++) node = node.subcomments[0] as Comment;
    expect(node.id).toBe(chain[4]);
    expect(node.subcomments).toEqual([]);
    expect(node.replyCount).toBe(1);
    expect(node.repliesCursor).toBeNull();

    // "Continue this thread": the folded replies, folded again four levels below.
    const deeper = await page(slug, `parent=${chain[4]}`);
    expect(deeper.data.map((c) => c.id)).toEqual([chain[5]]);
    expect(deeper.data[0]?.subcomments[0]?.subcomments[0]?.id).toBe(chain[7]);
    // "3 more replies": the top-level comment's replies after the tenth.
    const rest = await page(
      slug,
      `parent=${top}&cursor=${encodeURIComponent(root.repliesCursor as string)}`,
    );
    expect(rest.data.map((c) => c.id)).toEqual(replies.slice(9));
    expect(rest.meta.nextCursor).toBeNull();
    // The same replies in pages of two.
    const two = await page(slug, `parent=${top}&limit=2`);
    expect(two.data.map((c) => c.id)).toEqual([chain[1], replies[0]]);
    expect(two.meta.nextCursor).not.toBeNull();
  });

  it("finds a linked comment folded deep on a later page with its ancestors", async () => {
    const a = await member();
    const { id: articleId, slug } = await article();
    const tops: number[] = [];
    for (let i = 0; i < 6; i++) tops.push(await insertComment(articleId, a.id));
    // Under the oldest comment (the last page, newest first): a chain seven levels deep.
    const chain = [tops[0] as number];
    for (let depth = 1; depth <= 7; depth++) {
      chain.push(await insertComment(articleId, a.id, chain.at(-1) as number));
    }
    const target = chain[7] as number;
    const sibling = await insertComment(articleId, a.id, chain[3]);
    const pages = await allPages(slug, "newest", 2);
    expect(pages.at(-1)).toContain(tops[0]);

    const found = await page(slug, `around=${target}`);
    expect(found.meta.nextCursor).toBeNull();
    const [root] = found.data as [Comment];
    const path: number[] = [];
    let node: Comment | undefined = root;
    while (node) {
      path.push(node.id);
      node = node.subcomments[0];
    }
    expect(path).toEqual(chain);
    // Only the way down is sent; the ancestors say how many replies they have.
    expect(root.subcomments[0]?.subcomments[0]?.subcomments[0]?.replyCount).toBe(2);
    expect(root.subcomments[0]?.subcomments[0]?.subcomments[0]?.subcomments).toHaveLength(1);
    expect(sibling).toBeGreaterThan(target);

    // A comment of another article, an unknown one and a hidden one are not found.
    const other = await article();
    const elsewhere = await insertComment(other.id, a.id);
    const ed = await editor();
    expect((await hide(chain[2] as number, true, ed.auth)).statusCode).toBe(200);
    for (const id of [elsewhere, 999_999, target]) {
      const res = await ctx.app.inject({ url: `${BASE}/comments/${slug}?around=${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        data: null,
        error: { status: 404, name: "NotFoundError" },
      });
    }
    const folded = await ctx.app.inject({ url: `${BASE}/comments/${slug}?parent=${chain[3]}` });
    expect(folded.statusCode).toBe(404);
  });

  it("pages past hidden and deleted comments; a deleted one stays while a reply survives", async () => {
    const a = await member();
    const ed = await editor();
    const { id: articleId, slug } = await article();
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await insertComment(articleId, a.id));
    const [, hidden, gone, kept, , deepGone] = ids as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    await hide(hidden, true, ed.auth);
    expect((await remove(gone, ed.auth)).statusCode).toBe(200);
    const survivor = await insertComment(articleId, a.id, kept);
    expect((await remove(kept, ed.auth)).statusCode).toBe(200);
    // A deleted chain five levels deep whose only reply readers see is below the fold.
    let parent = deepGone;
    const deleted = [deepGone];
    for (let depth = 1; depth <= 5; depth++) {
      parent = await insertComment(articleId, a.id, parent);
      deleted.push(parent);
    }
    await insertComment(articleId, a.id, parent);
    for (const id of deleted) await remove(id, ed.auth);

    const whole = (await thread(slug, {}, "oldest")).map((c) => c.id);
    expect(whole).not.toContain(hidden);
    expect(whole).not.toContain(gone);
    const pages = await allPages(slug, "oldest", 2);
    expect(pages.flat()).toEqual(whole);
    const oldest = await page(slug, "sort=oldest&limit=50");
    const tomb = oldest.data.find((c) => c.id === kept);
    expect(tomb).toMatchObject({ deleted: true, content: "", author: null, replyCount: 1 });
    expect(tomb?.subcomments.map((c) => c.id)).toEqual([survivor]);
    expect(oldest.data.find((c) => c.id === deepGone)).toMatchObject({ deleted: true });
  });

  it("refuses bad paging parameters with a 400 in Strapi's error body", async () => {
    const a = await member();
    const { id: articleId, slug } = await article();
    const top = await insertComment(articleId, a.id);
    await insertComment(articleId, a.id);
    const newest = (await page(slug, "sort=newest&limit=1")).meta.nextCursor as string;
    const replies = Buffer.from(
      JSON.stringify({ kind: "replies", parent: top + 1, at: "2026-01-01", id: 1 }),
    ).toString("base64url");
    for (const query of [
      "limit=0",
      "limit=51",
      "limit=ten",
      "cursor=not-a-cursor",
      `sort=best&cursor=${newest}`,
      `parent=${top}&cursor=${newest}`,
      `parent=${top}&cursor=${replies}`,
      `around=${top}&cursor=${newest}`,
      "parent=0",
      "around=x",
      "page=2",
    ]) {
      const res = await ctx.app.inject({ url: `${BASE}/comments/${slug}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        data: null,
        error: { status: 400, name: "ValidationError" },
      });
    }
    const missing = await ctx.app.inject({ url: `${BASE}/comments/no-such-article?limit=5` });
    expect(missing.statusCode).toBe(404);
  });

  it("documents the paging parameters and the page in the OpenAPI document", async () => {
    const docs = (await ctx.app.inject({ url: "/api/docs/json" })).json();
    const get = docs.paths["/api/comment-manager/comments/{slug}"].get;
    const names = (get.parameters as { name: string; in: string }[])
      .filter((p) => p.in === "query")
      .map((p) => p.name);
    expect(names.sort()).toEqual(["around", "cursor", "limit", "parent", "sort"]);
    const answer = JSON.stringify(get.responses["200"]);
    expect(answer).toContain("nextCursor");
    expect(docs.components.schemas.Comment.properties.replyCount).toMatchObject({
      type: "integer",
    });
  });
});
