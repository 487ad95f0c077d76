// Moderation and members in the studio (docs/product/studio.md#studio): the reports queue,
// hide/unhide/delete as readers notice them, bans from commenting, members and roles (never leaving
// no admin), newsletter subscribers with the CSV export, and the audit log of all of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, Comment, ModeratedComment, StudioMember } from "@pragmatist/contracts";
import { sql } from "kysely";
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

describe.each(engines)("studio moderation and members on %s", (engine) => {
  let ctx: StudioContext;
  let editor: TestMember;
  let admin: TestMember;
  let reader: TestMember;
  let troll: TestMember;
  let slug: string, articleId: number;

  beforeAll(async () => {
    ctx = await studioContext(engine);
    editor = await ctx.person("editor", "Eve Editor");
    admin = await ctx.person("admin", "Ada Admin");
    reader = await ctx.person("member", "Rita Reader");
    troll = await ctx.person("member", "Tom Troll");
    const article = await writeArticle(ctx, editor, {
      title: "Discussed at length",
      status: "published",
      publishDate: "2026-01-01T00:00:00Z",
    });
    slug = article.attributes.slug;
    articleId = article.id;
  });
  afterAll(() => ctx.close());

  const call = (
    who: TestMember,
    method: "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
  ) => ctx.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
  const thread = async () => {
    const res = await ctx.inject({ url: `/api/comment-manager/comments/${slug}?sort=oldest` });
    return (res.json() as Comment[]).map((c) => c.content);
  };
  const reports = async (query = "") => {
    const res = await get(ctx, editor, `/api/studio/reports${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ModeratedComment[];
  };
  const audit = async (query: string) =>
    (await get(ctx, admin, `/api/studio/audit${query}`)).json().data as AuditEntry[];
  const comment = (who: TestMember, content: string) =>
    call(who, "POST", `/api/comment-manager/comments/${slug}`, { content });

  it("queues reported comments with counts and reasons, most recently reported first", async () => {
    const rude = await insertComment(ctx.db, {
      articleId,
      authorId: troll.id,
      content: "You are all wrong",
    });
    const spam = await insertComment(ctx.db, {
      articleId,
      authorId: troll.id,
      content: "Buy my coin",
    });
    await insertReport(ctx.db, {
      commentId: rude,
      userId: reader.id,
      reason: "other",
      note: "Insulting",
      at: "2026-03-01T10:00:00.000Z",
    });
    await insertReport(ctx.db, {
      commentId: rude,
      userId: editor.id,
      reason: null,
      at: "2026-03-01T11:00:00.000Z",
    });
    await insertReport(ctx.db, {
      commentId: spam,
      userId: reader.id,
      reason: "spam",
      at: "2026-03-01T12:00:00.000Z",
    });
    // A report from before the fixed reasons: its free text reads as written.
    await insertReport(ctx.db, {
      commentId: spam,
      userId: editor.id,
      reason: "Buy-my-coin links",
      at: "2026-03-01T11:30:00.000Z",
    });
    const queue = await reports();
    expect(queue.map((r) => r.comment.id)).toEqual([spam, rude]);
    expect(queue[0]?.reasons).toEqual(["Spam", "Buy-my-coin links"]);
    expect(queue[1]).toEqual({
      comment: {
        id: rude,
        content: "You are all wrong",
        contentHtml: "<p>You are all wrong</p>",
        createdAt: expect.any(String),
        hidden: false,
        deleted: false,
        author: { id: troll.id, username: "Tom Troll", banned: false },
      },
      article: { id: articleId, slug, title: "Discussed at length" },
      reportCount: 2,
      openReports: 2,
      reasons: ["Other: Insulting"],
      lastReportedAt: "2026-03-01T11:00:00.000Z",
      resolution: null,
    });

    // Hidden: readers no longer see it, it leaves the open queue, and it is audited.
    expect(await thread()).toContain("Buy my coin");
    const hidden = await call(editor, "POST", `/api/studio/comments/${spam}/hide`);
    expect(hidden.json()).toEqual({ data: { hidden: true } });
    expect(await thread()).not.toContain("Buy my coin");
    expect((await reports()).map((r) => r.comment.id)).toEqual([rude]);
    const answered = (await reports("?include=all"))[0];
    expect(answered?.comment).toMatchObject({ id: spam, hidden: true });
    // Hiding answered its reports, with who and when.
    expect(answered).toMatchObject({
      reportCount: 2,
      openReports: 0,
      resolution: { outcome: "hidden", by: { id: editor.id, username: "Eve Editor" } },
    });
    await call(editor, "POST", `/api/studio/comments/${spam}/unhide`);
    expect(await thread()).toContain("Buy my coin");

    const deleted = await call(editor, "DELETE", `/api/studio/comments/${rude}`);
    expect(deleted.json()).toEqual({ data: { deleted: true } });
    expect(await thread()).not.toContain("You are all wrong");
    expect((await call(editor, "DELETE", `/api/studio/comments/${rude}`)).statusCode).toBe(404);

    const entries = await audit("?targetType=comment");
    expect(entries.map((e) => [e.action, e.targetId])).toEqual([
      ["comment.delete", rude],
      ["comment.unhide", spam],
      ["comment.hide", spam],
    ]);
    expect(entries[0]?.actor).toEqual({ id: editor.id, username: "Eve Editor" });
  });

  it("resolves or dismisses a comment's reports, keeping who did and when, and a new report reopens it", async () => {
    const fine = await insertComment(ctx.db, {
      articleId,
      authorId: reader.id,
      content: "A fair point, sharply put",
    });
    const heated = await insertComment(ctx.db, {
      articleId,
      authorId: troll.id,
      content: "Heated but on topic",
    });
    for (const [commentId, by] of [
      [fine, troll],
      [fine, editor],
      [heated, troll],
    ] as const) {
      await insertReport(ctx.db, { commentId, userId: by.id, reason: "harassment" });
    }
    const open = async () => (await reports()).map((r) => r.comment.id);
    expect(await open()).toEqual(expect.arrayContaining([fine, heated]));

    const dismissed = await call(editor, "POST", `/api/studio/comments/${fine}/reports/dismiss`);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toEqual({ data: { outcome: "dismissed", answered: 2 } });
    const resolved = await call(admin, "POST", `/api/studio/comments/${heated}/reports/resolve`);
    expect(resolved.json()).toEqual({ data: { outcome: "resolved", answered: 1 } });
    expect(await open()).not.toContain(fine);
    expect(await open()).not.toContain(heated);
    // Readers still read both: answering reports changes nothing on the page.
    const read = ["A fair point, sharply put", "Heated but on topic"];
    expect(await thread()).toEqual(expect.arrayContaining(read));
    const all = await reports("?include=all&pageSize=100");
    expect(all.find((r) => r.comment.id === fine)).toMatchObject({
      openReports: 0,
      resolution: { outcome: "dismissed", by: { id: editor.id, username: "Eve Editor" } },
    });
    expect(all.find((r) => r.comment.id === heated)?.resolution).toMatchObject({
      outcome: "resolved",
      by: { id: admin.id, username: "Ada Admin" },
    });
    const entries = await audit("?targetType=comment");
    expect(entries.slice(0, 2).map((e) => [e.action, e.targetId, e.details])).toEqual([
      ["report.resolve", heated, { reports: 1 }],
      ["report.dismiss", fine, { reports: 2 }],
    ]);

    // Nothing open is a 400 with a reason; an unknown comment a 404.
    const again = await call(editor, "POST", `/api/studio/comments/${fine}/reports/dismiss`);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe("This comment has no open reports");
    const unknown = await call(editor, "POST", "/api/studio/comments/999999/reports/resolve");
    expect(unknown.statusCode).toBe(404);

    // A new report puts the comment back in the queue, its earlier answer still shown.
    await insertReport(ctx.db, { commentId: fine, userId: admin.id, reason: "spam" });
    const back = (await reports()).find((r) => r.comment.id === fine);
    expect(back).toMatchObject({ reportCount: 3, openReports: 1 });
    expect(back?.resolution?.outcome).toBe("dismissed");
  });

  it("moderates a comment only together with its audit entry", async () => {
    const text = "Audited or untouched";
    const id = await insertComment(ctx.db, { articleId, authorId: troll.id, content: text });
    // The audit log cannot be written (a real failure of the database, not a stub).
    const auditLog = (from: string, to: string) =>
      sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(ctx.db.kysely);
    await auditLog("audit_log", "audit_log_away");
    try {
      for (const [method, url] of [
        ["POST", `/api/studio/comments/${id}/hide`],
        ["DELETE", `/api/studio/comments/${id}`],
      ] as const) {
        const res = await call(editor, method, url);
        expect(res.statusCode).toBe(500);
        expect(res.json().error).toMatchObject({ status: 500, name: "ApplicationError" });
      }
    } finally {
      await auditLog("audit_log_away", "audit_log");
    }
    // Neither happened: readers still see it, and nothing was logged.
    expect(await thread()).toContain(text);
    const entries = await audit(`?targetType=comment`);
    expect(entries.filter((e) => e.targetId === id)).toEqual([]);
    // With the log back, the same action goes through with its entry.
    await call(editor, "POST", `/api/studio/comments/${id}/hide`);
    expect(await thread()).not.toContain(text);
    expect((await audit(`?targetType=comment`))[0]).toMatchObject({
      action: "comment.hide",
      targetId: id,
    });
  });

  it("bans a member from commenting with a reason they are told, until unbanned", async () => {
    const before = await comment(troll, "First, politely");
    expect(before.statusCode).toBe(201);
    const ban = await call(editor, "POST", `/api/studio/members/${troll.id}/ban`, {
      reason: "Repeated spam",
    });
    expect(ban.statusCode).toBe(200);
    expect(ban.json().data).toMatchObject({
      userId: troll.id,
      reason: "Repeated spam",
      bannedBy: { id: editor.id, username: "Eve Editor" },
    });
    const refused = await comment(troll, "Let me back in");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "You have been banned from commenting: Repeated spam",
    );
    const reply = await call(
      troll,
      "POST",
      `/api/comment-manager/subcomments/${before.json().id}`,
      { content: "Replying instead" },
    );
    expect(reply.statusCode).toBe(403);
    // Others still comment.
    expect((await comment(reader, "Carry on")).statusCode).toBe(201);

    const members = await get(ctx, admin, `/api/studio/members?q=troll`);
    expect(members.json().data[0].ban).toMatchObject({ reason: "Repeated spam" });

    const unban = await call(editor, "POST", `/api/studio/members/${troll.id}/unban`);
    expect(unban.json()).toEqual({ data: { banned: false } });
    expect((await comment(troll, "Back, and better")).statusCode).toBe(201);
    expect((await audit(`?targetType=member&targetId=${troll.id}`)).map((e) => e.action)).toEqual([
      "member.unban",
      "member.ban",
    ]);

    // Staff cannot be banned, nor can a moderator ban themself; a reason is needed.
    const staff = await call(editor, "POST", `/api/studio/members/${admin.id}/ban`, {
      reason: "x",
    });
    expect(staff.statusCode).toBe(403);
    expect(
      (await call(editor, "POST", `/api/studio/members/${reader.id}/ban`, { reason: " " }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(editor, "POST", `/api/studio/members/999999/ban`, { reason: "Gone" })).statusCode,
    ).toBe(404);
  });

  it("lists and searches members, and changes roles with immediate effect", async () => {
    const res = await get(ctx, admin, "/api/studio/members?q=RITA");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: reader.id,
        username: "Rita Reader",
        email: reader.email,
        role: "member",
        createdAt: expect.any(String),
        ban: null,
      } satisfies StudioMember,
    ]);
    const byEmail = await get(ctx, admin, `/api/studio/members?q=${reader.email}`);
    expect(byEmail.json().data.map((m: StudioMember) => m.id)).toEqual([reader.id]);
    const editors = await get(ctx, admin, "/api/studio/members?role=editor");
    expect(editors.json().data.map((m: StudioMember) => m.id)).toEqual([editor.id]);

    expect(
      (await call(reader, "POST", "/api/articles", { data: { title: "Mine?" } })).statusCode,
    ).toBe(403);
    const promoted = await call(admin, "PUT", `/api/studio/members/${reader.id}/role`, {
      role: "author",
    });
    expect(promoted.json().data).toMatchObject({ id: reader.id, role: "author" });
    expect(
      (await call(reader, "POST", "/api/articles", { data: { title: "Mine now" } })).statusCode,
    ).toBe(201);
    const [entry] = await audit(`?action=member.role&targetId=${reader.id}`);
    expect(entry).toMatchObject({
      actor: { id: admin.id },
      details: { from: "member", to: "author" },
    });
    expect(
      (await call(admin, "PUT", `/api/studio/members/${reader.id}/role`, { role: "owner" }))
        .statusCode,
    ).toBe(400);
  });

  it("never leaves the publication without an admin", async () => {
    const alone = await call(admin, "PUT", `/api/studio/members/${admin.id}/role`, {
      role: "editor",
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error.message).toBe(
      "The publication needs at least one admin: make another member admin first",
    );
    const second = await ctx.person("admin", "Second Admin");
    const stepDown = await call(admin, "PUT", `/api/studio/members/${admin.id}/role`, {
      role: "editor",
    });
    expect(stepDown.json().data.role).toBe("editor");
    // The former admin is an editor at once: members are out of reach now.
    expect((await get(ctx, admin, "/api/studio/members")).statusCode).toBe(403);
    const back = await call(second, "PUT", `/api/studio/members/${admin.id}/role`, {
      role: "admin",
    });
    expect(back.json().data.role).toBe("admin");
  });

  it("lists newsletter subscribers and exports the confirmed ones as CSV", async () => {
    const at = "2026-02-01T00:00:00.000Z";
    await ctx.db.kysely
      .insertInto("newsletter_subscribers")
      .values(
        [
          ["alice@example.test", "confirmed"],
          ["=cmd@example.test", "confirmed"],
          ["bob@example.test", "pending"],
        ].map(([email, status], i) => ({
          email: email as string,
          status: status as "confirmed" | "pending",
          confirm_token_hash: null,
          unsubscribe_token_hash: `hash-${i}`,
          created_at: at,
          confirmed_at: status === "confirmed" ? at : null,
        })),
      )
      .execute();
    const all = await get(ctx, editor, "/api/studio/subscribers");
    expect(all.json().meta.pagination.total).toBe(3);
    const pending = await get(ctx, editor, "/api/studio/subscribers?status=pending");
    expect(pending.json().data).toEqual([
      {
        id: expect.any(Number),
        email: "bob@example.test",
        status: "pending",
        createdAt: at,
        confirmedAt: null,
        member: false, // no account has this email
      },
    ]);
    expect((await get(ctx, editor, "/api/studio/subscribers?q=ALICE")).json().data).toHaveLength(1);

    const csv = await get(ctx, editor, "/api/studio/subscribers.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toContain("subscribers.csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("email,status,created_at,confirmed_at");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([
      "alice@example.test",
      "'=cmd@example.test",
    ]);
  });
});
