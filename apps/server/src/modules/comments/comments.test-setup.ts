// The set-up the comments.*.test.ts files share: an app on a fresh database, members, editors and
// articles to comment on, and the comment manager's requests (real HTTP through app.inject).
import { expect } from "vitest";
import type { Comment, ViewerState } from "@pragmatist/contracts";
import type { Dialect } from "../../db/client.ts";
import { type TestApp, withTestApp } from "../../testing/app.ts";
import { insertArticle, registerVerifiedMember, type TestMember } from "../../testing/fixtures.ts";
import { insert } from "./comments.repository.ts";

type Headers = Record<string, string>;
type Member = TestMember;

/** Where the comment manager's routes live. */
export const BASE = "/api/comment-manager";

/**
 * The people and rows a test sets up: `member` signs one up, `editor` makes them an editor,
 * `article` inserts a published article (or a draft or a future-dated one, or one by an author) with a slug of its own,
 * and `insertComment` writes a comment row straight in the database (no rate limit).
 */
function commentFixtures(ctx: TestApp) {
  let slugCounter = 0;
  // Commenting needs a verified email: each member follows the link of their sign-up mail.
  const member = (): Promise<Member> => registerVerifiedMember(ctx.app);

  async function editor(): Promise<Member> {
    const m = await member();
    await ctx.db.kysely
      .updateTable("users")
      .set({ role: "editor" })
      .where("id", "=", m.id)
      .execute();
    return m;
  }

  async function article(
    fields: { status?: "draft"; publishDate?: string; authorId?: number } = {},
  ) {
    slugCounter += 1;
    const slug = `commented-${slugCounter}`;
    const id = await insertArticle(ctx.db, { slug, ...fields });
    return { id, slug };
  }

  /** Stores a comment as the repository does (no rate limit, no notices), returning its id. */
  async function insertComment(
    articleId: number,
    authorId: number,
    parentId: number | null = null,
    content = "seeded",
  ): Promise<number> {
    const now = new Date().toISOString();
    return insert(ctx.db.kysely, { articleId, parentId, authorId, content, now });
  }

  return { member, editor, article, insertComment };
}

/**
 * The comment manager's requests as `ctx.app` answers them (`list`, `post`, `reply`, `edit`,
 * `remove`, `report`, `like`, `hide`; `headers` sign them in), the reads that expect a 200 and
 * return the body (`thread`: the comments; `count`: the figure; `marks`: the reader's marks on
 * the article from GET /api/viewer, null for a signed-out reader) and `cardCount`, the
 * `commentCount` of the article's card in the article list.
 */
function commentRequests(ctx: TestApp) {
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
  /** A request with a JSON body, as the member `headers` sign in. */
  const send = (method: "POST" | "PUT", url: string, payload: unknown, headers: Headers) =>
    ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
  const post = (slug: string, content: unknown, headers: Headers = {}) =>
    send("POST", `${BASE}/comments/${slug}`, { content }, headers);
  const reply = (parentId: number | string, content: unknown, headers: Headers = {}) =>
    send("POST", `${BASE}/subcomments/${parentId}`, { content }, headers);
  const edit = (id: number | string, content: unknown, headers: Headers = {}) =>
    send("PUT", `${BASE}/comments/${id}`, { content }, headers);
  const remove = (id: number | string, headers: Headers = {}) =>
    ctx.app.inject({ method: "DELETE", url: `${BASE}/comments/${id}`, headers });
  /** Reports comment `id` with `body` (by default a valid one: the reason "spam"). */
  const report = (id: number | string, headers: Headers = {}, body: unknown = { reason: "spam" }) =>
    ctx.app.inject({
      method: "POST",
      url: `${BASE}/comments/${id}/report`,
      headers,
      payload: body as Record<string, unknown>,
    });
  const like = (id: number | string, headers: Headers = {}) =>
    ctx.app.inject({ method: "POST", url: `${BASE}/comments/${id}/like`, headers });
  const hide = (id: number | string, hidden: unknown, headers: Headers = {}) =>
    send("PUT", `${BASE}/comments/${id}/hide`, { hidden }, headers);
  /** The reader's marks on the article as GET /api/viewer answers them (expects a 200). */
  const marks = async (slug: string, headers: Headers = {}) => {
    const res = await ctx.app.inject({
      url: `/api/viewer?article=${encodeURIComponent(slug)}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as ViewerState).data.article;
  };

  return { list, thread, count, cardCount, post, reply, edit, remove, report, like, hide, marks };
}

/**
 * Registers the suite's app (`withTestApp`) and returns it as `ctx`, with `commentFixtures` and
 * `commentRequests` over it.
 */
export function commentsSuite(engine: Dialect) {
  const ctx = withTestApp(engine);
  return { ctx, ...commentFixtures(ctx), ...commentRequests(ctx) };
}
