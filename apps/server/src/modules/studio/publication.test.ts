// What readers see of studio work (docs/product/studio.md#studio): drafts and scheduled articles
// are absent from the public API, search, feeds, sitemaps and pages; a scheduled article goes live
// at its time with no request, even through the response cache; publish and unpublish show at once.
// Uses the built web app (apps/web/build, built first when missing) for the article pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StudioArticle } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import type { TestMember } from "../../testing/fixtures.ts";
import { ensureWebBuild } from "../../testing/web-build.ts";
import {
  insertComment,
  putArticle,
  type StudioContext,
  studioContext,
  writeArticle,
} from "../../testing/studio.ts";

const HOUR = 3_600_000;

describe.each(engines)("what readers see of studio work on %s", (engine) => {
  let ctx: StudioContext;
  let editor: TestMember;
  let author: TestMember;
  let live: StudioArticle;
  let draft: StudioArticle;
  let scheduled: StudioArticle;

  beforeAll(async () => {
    ensureWebBuild();
    // A long response cache: anything it kept must still not hide a change.
    ctx = await studioContext(engine, {
      web: "build",
      config: { RESPONSE_CACHE_SECONDS: "600", PUBLIC_URL: "https://pragmatist.example" },
    });
    editor = await ctx.person("editor");
    author = await ctx.person("author");
    const body = (word: string) => ({
      content: `Field notes on the ${word} market.`,
      types: ["Research"],
    });
    live = await writeArticle(ctx, editor, {
      title: "Lighthouse liquidity",
      status: "published",
      publishDate: "2026-01-05T00:00:00Z",
      ...body("lighthouse"),
    });
    draft = await writeArticle(ctx, author, { title: "Zebra draft", ...body("zebra") });
    scheduled = await writeArticle(ctx, editor, {
      title: "Nebula outlook",
      status: "published",
      publishDate: new Date(ctx.clock.now().getTime() + HOUR).toISOString(),
      ...body("nebula"),
    });
    expect(scheduled.attributes.state).toBe("scheduled");
  });
  afterAll(() => ctx.close());

  /** What an anonymous reader finds of each slug, asked twice so the second answer is cached. */
  async function seen(): Promise<Record<string, Record<string, boolean>>> {
    const read = async (url: string) => {
      await ctx.inject({ url });
      const res = await ctx.inject({ url });
      return res;
    };
    const list = (await read("/api/articles?pagination[pageSize]=100")).json() as {
      data: { attributes: { slug: string } }[];
    };
    const feed = (await read("/feed.xml")).body;
    const sitemap = (await read("/sitemaps/articles.xml")).body;
    const out: Record<string, Record<string, boolean>> = {};
    for (const [word, a] of [
      ["lighthouse", live],
      ["zebra", draft],
      ["nebula", scheduled],
    ] as const) {
      const slug = a.attributes.slug;
      const bySlug = (await read(`/api/articles?filters[slug][$eq]=${slug}`)).json();
      const search = (await read(`/api/fuzzy-search/search?query=${word}`)).json();
      const page = await read(`/p/${slug}`);
      out[slug] = {
        list: list.data.some((d) => d.attributes.slug === slug),
        bySlug: bySlug.data.length === 1,
        search: search.articles.some((h: { slug: string }) => h.slug === slug),
        feed: feed.includes(`/p/${slug}<`),
        sitemap: sitemap.includes(`/p/${slug}<`),
        page: page.statusCode === 200,
      };
      if (!out[slug].page) expect(page.statusCode).toBe(404);
    }
    return out;
  }

  const everywhere = {
    list: true,
    bySlug: true,
    search: true,
    feed: true,
    sitemap: true,
    page: true,
  };
  const nowhere = {
    list: false,
    bySlug: false,
    search: false,
    feed: false,
    sitemap: false,
    page: false,
  };

  it("hides drafts and scheduled articles, and shows a scheduled one at its time by itself", async () => {
    expect(await seen()).toEqual({
      [live.attributes.slug]: everywhere,
      [draft.attributes.slug]: nowhere,
      [scheduled.attributes.slug]: nowhere,
    });
    // Those answers are now kept by the response cache, for every reader.
    for (const url of [
      "/api/articles?pagination[pageSize]=100",
      "/feed.xml",
      "/p/lighthouse-liquidity",
    ]) {
      expect((await ctx.inject({ url })).headers["x-cache"], url).toBe("HIT");
    }

    // One second before its time nothing changes; then time passes, and no request is made.
    ctx.clock.advance(HOUR - 1000);
    expect((await seen())[scheduled.attributes.slug]).toEqual(nowhere);
    ctx.clock.advance(1000);
    expect(await seen()).toEqual({
      [live.attributes.slug]: everywhere,
      [draft.attributes.slug]: nowhere,
      [scheduled.attributes.slug]: everywhere,
    });
  });

  it("shows a publish and an unpublish at once, cached pages notwithstanding", async () => {
    await seen();
    const published = await putArticle(ctx, editor, draft.id, { status: "published" });
    expect(published.statusCode).toBe(200);
    const unpublished = await putArticle(ctx, editor, live.id, { status: "draft" });
    expect(unpublished.statusCode).toBe(200);
    const now = await seen();
    expect(now[draft.attributes.slug]).toEqual(everywhere);
    expect(now[live.attributes.slug]).toEqual(nowhere);
  });

  it("drops a hidden or deleted comment from cached article pages at once", async () => {
    const slug = live.attributes.slug;
    await putArticle(ctx, editor, live.id, { status: "published" });
    const reader = await ctx.person("member");
    const hiddenId = await insertComment(ctx.db, {
      articleId: live.id,
      authorId: reader.id,
      content: "Shouting about a pump",
    });
    const deletedId = await insertComment(ctx.db, {
      articleId: live.id,
      authorId: reader.id,
      content: "Buy my course",
    });
    const page = async () => {
      const res = await ctx.inject({ url: `/p/${slug}` });
      return { html: res.body, cache: res.headers["x-cache"] };
    };
    await page();
    const cached = await page();
    expect(cached.cache).toBe("HIT");
    expect(cached.html).toContain("Shouting about a pump");
    const auth = { authorization: `Bearer ${editor.jwt}` };
    const hide = await ctx.inject({
      method: "POST",
      url: `/api/studio/comments/${hiddenId}/hide`,
      headers: auth,
    });
    expect(hide.statusCode).toBe(200);
    const remove = await ctx.inject({
      method: "DELETE",
      url: `/api/studio/comments/${deletedId}`,
      headers: auth,
    });
    expect(remove.statusCode).toBe(200);
    const after = await page();
    expect(after.html).not.toContain("Shouting about a pump");
    expect(after.html).not.toContain("Buy my course");
  });

  it("keeps cached pages through a like, while the liker's viewer has the count as it is now", async () => {
    const slug = live.attributes.slug;
    await putArticle(ctx, editor, live.id, { status: "published" });
    const reader = await ctx.person("member");
    const auth = { authorization: `Bearer ${reader.jwt}` };
    const cache = async () => (await ctx.inject({ url: `/p/${slug}` })).headers["x-cache"];
    await cache();
    expect(await cache()).toBe("HIT");
    const liked = await ctx.inject({
      method: "POST",
      url: "/api/articles/toggle-like",
      headers: auth,
      payload: { articleId: live.id },
    });
    expect(liked.json()).toEqual({ liked: true, likeCount: 1 });
    // A like empties no cache: the busiest pages would otherwise have none.
    expect(await cache()).toBe("HIT");
    const viewer = await ctx.inject({ url: `/api/viewer?article=${slug}`, headers: auth });
    expect(viewer.json().data.article).toMatchObject({ liked: true, likeCount: 1 });
  });
});
