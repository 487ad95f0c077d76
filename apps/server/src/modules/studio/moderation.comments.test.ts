// Every comment of the site as a moderator lists it (docs/product/studio.md#studio-moderation):
// newest first with their reports, narrowed to reported or hidden ones, to one member, to one
// article.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModeratedComment } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import type { TestMember } from "../../testing/fixtures.ts";
import {
  get,
  insertComment,
  insertReport,
  type StudioContext,
  studioContext,
  writeArticle,
} from "../../testing/studio.ts";

describe.each(engines)("every comment for moderators on %s", (engine) => {
  let ctx: StudioContext;
  let editor: TestMember;
  let ana: TestMember;
  let ben: TestMember;
  const ids: Record<string, number> = {};
  const articles: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await studioContext(engine);
    editor = await ctx.person("editor", "Eve Editor");
    ana = await ctx.person("member", "Ana Answer");
    ben = await ctx.person("member", "Ben Bicker");
    for (const title of ["Fees explained", "Bridges explained"]) {
      const article = await writeArticle(ctx, editor, {
        title,
        status: "published",
        publishDate: "2026-01-01T00:00:00Z",
      });
      articles[title] = article.id;
    }
    const write = async (name: string, who: TestMember, title: string, at: string) => {
      const articleId = articles[title]!;
      ids[name] = await insertComment(ctx.db, { articleId, authorId: who.id, content: name, at });
    };
    await write("first", ana, "Fees explained", "2026-03-01T10:00:00.000Z");
    await write("rude", ben, "Fees explained", "2026-03-01T11:00:00.000Z");
    await write("aside", ben, "Bridges explained", "2026-03-01T12:00:00.000Z");
    await write("latest", ana, "Bridges explained", "2026-03-01T13:00:00.000Z");
    await insertReport(ctx.db, { commentId: ids.rude!, userId: ana.id, reason: "harassment" });
    await ctx.db.kysely
      .updateTable("comments")
      .set({ hidden_at: "2026-03-02T09:00:00.000Z", hidden_by: editor.id })
      .where("id", "=", ids.aside!)
      .execute();
  });
  afterAll(() => ctx.close());

  const list = async (query: string) => {
    const res = await get(ctx, editor, `/api/studio/comments${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      data: ModeratedComment[];
      meta: { pagination: { total: number } };
    };
    return { contents: body.data.map((c) => c.comment.content), body };
  };

  it("lists every comment newest first, reported or not, each with its reports", async () => {
    const { contents, body } = await list("");
    expect(contents).toEqual(["latest", "aside", "rude", "first"]);
    expect(body.meta.pagination.total).toBe(4);
    const latest = body.data[0];
    expect(latest).toMatchObject({
      comment: { content: "latest", hidden: false, author: { username: "Ana Answer" } },
      article: { id: articles["Bridges explained"], title: "Bridges explained" },
      reportCount: 0,
      openReports: 0,
      reasons: [],
      lastReportedAt: null,
      resolution: null,
    });
    expect(body.data[2]).toMatchObject({ reportCount: 1, openReports: 1, reasons: ["Harassment"] });
  });

  it("narrows to reported or hidden comments, to one member, to one article, and together", async () => {
    expect((await list("?show=reported")).contents).toEqual(["rude"]);
    expect((await list("?show=hidden")).contents).toEqual(["aside"]);
    expect((await list(`?member=${ben.id}`)).contents).toEqual(["aside", "rude"]);
    expect((await list(`?article=${articles["Fees explained"]}`)).contents).toEqual([
      "rude",
      "first",
    ]);
    const both = await list(`?member=${ana.id}&article=${articles["Bridges explained"]}`);
    expect(both.contents).toEqual(["latest"]);
    expect((await list(`?show=hidden&member=${ana.id}`)).contents).toEqual([]);
    expect((await list("?pageSize=1&page=2")).contents).toEqual(["aside"]);
  });

  it("answers a query it cannot read with 400 and what is wrong", async () => {
    for (const query of ["?show=spam", "?member=ana", "?article=0", "?colour=red"]) {
      const res = await get(ctx, editor, `/api/studio/comments${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.name).toBe("ValidationError");
    }
  });

  it("names the people and quotes the comments its actions were on, in the audit log", async () => {
    const act = (method: "POST" | "DELETE", url: string, payload?: object) =>
      ctx.inject({ method, url, headers: editor.auth, ...(payload ? { payload } : {}) });
    await act("POST", `/api/studio/comments/${ids.first}/hide`);
    await act("DELETE", `/api/studio/comments/${ids.latest}`);
    await act("POST", `/api/studio/members/${ben.id}/ban`, { reason: "Bickering" });
    const res = await get(ctx, editor, "/api/studio/audit?pageSize=3");
    const entries = res.json().data as { action: string; target: object }[];
    expect(entries.map((e) => [e.action, e.target])).toEqual([
      ["member.ban", { name: "Ben Bicker", quote: null }],
      // Deleted: its text is gone, so nothing is quoted.
      ["comment.delete", { name: "Ana Answer", quote: null }],
      ["comment.hide", { name: "Ana Answer", quote: "first" }],
    ]);
  });
});
