// The studio's reads of articles as authors and editors see them (docs/product/studio.md#studio):
// the list with its search, filters and pages, and the 30-day stats.
import { describe, expect, it } from "vitest";
import type { ArticleStats, StudioArticle, StudioTerm, StudioTerms } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import { insertUser, type TestMember } from "../../testing/fixtures.ts";
import { get, insertComment, putArticle, writeArticle } from "../../testing/studio.ts";
import { studioArticlesSuite } from "./studio-articles.test-setup.ts";

describe.each(engines)("studio articles on %s", (engine) => {
  const { ctx, author, otherAuthor, editor, list } = studioArticlesSuite(engine);

  describe("lists", () => {
    it("searches titles, filters by state, type and author, and pages", async () => {
      ctx.clock.set("2026-03-20T00:00:00.000Z");
      const tag = `zq${engine}`;
      const made: StudioArticle[] = [];
      for (const [i, extra] of [
        { types: ["News"] },
        { types: ["Research"] },
        { types: ["Research"], status: "published" },
        { types: ["News"], status: "published", publishDate: "2027-01-01T00:00:00Z" },
      ].entries()) {
        const who = extra.status ? editor : i === 0 ? otherAuthor : author;
        ctx.clock.advance(1000);
        made.push(await writeArticle(ctx, who, { title: `${tag} 100% piece ${i}`, ...extra }));
      }
      const all = await list(editor, `?q=${tag.toUpperCase()}%20100%25`);
      expect(all.data.map((a) => a.id)).toEqual(made.map((a) => a.id).reverse());
      expect((await list(editor, `?q=${tag}&status=draft`)).data).toHaveLength(2);
      expect((await list(editor, `?q=${tag}&status=scheduled`)).data.map((a) => a.id)).toEqual([
        made[3]?.id,
      ]);
      expect((await list(editor, `?q=${tag}&status=published`)).data.map((a) => a.id)).toEqual([
        made[2]?.id,
      ]);
      expect((await list(editor, `?q=${tag}&type=News`)).data).toHaveLength(2);
      expect((await list(editor, `?q=${tag}&authorId=${otherAuthor.id}`)).data).toHaveLength(1);
      const paged = await list(editor, `?q=${tag}&pageSize=3&page=2`);
      expect(paged.data).toHaveLength(1);
      expect(paged.meta.pagination).toMatchObject({ total: 4, pageCount: 2 });
      expect((await list(editor, `?q=${tag}_`)).data).toHaveLength(0);

      // A title with a capital outside ASCII is found as it is written.
      const accented = await writeArticle(ctx, editor, {
        title: `Énergie ${tag}`,
        types: ["News"],
      });
      expect(
        (await list(editor, `?q=${encodeURIComponent(`Énergie ${tag}`)}`)).data.map((a) => a.id),
      ).toEqual([accented.id]);

      // An author sees only their own, whatever they ask for.
      const mine = await list(author, `?q=${tag}&authorId=${otherAuthor.id}`);
      expect(mine.data.map((a) => a.id)).toEqual([made[1]?.id]);
      expect((await get(ctx, author, "/api/studio/articles?status=soon")).statusCode).toBe(400);
    });

    it("finds an article by part of its new title once retitled, and no longer by the old", async () => {
      const tag = `zre${engine}`;
      const made = await writeArticle(ctx, editor, {
        title: `${tag} Gas markets`,
        types: ["News"],
      });
      const found = async (q: string) =>
        (await list(editor, `?q=${encodeURIComponent(q)}`)).data.map((a) => a.id);
      expect(await found(`${tag} gas`)).toEqual([made.id]);
      const res = await putArticle(ctx, editor, made.id, { title: `${tag} Blob fees` });
      expect(res.statusCode, res.body).toBe(200);
      expect(await found(`${tag} gas`)).toEqual([]);
      expect(await found(`${tag} BLOB`)).toEqual([made.id]);
    });

    it("lists newest first by publish date, drafts by their last change", async () => {
      ctx.clock.set("2026-03-20T00:00:00.000Z");
      const tag = `zdate${engine}`;
      const write = async (title: string, extra: Record<string, unknown>) => {
        ctx.clock.advance(1000);
        return (await writeArticle(ctx, editor, { title: `${tag} ${title}`, ...extra })).id;
      };
      const january = await write("January", {
        status: "published",
        publishDate: "2026-01-01T00:00:00Z",
      });
      const draft = await write("draft", { publishDate: "2025-06-01T00:00:00Z" });
      const february = await write("February", {
        status: "published",
        publishDate: "2026-02-01T00:00:00Z",
      });
      const scheduled = await write("scheduled", {
        status: "published",
        publishDate: "2027-01-01T00:00:00Z",
      });
      // A late correction does not move a published article up.
      ctx.clock.advance(1000);
      const fixed = await putArticle(ctx, editor, january, { subTitle: "Corrected" });
      expect(fixed.statusCode, fixed.body).toBe(200);

      const order = (await list(editor, `?q=${tag}`)).data.map((a) => a.id);
      expect(order).toEqual([scheduled, draft, february, january]);
      const pages = [
        ...(await list(editor, `?q=${tag}&pageSize=2&page=1`)).data,
        ...(await list(editor, `?q=${tag}&pageSize=2&page=2`)).data,
      ];
      expect(pages.map((a) => a.id)).toEqual(order);
    });
  });

  describe("stats", () => {
    it("counts the last 30 days of views, likes, bookmarks and comments", async () => {
      ctx.clock.set("2026-03-31T15:00:00.000Z");
      const article = await writeArticle(ctx, editor, {
        title: "Much read",
        status: "published",
        publishDate: "2026-01-01T00:00:00Z",
      });
      const path = `/p/${article.attributes.slug}`;
      await ctx.db.kysely
        .insertInto("page_views_daily")
        .values([
          { day: "2026-03-01", path, views: 100, visitors: 90 }, // 30 days ago: out
          { day: "2026-03-02", path, views: 7, visitors: 5 },
          { day: "2026-03-31", path, views: 3, visitors: 2 },
          { day: "2026-03-31", path: "/p/another", views: 50, visitors: 50 },
        ])
        .execute();
      const readers = [
        await insertUser(ctx.db),
        await insertUser(ctx.db),
        await insertUser(ctx.db),
      ];
      const at = (iso: string) => ({ article_id: article.id, created_at: iso });
      await ctx.db.kysely
        .insertInto("article_likes")
        .values([
          { ...at("2026-03-10T00:00:00.000Z"), user_id: readers[0] as number },
          { ...at("2026-03-30T00:00:00.000Z"), user_id: readers[1] as number },
          { ...at("2026-03-01T23:59:59.000Z"), user_id: readers[2] as number },
        ])
        .execute();
      await ctx.db.kysely
        .insertInto("article_bookmarks")
        .values([{ ...at("2026-03-15T00:00:00.000Z"), user_id: readers[0] as number }])
        .execute();
      await insertComment(ctx.db, {
        articleId: article.id,
        authorId: readers[0] as number,
        at: "2026-03-20T00:00:00.000Z",
      });
      await insertComment(ctx.db, {
        articleId: article.id,
        authorId: readers[1] as number,
        at: "2026-02-20T00:00:00.000Z",
      });

      const res = await get(ctx, editor, `/api/studio/articles/${article.id}/stats`);
      expect(res.statusCode).toBe(200);
      const stats = res.json().data as ArticleStats;
      expect(stats).toMatchObject({
        from: "2026-03-02",
        to: "2026-03-31",
        views: 10,
        visitors: 7,
        likes: 2,
        bookmarks: 1,
        comments: 1,
      });
      expect(stats.daily).toHaveLength(30);
      expect(stats.daily[0]).toEqual({ day: "2026-03-02", views: 7 });
      expect(stats.daily[29]).toEqual({ day: "2026-03-31", views: 3 });
      expect(stats.daily[15]).toEqual({ day: "2026-03-17", views: 0 });
    });
  });
  describe("terms", () => {
    it("offers the terms in use, most used first; an author those of live articles and their own", async () => {
      ctx.clock.set("2026-03-20T00:00:00.000Z");
      const t = (name: string) => `${name} ${engine}t`;
      const live = { types: ["News"], status: "published", publishDate: "2026-03-01T00:00:00Z" };
      await writeArticle(ctx, editor, {
        ...live,
        title: "Terms one",
        tags: [t("Staking"), t("Audits")],
        categories: [t("Security")],
      });
      await writeArticle(ctx, editor, { ...live, title: "Terms two", tags: [t("Staking")] });
      await writeArticle(ctx, editor, {
        ...live,
        title: "Terms scheduled",
        publishDate: "2027-01-01T00:00:00Z",
        tags: [t("Embargoed")],
      });
      await writeArticle(ctx, otherAuthor, { title: "Their draft", tags: [t("Secret deal")] });
      await writeArticle(ctx, author, { title: "My draft", tags: [t("Mine")] });
      const terms = async (who: TestMember) => {
        const res = await get(ctx, who, "/api/studio/terms");
        expect(res.statusCode, res.body).toBe(200);
        const data = res.json().data as StudioTerms;
        const ours = (list: StudioTerm[]) =>
          list.filter((x) => x.name.endsWith(`${engine}t`)).map((x) => [x.name, x.articleCount]);
        return { tags: ours(data.tags), categories: ours(data.categories) };
      };
      expect(await terms(editor)).toEqual({
        tags: [
          [t("Staking"), 2],
          [t("Audits"), 1],
          [t("Embargoed"), 1],
          [t("Mine"), 1],
          [t("Secret deal"), 1],
        ],
        categories: [[t("Security"), 1]],
      });
      // Another's draft and a scheduled article's terms stay unseen by an author.
      expect((await terms(author)).tags).toEqual([
        [t("Staking"), 2],
        [t("Audits"), 1],
        [t("Mine"), 1],
      ]);
      expect((await get(ctx, null, "/api/studio/terms")).statusCode).toBe(401);
      const reader = await ctx.person("member", "Terms Reader");
      expect((await get(ctx, reader, "/api/studio/terms")).statusCode).toBe(403);
    });
  });
});
