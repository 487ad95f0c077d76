// Pages as a reader without JavaScript gets them (docs/architecture.md#caching): what the browser
// hydrates from chunks of its own (the footer, the article's subscribe panel, the comments) is in
// the first HTML, from the first render of a fresh process on. Uses the built web app
// (apps/web/build, built first when missing).
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../modules/accounts/sessions.ts";
import { insertComment, withStudio, writeArticle } from "../testing/studio.ts";
import { ensureWebBuild } from "../testing/web-build.ts";

describe("server-rendered pages", () => {
  ensureWebBuild();
  const studio = withStudio(
    "sqlite",
    { editor: ["editor", "LazyEditor"], ann: ["member", "AnnOwner"], ben: ["member", "BenOther"] },
    { web: "build", config: { SITE_NAME: "Harbour Notes" } },
  );

  it("holds the parts hydrated from their own chunks in the first HTML", async () => {
    const { ctx, editor } = studio;
    const article = await writeArticle(ctx, editor, {
      title: "Tidal volumes",
      content: "Volumes rose with the tide.",
      types: ["News"],
      status: "published",
      publishDate: "2026-01-05T00:00:00Z",
    });
    await insertComment(ctx.db, {
      articleId: article.id,
      authorId: editor.id,
      content: "A first reader's note on the tide",
    });
    const page = await ctx.inject({ url: `/p/${article.attributes.slug}` });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    // The footer: Latest News (with this article, the latest News) and Quick Links.
    expect(html).toMatch(/<footer[\s\S]*Latest News[\s\S]*Tidal volumes[\s\S]*Quick Links/);
    // The subscribe panel under the text, with its form.
    expect(html).toContain("Subscribe to <!-- -->Harbour Notes");
    expect(html).toContain('placeholder="you@example.com"');
    // The comments panel itself, not its loading skeleton: the comment as the server renders it.
    expect(html).toContain("<p>A first reader's note on the tide</p>");
  });

  it("answers /favicon.ico with the icon, /error with a 500, and one title separator", async () => {
    const { ctx } = studio;
    const icon = await ctx.inject({ url: "/favicon.ico" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(icon.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0])); // an ICO header
    const error = await ctx.inject({ url: "/error" });
    expect(error.statusCode).toBe(500);
    expect(error.body).toContain("<title>Something went wrong — Harbour Notes</title>");
    const login = await ctx.inject({ url: "/login" });
    expect(login.body).toContain("<title>Sign in — Harbour Notes</title>");
  });

  it("keeps private pages and answers out of every cache: studio, account, Max's history", async () => {
    const { ctx, editor, ann, ben } = studio;
    const cookie = (who: { jwt: string }) => ({ cookie: `${SESSION_COOKIE}=${who.jwt}` });
    const studioPage = await ctx.inject({ url: "/studio", headers: cookie(editor) });
    const accountPages = await Promise.all(
      [ann, ben, ann].map((who) => ctx.inject({ url: "/account", headers: cookie(who) })),
    );
    const history = await ctx.inject({ url: "/api/assistant/history", headers: ann.auth });
    for (const res of [studioPage, ...accountPages, history]) {
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers["x-cache"]).toBeUndefined();
    }
    // Each reader gets their own account page, however the requests follow one another.
    const [annFirst, benPage, annAgain] = accountPages.map((r) => r.body);
    expect(annFirst).toContain("AnnOwner");
    expect(annFirst).not.toContain("BenOther");
    expect(benPage).toContain("BenOther");
    expect(benPage).not.toContain("AnnOwner");
    expect(annAgain).toContain("AnnOwner");
    // The same reader's public page, for contrast, is shared.
    const about = await ctx.inject({ url: "/about", headers: cookie(ann) });
    expect(about.headers["cache-control"]).toMatch(/^public, /);
  });
});
