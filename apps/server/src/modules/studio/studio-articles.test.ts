// Writing in the studio as authors and editors see it (issue #7): slugs, validation, autosave and
// conflicts, publish/unpublish/schedule with the audit log, revisions, lists, delete, thumbnails
// and the 30-day stats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type {
  ArticleStats,
  AuditEntry,
  Revision,
  RevisionSummary,
  StudioArticle,
  StudioArticleSummary,
} from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import { insertUser, type TestMember } from "../../testing/fixtures.ts";
import {
  get,
  insertComment,
  postArticle,
  putArticle,
  type StudioContext,
  studioContext,
  writeArticle,
} from "../../testing/studio.ts";

const DAY = 86_400_000;

describe.each(engines)("studio articles on %s", (engine) => {
  let ctx: StudioContext;
  let author: TestMember;
  let otherAuthor: TestMember;
  let editor: TestMember;

  beforeAll(async () => {
    ctx = await studioContext(engine);
    author = await ctx.person("author", "Ada Writer");
    otherAuthor = await ctx.person("author", "Otto Other");
    editor = await ctx.person("editor", "Eve Editor");
  });
  afterAll(() => ctx.close());

  const open = async (who: TestMember, id: number) => {
    const res = await get(ctx, who, `/api/studio/articles/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StudioArticle;
  };
  const audit = async (query = "") => {
    const res = await get(ctx, editor, `/api/studio/audit${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AuditEntry[];
  };
  const list = async (who: TestMember, query = "") => {
    const res = await get(ctx, who, `/api/studio/articles${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      data: StudioArticleSummary[];
      meta: { pagination: { total: number; pageCount: number } };
    };
  };
  const revisions = async (who: TestMember, id: number) => {
    const res = await get(ctx, who, `/api/studio/articles/${id}/revisions`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as RevisionSummary[];
  };

  describe("writing a draft", () => {
    it("makes the slug from the title, unique, and starts as a draft by the caller", async () => {
      const first = await writeArticle(ctx, author, {
        title: "Staking & You: A Primer",
        subTitle: "What validators do",
        content: "# Staking\n\nValidators lock ether to propose and attest blocks.",
        types: ["Research"],
        categories: ["Staking", "Ethereum"],
        tags: ["validators"],
        ecosystems: ["Ethereum"],
      });
      expect(first.attributes).toMatchObject({
        title: "Staking & You: A Primer",
        slug: "staking-you-a-primer",
        status: "draft",
        state: "draft",
        types: ["Research"],
        categories: [
          { name: "Staking", slug: "staking" },
          { name: "Ethereum", slug: "ethereum" },
        ],
        tags: ["validators"],
        ecosystems: [{ name: "Ethereum", slug: "ethereum" }],
        author: { id: author.id, username: "Ada Writer" },
        thumbnail: null,
        readingTimeMinutes: 1,
      });
      expect(first.attributes.excerpt).toContain("Validators lock ether");
      const second = await writeArticle(ctx, author, { title: "Staking & you: a primer" });
      expect(second.attributes.slug).toBe("staking-you-a-primer-2");
      // Only listed fields are ever answered.
      expect(Object.keys(first).sort()).toEqual(["attributes", "id"]);
      expect(first.attributes).not.toHaveProperty("clicks");
    });

    it("refuses a slug in use with a clear 400, and fields that are not the article's", async () => {
      await writeArticle(ctx, author, { title: "Taken", slug: "taken-slug" });
      const taken = await postArticle(ctx, author, { title: "Another", slug: "taken-slug" });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().error.message).toBe(
        'The slug "taken-slug" is already used by another article: choose another one',
      );
      const bad = await postArticle(ctx, author, { title: "Bad", slug: "Not A Slug" });
      expect(bad.statusCode).toBe(400);
      for (const extra of [{ authorId: editor.id }, { clicks: 5 }, { role: "admin" }]) {
        const res = await postArticle(ctx, author, { title: "Sneaky", ...extra });
        expect(res.statusCode).toBe(400);
      }
      const untitled = await postArticle(ctx, author, { title: "   " });
      expect(untitled.statusCode).toBe(400);
      expect(untitled.json().error.message).toContain("A title is needed");
      const draft = await writeArticle(ctx, author, { title: "Rename me" });
      const clash = await putArticle(ctx, author, draft.id, { slug: "taken-slug" });
      expect(clash.statusCode).toBe(400);
      expect(clash.json().error.message).toContain('"taken-slug" is already used');
    });
  });

  describe("autosave", () => {
    it("writes nothing for an unchanged save and keeps the version", async () => {
      const draft = await writeArticle(ctx, author, { title: "Autosaved", content: "One." });
      const data = { title: "Autosaved", content: "One.", updatedAt: draft.attributes.updatedAt };
      ctx.clock.advance(1000);
      const again = await putArticle(ctx, author, draft.id, data);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.attributes.updatedAt).toBe(draft.attributes.updatedAt);
      const twice = await putArticle(ctx, author, draft.id, data);
      expect(twice.json().data.attributes.updatedAt).toBe(draft.attributes.updatedAt);
      expect(await revisions(author, draft.id)).toHaveLength(1);
    });

    it("answers 409 to a save based on an older version, and writes nothing", async () => {
      const draft = await writeArticle(ctx, author, { title: "Contested", content: "Base." });
      ctx.clock.advance(1000);
      const mine = await putArticle(ctx, author, draft.id, {
        content: "Tab one.",
        updatedAt: draft.attributes.updatedAt,
      });
      expect(mine.statusCode).toBe(200);
      const newer = mine.json().data.attributes.updatedAt as string;
      expect(Date.parse(newer)).toBeGreaterThan(Date.parse(draft.attributes.updatedAt));
      const stale = await putArticle(ctx, author, draft.id, {
        content: "Tab two.",
        updatedAt: draft.attributes.updatedAt,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toContain("changed since you opened it");
      expect(stale.json().error.details.updatedAt).toBe(newer);
      expect((await open(author, draft.id)).attributes.content).toBe("Tab one.");
      // Two saves in the same millisecond still get distinct versions.
      const third = await putArticle(ctx, author, draft.id, {
        content: "Same ms.",
        updatedAt: newer,
      });
      expect(third.json().data.attributes.updatedAt).not.toBe(newer);
    });
  });

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

  describe("revisions", () => {
    it("keeps a version per save, and restoring one is a save too", async () => {
      const draft = await writeArticle(ctx, author, { title: "Versioned", content: "First text." });
      ctx.clock.advance(1000);
      await putArticle(ctx, author, draft.id, { content: "Second text." });
      ctx.clock.advance(1000);
      await putArticle(ctx, editor, draft.id, { title: "Versioned, edited", content: "Third." });
      const saved = await revisions(author, draft.id);
      expect(saved.map((r) => r.title)).toEqual(["Versioned, edited", "Versioned", "Versioned"]);
      expect(saved[0]?.savedBy).toEqual({ id: editor.id, username: "Eve Editor" });
      expect(saved[2]?.savedBy).toEqual({ id: author.id, username: "Ada Writer" });
      expect(saved[0]).not.toHaveProperty("content");

      const oldest = saved[2] as RevisionSummary;
      const one = await get(ctx, author, `/api/studio/articles/${draft.id}/revisions/${oldest.id}`);
      expect((one.json().data as Revision).content).toBe("First text.");

      ctx.clock.advance(1000);
      const restored = await ctx.inject({
        method: "POST",
        url: `/api/studio/articles/${draft.id}/revisions/${oldest.id}/restore`,
        headers: author.auth,
      });
      expect(restored.statusCode).toBe(200);
      expect(restored.json().data.attributes).toMatchObject({
        title: "Versioned",
        content: "First text.",
      });
      const after = await revisions(author, draft.id);
      expect(after).toHaveLength(4);
      expect(after[0]).toMatchObject({ title: "Versioned", savedBy: { id: author.id } });

      const other = await writeArticle(ctx, author, { title: "Elsewhere" });
      const foreign = await get(
        ctx,
        author,
        `/api/studio/articles/${other.id}/revisions/${oldest.id}`,
      );
      expect(foreign.statusCode).toBe(404);
    });
  });

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

      // An author sees only their own, whatever they ask for.
      const mine = await list(author, `?q=${tag}&authorId=${otherAuthor.id}`);
      expect(mine.data.map((a) => a.id)).toEqual([made[1]?.id]);
      expect((await get(ctx, author, "/api/studio/articles?status=soon")).statusCode).toBe(400);
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

  describe("thumbnails", () => {
    async function upload(who: TestMember): Promise<number> {
      const png = await sharp({
        create: { width: 40, height: 30, channels: 3, background: "#336699" },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append("files", new Blob([new Uint8Array(png)], { type: "image/png" }), "cover.png");
      const request = new Request("http://localhost/", { method: "POST", body: form });
      const res = await ctx.inject({
        method: "POST",
        url: "/api/upload",
        headers: {
          ...who.auth,
          "content-type": request.headers.get("content-type") ?? "",
        },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json()[0].id as number;
    }

    it("takes an author's own upload, refuses another's, and editors may use any image", async () => {
      const mine = await upload(author);
      const theirs = await upload(otherAuthor);
      const draft = await writeArticle(ctx, author, { title: "Illustrated", thumbnail: mine });
      expect(draft.attributes.thumbnail).toMatchObject({ id: mine, width: 40, height: 30 });
      expect(draft.attributes.thumbnail?.url).toMatch(/^\/uploads\//);
      const refused = await putArticle(ctx, author, draft.id, { thumbnail: theirs });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain("an image you uploaded");
      const byEditor = await putArticle(ctx, editor, draft.id, { thumbnail: theirs });
      expect(byEditor.json().data.attributes.thumbnail.id).toBe(theirs);
      const cleared = await putArticle(ctx, editor, draft.id, { thumbnail: null });
      expect(cleared.json().data.attributes.thumbnail).toBeNull();
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
});
