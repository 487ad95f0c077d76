// Publishing in the studio as authors and editors see it (docs/product/studio.md#studio): publish,
// unpublish and schedule with the audit log, an author's proposed date, and deleting.
import { describe, expect, it } from "vitest";
import { engines } from "../../testing/db.ts";
import { get, putArticle, writeArticle } from "../../testing/studio.ts";
import { studioArticlesSuite } from "./studio-articles.test-setup.ts";

const DAY = 86_400_000;

describe.each(engines)("studio articles on %s", (engine) => {
  const { ctx, author, editor, open, audit } = studioArticlesSuite(engine);

  describe("publishing", () => {
    it("lets an editor publish, unpublish and schedule, each audited; authors never", async () => {
      ctx.clock.set("2026-03-10T10:00:00.000Z");
      const draft = await writeArticle(ctx, author, { title: "Ready for review" });
      const refused = await putArticle(ctx, author, draft.id, { status: "published" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(
        "Only editors can publish, unpublish or schedule articles",
      );

      ctx.clock.advance(DAY);
      const live = await putArticle(ctx, editor, draft.id, { status: "published" });
      expect(live.statusCode).toBe(200);
      // Published now, not at the draft's creation time.
      expect(live.json().data.attributes).toMatchObject({
        status: "published",
        state: "published",
        publishDate: "2026-03-11T10:00:00.000Z",
      });
      // The author can no longer change it.
      expect((await putArticle(ctx, author, draft.id, { content: "Late edit" })).statusCode).toBe(
        403,
      );

      const back = await putArticle(ctx, editor, draft.id, { status: "draft" });
      expect(back.json().data.attributes.state).toBe("draft");
      const scheduled = await putArticle(ctx, editor, draft.id, {
        status: "published",
        publishDate: "2026-04-01T08:00:00+02:00",
      });
      expect(scheduled.json().data.attributes).toMatchObject({
        state: "scheduled",
        publishDate: "2026-04-01T06:00:00.000Z",
      });

      const entries = await audit(`?targetType=article&targetId=${draft.id}`);
      expect(entries.map((e) => e.action)).toEqual([
        "article.schedule",
        "article.unpublish",
        "article.publish",
      ]);
      expect(entries[0]).toMatchObject({
        actor: { id: editor.id, username: "Eve Editor" },
        targetType: "article",
        targetId: draft.id,
        details: { from: "draft", to: "scheduled", publishDate: "2026-04-01T06:00:00.000Z" },
      });

      // Its time comes: the studio shows it published, with no request having changed it.
      ctx.clock.set("2026-04-01T06:00:00.000Z");
      expect((await open(editor, draft.id)).attributes.state).toBe("published");
    });

    it("keeps an author's proposed date on the draft until an editor publishes", async () => {
      ctx.clock.set("2026-03-10T10:00:00.000Z");
      const draft = await writeArticle(ctx, author, {
        title: "Proposed for later",
        publishDate: "2026-03-20T09:00:00Z",
      });
      expect(draft.attributes.state).toBe("draft");
      const res = await putArticle(ctx, editor, draft.id, { status: "published" });
      expect(res.json().data.attributes).toMatchObject({
        state: "scheduled",
        publishDate: "2026-03-20T09:00:00.000Z",
      });
    });
  });

  describe("deleting", () => {
    it("removes the article from the studio and search, and audits it", async () => {
      const doomed = await writeArticle(ctx, editor, {
        title: "Quixotic flamingo",
        status: "published",
        publishDate: "2020-01-01T00:00:00Z",
      });
      const found = await ctx.inject({ url: "/api/fuzzy-search/search?query=quixotic%20flamingo" });
      expect(found.json().articles.map((a: { id: number }) => a.id)).toContain(doomed.id);
      const res = await ctx.inject({
        method: "DELETE",
        url: `/api/articles/${doomed.id}`,
        headers: editor.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.attributes.slug).toBe("quixotic-flamingo");
      expect((await get(ctx, editor, `/api/studio/articles/${doomed.id}`)).statusCode).toBe(404);
      const gone = await ctx.inject({ url: "/api/fuzzy-search/search?query=quixotic%20flamingo" });
      expect(gone.json().articles).toEqual([]);
      const [entry] = await audit(`?action=article.delete&targetId=${doomed.id}`);
      expect(entry?.details).toMatchObject({ slug: "quixotic-flamingo", state: "published" });
    });
  });
});
