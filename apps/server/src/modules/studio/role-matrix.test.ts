// The role matrix (docs/product/studio.md#studio): every studio endpoint called by an anonymous
// reader, a member, an author on their own and on another's article, an editor and an admin, each
// on fresh articles.
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StudioArticle } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import { multipart } from "../../testing/multipart.ts";
import { insertUser, type TestMember } from "../../testing/fixtures.ts";
import {
  insertComment,
  insertReport,
  putArticle,
  type StudioContext,
  studioContext,
  writeArticle,
} from "../../testing/studio.ts";

const personas = ["anonymous", "member", "author-own", "author-other", "editor", "admin"] as const;
type Persona = (typeof personas)[number];

/**
 * Fresh objects for one call: the article it targets, a revision, a reported comment, a member,
 * a draft newsletter issue of the article and an issue being sent.
 */
interface Target {
  article: StudioArticle;
  revisionId: number;
  commentId: number;
  memberId: number;
  issueId: number;
  sendingIssueId: number;
}

type Request = (t: Target) => InjectOptions;

/** Expected status per persona, in the order of `personas`. */
type Row = [
  name: string,
  request: Request,
  expected: [number, number, number, number, number, number],
];

const json = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  ({ method, url, ...(payload ? { payload } : {}) }) as const;
const a = (t: Target) => `/api/articles/${t.article.id}`;
const s = (t: Target) => `/api/studio/articles/${t.article.id}`;
const nl = "/api/studio/newsletter/issues";
/** A 1 x 1 PNG as the multipart body of an image upload. */
const onePixelPng = () =>
  multipart([
    {
      field: "files",
      filename: "dot.png",
      type: "image/png",
      data: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
    },
  ]);

//                                                                anon member own  other editor admin
const rows: Row[] = [
  [
    "POST /api/articles (draft)",
    () => json("POST", "/api/articles", { data: { title: "Matrix draft" } }),
    [401, 403, 201, 201, 201, 201],
  ],
  [
    "POST /api/articles (published)",
    () => json("POST", "/api/articles", { data: { title: "Matrix live", status: "published" } }),
    [401, 403, 403, 403, 201, 201],
  ],
  [
    "PUT /api/articles/{id} (text)",
    (t) => json("PUT", a(t), { data: { content: "Changed." } }),
    [401, 403, 200, 403, 200, 200],
  ],
  [
    "PUT /api/articles/{id} (publish)",
    (t) => json("PUT", a(t), { data: { status: "published" } }),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "PUT /api/articles/{id} (schedule)",
    (t) =>
      json("PUT", a(t), { data: { status: "published", publishDate: "2030-01-01T00:00:00Z" } }),
    [401, 403, 403, 403, 200, 200],
  ],
  ["DELETE /api/articles/{id}", (t) => json("DELETE", a(t)), [401, 403, 200, 403, 200, 200]],
  [
    "GET /api/studio/articles",
    () => ({ url: "/api/studio/articles" }),
    [401, 403, 200, 200, 200, 200],
  ],
  ["GET /api/studio/articles/{id}", (t) => ({ url: s(t) }), [401, 403, 200, 403, 200, 200]],
  [
    "GET /api/studio/articles/{id}/revisions",
    (t) => ({ url: `${s(t)}/revisions` }),
    [401, 403, 200, 403, 200, 200],
  ],
  [
    "GET /api/studio/articles/{id}/revisions/{revisionId}",
    (t) => ({ url: `${s(t)}/revisions/${t.revisionId}` }),
    [401, 403, 200, 403, 200, 200],
  ],
  [
    "POST /api/studio/articles/{id}/revisions/{revisionId}/restore",
    (t) => json("POST", `${s(t)}/revisions/${t.revisionId}/restore`),
    [401, 403, 200, 403, 200, 200],
  ],
  [
    "GET /api/studio/articles/{id}/stats",
    (t) => ({ url: `${s(t)}/stats` }),
    [401, 403, 200, 403, 200, 200],
  ],
  ["GET /api/studio/terms", () => ({ url: "/api/studio/terms" }), [401, 403, 200, 200, 200, 200]],
  [
    "POST /api/studio/images",
    () => ({ method: "POST", url: "/api/studio/images", ...onePixelPng() }),
    [401, 403, 201, 201, 201, 201],
  ],
  [
    "GET /api/studio/reports",
    () => ({ url: "/api/studio/reports" }),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "GET /api/studio/comments",
    () => ({ url: "/api/studio/comments?show=reported" }),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "POST /api/studio/comments/{id}/reports/resolve",
    (t) => json("POST", `/api/studio/comments/${t.commentId}/reports/resolve`),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "POST /api/studio/comments/{id}/reports/dismiss",
    (t) => json("POST", `/api/studio/comments/${t.commentId}/reports/dismiss`),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "POST /api/studio/comments/{id}/hide",
    (t) => json("POST", `/api/studio/comments/${t.commentId}/hide`),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "POST /api/studio/comments/{id}/unhide",
    (t) => json("POST", `/api/studio/comments/${t.commentId}/unhide`),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "DELETE /api/studio/comments/{id}",
    (t) => json("DELETE", `/api/studio/comments/${t.commentId}`),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "POST /api/studio/members/{id}/ban",
    (t) => json("POST", `/api/studio/members/${t.memberId}/ban`, { reason: "Spam" }),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "POST /api/studio/members/{id}/unban",
    (t) => json("POST", `/api/studio/members/${t.memberId}/unban`),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "GET /api/studio/members",
    () => ({ url: "/api/studio/members" }),
    [401, 403, 403, 403, 403, 200],
  ],
  [
    "PUT /api/studio/members/{id}/role",
    (t) => json("PUT", `/api/studio/members/${t.memberId}/role`, { role: "author" }),
    [401, 403, 403, 403, 403, 200],
  ],
  ["GET /api/studio/audit", () => ({ url: "/api/studio/audit" }), [401, 403, 403, 403, 200, 200]],
  [
    "GET /api/studio/subscribers",
    () => ({ url: "/api/studio/subscribers" }),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "GET /api/studio/subscribers.csv",
    () => ({ url: "/api/studio/subscribers.csv" }),
    [401, 403, 403, 403, 200, 200],
  ],
  ["GET /api/studio/newsletter/issues", () => ({ url: nl }), [401, 403, 403, 403, 200, 200]],
  [
    "POST /api/studio/newsletter/issues",
    (t) => json("POST", nl, { data: { kind: "post", articleId: t.article.id } }),
    [401, 403, 403, 403, 201, 201],
  ],
  [
    "GET /api/studio/newsletter/issues/{id}",
    (t) => ({ url: `${nl}/${t.issueId}` }),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "PUT /api/studio/newsletter/issues/{id}",
    (t) => json("PUT", `${nl}/${t.issueId}`, { data: { intro: "Hello" } }),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "DELETE /api/studio/newsletter/issues/{id}",
    (t) => json("DELETE", `${nl}/${t.issueId}`),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "GET /api/studio/newsletter/issues/{id}/preview",
    (t) => ({ url: `${nl}/${t.issueId}/preview` }),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "POST /api/studio/newsletter/issues/{id}/test",
    (t) => json("POST", `${nl}/${t.issueId}/test`),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "POST /api/studio/newsletter/issues/{id}/send",
    (t) => json("POST", `${nl}/${t.issueId}/send`),
    [401, 403, 403, 403, 202, 202],
  ],
  [
    "POST /api/studio/newsletter/issues/{id}/cancel",
    (t) => json("POST", `${nl}/${t.sendingIssueId}/cancel`),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "GET /api/studio/newsletter/issues/{id}/stats",
    (t) => ({ url: `${nl}/${t.issueId}/stats` }),
    [401, 403, 403, 403, 200, 200],
  ],
];

/** The same rows on an author's own published article: only editors may change it now. */
const publishedRows: Row[] = [
  [
    "PUT /api/articles/{id} (text of a published article)",
    (t) => json("PUT", a(t), { data: { content: "Changed." } }),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "PUT /api/articles/{id} (unpublish)",
    (t) => json("PUT", a(t), { data: { status: "draft" } }),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "DELETE /api/articles/{id} (published)",
    (t) => json("DELETE", a(t)),
    [401, 403, 403, 403, 200, 200],
  ],
  [
    "GET /api/studio/articles/{id} (published)",
    (t) => ({ url: s(t) }),
    [401, 403, 200, 403, 200, 200],
  ],
];

const cases = [
  ...rows.map((row) => ({ row, published: false })),
  ...publishedRows.map((row) => ({ row, published: true })),
].flatMap(({ row, published }) =>
  personas.map((persona, i) => ({
    name: row[0],
    request: row[1],
    status: row[2][i] as number,
    persona,
    published,
  })),
);

describe.each(engines)("studio role matrix on %s", (engine) => {
  let ctx: StudioContext;
  let people: Record<Exclude<Persona, "anonymous" | "author-own" | "author-other">, TestMember> & {
    author: TestMember;
    otherAuthor: TestMember;
  };

  beforeAll(async () => {
    ctx = await studioContext(engine);
    people = {
      member: await ctx.person("member"),
      author: await ctx.person("author"),
      otherAuthor: await ctx.person("author"),
      editor: await ctx.person("editor"),
      admin: await ctx.person("admin"),
    };
  });
  afterAll(() => ctx.close());

  let n = 0;
  /** New objects for one call: an article of `owner` (published when asked) and the rest. */
  async function target(owner: TestMember, published: boolean): Promise<Target> {
    n += 1;
    let article = await writeArticle(ctx, owner, {
      title: `Matrix article ${n}`,
      content: "Body.",
    });
    if (published) {
      const res = await putArticle(ctx, people.editor, article.id, { status: "published" });
      article = res.json().data;
    }
    const revision = await ctx.db.kysely
      .selectFrom("article_revisions")
      .select("id")
      .where("article_id", "=", article.id)
      .executeTakeFirstOrThrow();
    const live = await writeArticle(ctx, people.editor, {
      title: `Commented ${n}`,
      status: "published",
    });
    const writer = await insertUser(ctx.db);
    const commentId = await insertComment(ctx.db, { articleId: live.id, authorId: writer });
    await insertReport(ctx.db, { commentId, userId: people.member.id, reason: "Rude" });
    const issueId = await insertIssue(article.id, "draft");
    const sendingIssueId = await insertIssue(article.id, "sending");
    const memberId = await insertUser(ctx.db);
    return { article, revisionId: revision.id, commentId, memberId, issueId, sendingIssueId };
  }

  /** A newsletter issue of article `articleId` in `status`, straight in the database. */
  async function insertIssue(articleId: number, status: "draft" | "sending"): Promise<number> {
    const at = new Date().toISOString();
    const row = await ctx.db.kysely
      .insertInto("newsletter_issues")
      .values({
        slug: `matrix-${status}-${n}`,
        subject: "Matrix issue",
        intro: "",
        kind: "post",
        status,
        html: status === "draft" ? null : "<p>Sent</p>",
        text: status === "draft" ? null : "Sent",
        created_by: people.editor.id,
        sent_by: null,
        created_at: at,
        updated_at: at,
        send_started_at: status === "draft" ? null : at,
        sent_at: null,
        cancelled_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.db.kysely
      .insertInto("newsletter_issue_articles")
      .values({ issue_id: row.id, article_id: articleId, position: 0 })
      .execute();
    return row.id;
  }

  it("covers every endpoint tagged studio in the OpenAPI document", async () => {
    const docs = (await ctx.inject({ url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const documented = Object.entries(docs.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.tags?.includes("studio"))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const covered = new Set(cases.map((c) => c.name.replace(/ \(.*\)$/, "")));
    expect(documented.length).toBeGreaterThanOrEqual(20);
    expect([...covered].sort()).toEqual([...new Set(documented)].sort());
  });

  it.each(cases)("$name as $persona → $status", async ({ request, status, persona, published }) => {
    const owner = persona === "author-own" ? people.author : people.otherAuthor;
    const t = await target(owner, published);
    const caller =
      persona === "anonymous"
        ? null
        : persona === "author-own" || persona === "author-other"
          ? people.author
          : people[persona];
    const req = request(t);
    const res = await ctx.inject({ ...req, headers: { ...req.headers, ...caller?.auth } });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 401) expect(res.json().error.name).toBe("UnauthorizedError");
    if (status === 403) {
      expect(res.json().error.name).toBe("ForbiddenError");
      expect(res.json().error.message).toMatch(
        persona === "member"
          ? /^The studio is for authors, editors and admins$/
          : /editor|admin|own/i,
      );
    }
  });
});
