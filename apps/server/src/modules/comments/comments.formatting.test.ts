// Formatted comments as clients receive them (docs/product/reader.md#comment-text,
// docs/product/api.md#api-comments): the Markdown kept as written in `content`, its HTML in
// `contentHtml` wherever a comment is answered (the thread, a post, an edit, the studio's lists),
// none for a deleted comment, and the composer's preview with its own checks and limit.
import { describe, expect, it } from "vitest";
import type { ModeratedComment } from "@pragmatist/contracts";
import { RATE_LIMITS } from "../../http/rate-limits.ts";
import { engines } from "../../testing/db.ts";
import { BASE, commentsSuite } from "./comments.test-setup.ts";

const MARKDOWN = [
  "A **bold** claim, with *care*:",
  "",
  "- first",
  "- second",
  "",
  "```",
  "fee = base * 2",
  "```",
  "",
  "See [the audit](https://example.com/audit) and <script>alert(1)</script>",
].join("\n");

const HTML = [
  "<p>A <strong>bold</strong> claim, with <em>care</em>:</p>",
  "<ul>\n<li>first</li>\n<li>second</li>\n</ul>",
  "<pre><code>fee = base * 2\n</code></pre>",
  '<p>See <a href="https://example.com/audit" rel="nofollow ugc noopener" target="_blank">the audit</a> and &#x3C;script>alert(1)&#x3C;/script></p>',
].join("\n");

describe.each(engines)("formatted comments on %s", (engine) => {
  const suite = commentsSuite(engine);
  const { ctx, member, editor, article, insertComment } = suite;
  const { thread, post, reply, edit, remove } = suite;

  /** POST preview with `payload` as the member `headers` sign in. */
  const preview = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: "POST",
      url: `${BASE}/preview`,
      headers,
      payload: payload as Record<string, unknown>,
    });

  it("answers the Markdown as written and its HTML, in the post's answer and the thread", async () => {
    const a = await member();
    const { slug } = await article();
    const created = await post(slug, MARKDOWN, a.auth);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ content: MARKDOWN, contentHtml: HTML });
    const [shown] = await thread(slug);
    expect(shown).toMatchObject({ content: MARKDOWN, contentHtml: HTML });

    // A reply and an edit are rendered the same way; editing edits the Markdown.
    const answer = await reply(shown?.id as number, "_yes_", a.auth);
    expect(answer.json().contentHtml).toBe("<p><em>yes</em></p>");
    const edited = await edit(answer.json().id, "**no**\nafter all", a.auth);
    expect(edited.json()).toMatchObject({
      content: "**no**\nafter all",
      contentHtml: "<p><strong>no</strong><br>\nafter all</p>",
    });
    expect((await thread(slug))[0]?.subcomments[0]?.contentHtml).toBe(
      "<p><strong>no</strong><br>\nafter all</p>",
    );
  });

  it("renders rows written before comments were formatted, and gives a deleted comment none", async () => {
    const a = await member();
    const { id: articleId, slug } = await article();
    const old = await insertComment(articleId, a.id, null, "plain text\nwith https://example.com");
    await insertComment(articleId, a.id, old, "a reply keeps it");
    expect((await thread(slug))[0]?.contentHtml).toBe(
      '<p>plain text<br>\nwith <a href="https://example.com/" rel="nofollow ugc noopener" target="_blank">https://example.com</a></p>',
    );
    expect((await remove(old, a.auth)).statusCode).toBe(200);
    expect((await thread(slug))[0]).toMatchObject({ deleted: true, content: "", contentHtml: "" });
  });

  it("shows moderators the comment as readers see it", async () => {
    const a = await member();
    const { id: articleId } = await article();
    await insertComment(articleId, a.id, null, "**Buy** my [coin](javascript:alert(1))");
    const res = await ctx.app.inject({
      url: `/api/studio/comments?member=${a.id}`,
      headers: (await editor()).auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [listed] = res.json().data as ModeratedComment[];
    expect(listed?.comment).toMatchObject({
      content: "**Buy** my [coin](javascript:alert(1))",
      contentHtml: "<p><strong>Buy</strong> my [coin](javascript:alert(1))</p>",
    });
  });

  it("previews a text as its comment would show, storing nothing", async () => {
    const a = await member();
    const { slug } = await article();
    const res = await preview({ content: `  ${MARKDOWN}\n` }, a.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ contentHtml: HTML });
    expect(await thread(slug)).toEqual([]);
  });

  it("checks a preview as a post: signed in, a valid text, else a 4xx with the error body", async () => {
    const visitor = await preview({ content: "hello" });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ data: null, error: { status: 401 } });
    const a = await member();
    for (const payload of [
      { content: "" },
      { content: " \n " },
      { content: "x".repeat(5001) },
      { content: 42 },
      { content: "ok", extra: 1 },
      {},
    ]) {
      const res = await preview(payload, a.auth);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 30)).toBe(400);
      expect(res.json()).toMatchObject({ data: null, error: { status: 400 } });
    }
  });

  it("limits previews per member on their own, leaving posts untouched", async () => {
    const a = await member();
    const b = await member();
    const { slug } = await article();
    const { points } = RATE_LIMITS["comment-preview"];
    for (let i = 0; i < points; i++) {
      expect((await preview({ content: `draft ${i}` }, a.auth)).statusCode).toBe(200);
    }
    const over = await preview({ content: "one more" }, a.auth);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.name).toBe("RateLimitError");
    expect((await preview({ content: "another member" }, b.auth)).statusCode).toBe(200);
    expect((await post(slug, "Posting still works", a.auth)).statusCode).toBe(201);
  });

  it("documents contentHtml and the preview in the OpenAPI document", async () => {
    const docs = (await ctx.app.inject({ url: "/api/docs/json" })).json();
    expect(docs.components.schemas.Comment.properties.contentHtml).toMatchObject({
      type: "string",
    });
    expect(docs.paths["/api/comment-manager/preview"].post.responses["200"]).toBeTruthy();
  });
});
