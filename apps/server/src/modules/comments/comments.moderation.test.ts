// A moderator's hide, unhide and delete through the comment manager's own routes
// (docs/product/studio.md#studio-moderation): audited and answering the comment's open reports as
// the studio's routes do, in the same transaction; a member deleting their own comment is not
// moderation.
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, ModeratedComment } from "@pragmatist/contracts";
import { sql } from "kysely";
import { engines } from "../../testing/db.ts";
import type { TestMember } from "../../testing/fixtures.ts";
import {
  get,
  insertComment,
  insertReport,
  withStudio,
  writeArticle,
} from "../../testing/studio.ts";

const BASE = "/api/comment-manager/comments";

describe.each(engines)("moderation through the comment manager on %s", (engine) => {
  const { ctx, editor, admin, troll, rita } = withStudio(engine, {
    editor: ["editor", "Eve Editor"],
    admin: ["admin", "Ada Admin"],
    troll: ["member", "Tom Troll"],
    rita: ["member", "Rita Reader"],
  });
  let articleId: number;

  beforeAll(async () => {
    const article = await writeArticle(ctx, editor, {
      title: "Moderated in place",
      status: "published",
      publishDate: "2026-01-01T00:00:00Z",
    });
    articleId = article.id;
  });

  /** A comment by `author`, reported once by Rita; its id. */
  const reported = async (author: TestMember, content: string) => {
    const id = await insertComment(ctx.db, { articleId, authorId: author.id, content });
    await insertReport(ctx.db, { commentId: id, userId: rita.id, reason: "spam" });
    return id;
  };
  const hide = (who: TestMember, id: number, hidden: boolean) =>
    ctx.inject({
      method: "PUT",
      url: `${BASE}/${id}/hide`,
      headers: who.auth,
      payload: { hidden },
    });
  const remove = (who: TestMember, id: number) =>
    ctx.inject({ method: "DELETE", url: `${BASE}/${id}`, headers: who.auth });
  /** The comment as the studio's queue shows it (`include=all`), and whether it is still open. */
  const queued = async (id: number) => {
    const read = async (query: string) => {
      const res = await get(ctx, editor, `/api/studio/reports?pageSize=100${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as ModeratedComment[]).find((c) => c.comment.id === id);
    };
    return { open: (await read("")) !== undefined, entry: await read("&include=all") };
  };
  /** The audit log's entries on comment `id`, newest first, as [action, actor id]. */
  const audited = async (id: number) => {
    const res = await get(ctx, admin, `/api/studio/audit?targetType=comment&targetId=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as AuditEntry[]).map((e) => [e.action, e.actor?.id]);
  };

  it("audits an editor's hide and unhide and answers the comment's open reports as hidden", async () => {
    const id = await reported(troll, "Buy my coin");
    expect((await queued(id)).open).toBe(true);

    const hidden = await hide(editor, id, true);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ hidden: true });
    expect(await audited(id)).toEqual([["comment.hide", editor.id]]);
    const after = await queued(id);
    expect(after.open).toBe(false);
    expect(after.entry).toMatchObject({
      comment: { hidden: true },
      openReports: 0,
      resolution: { outcome: "hidden", by: { id: editor.id, username: "Eve Editor" } },
    });

    // Shown again: audited too; the reports stay answered.
    expect((await hide(editor, id, false)).json()).toEqual({ hidden: false });
    expect(await audited(id)).toEqual([
      ["comment.unhide", editor.id],
      ["comment.hide", editor.id],
    ]);
    expect(await queued(id)).toMatchObject({
      open: false,
      entry: { openReports: 0, resolution: { outcome: "hidden" } },
    });
  });

  it("audits a moderator's delete of another's comment and answers its reports as deleted", async () => {
    const id = await reported(troll, "You are all wrong");
    const res = await remove(admin, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect(await audited(id)).toEqual([["comment.delete", admin.id]]);
    expect(await queued(id)).toEqual({
      open: false,
      entry: expect.objectContaining({
        comment: expect.objectContaining({ deleted: true }),
        openReports: 0,
        resolution: {
          outcome: "deleted",
          by: { id: admin.id, username: "Ada Admin" },
          at: expect.any(String),
        },
      }),
    });
  });

  it("records nothing when a member of any role deletes their own comment, and leaves its reports open", async () => {
    const studioRemove = (who: TestMember, id: number) =>
      ctx.inject({ method: "DELETE", url: `/api/studio/comments/${id}`, headers: who.auth });
    for (const [author, del] of [
      [troll, remove],
      [editor, remove],
      [editor, studioRemove],
    ] as const) {
      const id = await reported(author, `Second thoughts of ${author.id}`);
      const res = await del(author, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(await audited(id)).toEqual([]);
      expect(await queued(id)).toMatchObject({
        open: true,
        entry: { comment: { deleted: true }, openReports: 1, resolution: null },
      });
    }
  });

  it("hides or deletes a comment only together with its audit entry", async () => {
    const text = "Audited or untouched";
    const id = await reported(troll, text);
    // The audit log cannot be written (a real failure of the database, not a stub).
    const auditLog = (from: string, to: string) =>
      sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(ctx.db.kysely);
    await auditLog("audit_log", "audit_log_away");
    try {
      for (const res of [await hide(editor, id, true), await remove(editor, id)]) {
        expect(res.statusCode).toBe(500);
      }
    } finally {
      await auditLog("audit_log_away", "audit_log");
    }
    // Neither happened: the comment is as it was and its report still open.
    expect(await audited(id)).toEqual([]);
    expect(await queued(id)).toMatchObject({
      open: true,
      entry: { comment: { hidden: false, deleted: false, content: text }, openReports: 1 },
    });
  });
});
