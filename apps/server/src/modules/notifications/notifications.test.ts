// Notifications (docs/product/reader.md#notifications): who hears of a reply, a mention and a new
// comment on their article, what hiding, deleting and bans take away, the grouped list, marking
// read, and that each member reads and marks only their own.
import { describe, expect, it } from "vitest";
import type { NotificationList, ViewerState } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import type { TestMember } from "../../testing/fixtures.ts";
import { commentsSuite } from "../comments/comments.test-setup.ts";

type Headers = Record<string, string>;

describe.each(engines)("notifications on %s", (engine) => {
  const suite = commentsSuite(engine);
  const { ctx, member, editor, article, post, reply, remove, hide } = suite;

  /** The member's first page of notifications (expects a private 200). */
  const inbox = async (who: TestMember, page = 1) => {
    const res = await ctx.app.inject({ url: `/api/notifications?page=${page}`, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    return res.json() as NotificationList;
  };
  const markRead = (body: unknown, headers: Headers) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/notifications/read",
      headers,
      payload: body as Record<string, unknown>,
    });
  const unread = async (who: TestMember) => {
    const res = await ctx.app.inject({ url: "/api/viewer", headers: who.auth });
    return (res.json() as ViewerState).data.unreadNotifications;
  };
  const commentId = async (res: Promise<{ json(): unknown }>) =>
    ((await res).json() as { id: number }).id;

  it("tells a comment's author of a reply, with who, what, where and the link", async () => {
    const [a, b] = [await member(), await member()];
    const { slug } = await article();
    const asked = await commentId(post(slug, "Is **staking** worth it?", a.auth));
    // One's own reply tells nobody.
    await reply(asked, "Adding context myself", a.auth);
    expect((await inbox(a)).data).toEqual([]);
    const answer = await commentId(reply(asked, "Yes, *if* you hold long.\n\nSecond line", b.auth));

    const list = await inbox(a);
    expect(list.data).toEqual([
      {
        id: expect.any(Number),
        attributes: {
          kind: "reply",
          ids: [list.data[0]?.id],
          read: false,
          actor: { username: b.username },
          others: 0,
          commentId: answer,
          excerpt: "Yes, if you hold long. Second line",
          article: { title: `Title of ${slug}`, slug },
          link: `/p/${slug}#comment-${answer}`,
          createdAt: expect.any(String),
        },
      },
    ]);
    expect(list.meta).toEqual({
      pagination: { page: 1, pageSize: 20, pageCount: 1, total: 1 },
      unread: 1,
    });
    expect((await inbox(b)).data).toEqual([]);
    expect(await unread(a)).toBe(1);
    expect(await unread(b)).toBe(0);
  });

  it("tells members mentioned who took part, and the article's author of new comments", async () => {
    const author = await member();
    const [a, b, c] = [await member(), await member(), await member()];
    const { slug } = await article({ authorId: author.id });
    await post(slug, "My own note under my article", author.auth);
    expect((await inbox(author)).data).toEqual([]);
    const first = await commentId(post(slug, "First!", a.auth));
    expect(
      (await inbox(author)).data.map((n) => [n.attributes.kind, n.attributes.commentId]),
    ).toEqual([["article_comment", first]]);
    // b mentions a (a took part) and c (who did not, so is not told), in any case.
    const mention = await commentId(
      post(slug, `@${a.username.toUpperCase()} and @${c.username} see this`, b.auth),
    );
    const line = (await inbox(a)).data[0]?.attributes;
    expect(line).toMatchObject({
      kind: "mention",
      commentId: mention,
      actor: { username: b.username },
    });
    expect((await inbox(c)).data).toEqual([]);
    // A reply that mentions its parent's author tells them once, as a reply.
    await reply(first, `thanks @${a.username}`, c.auth);
    expect((await inbox(a)).data.map((n) => n.attributes.kind)).toEqual(["reply", "mention"]);
  });

  it("takes notifications away with a hidden or deleted comment, and makes none for banned members", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const ed = await editor();
    const { slug } = await article();
    const asked = await commentId(post(slug, "question", a.auth));
    const answer = await commentId(reply(asked, "answer", b.auth));
    const deeper = await commentId(reply(answer, `follow-up @${a.username}`, c.auth));
    expect(await unread(a)).toBe(2);
    expect((await hide(answer, true, ed.auth)).statusCode).toBe(200);
    expect((await inbox(a)).data).toEqual([]);
    expect((await inbox(b)).data).toEqual([]);
    expect(await unread(a)).toBe(0);
    // A reply shown again under a comment still hidden stays out of the list until its parent is.
    expect((await hide(deeper, true, ed.auth)).statusCode).toBe(200);
    expect((await hide(deeper, false, ed.auth)).statusCode).toBe(200);
    expect((await inbox(a)).data).toEqual([]);
    expect((await hide(answer, false, ed.auth)).statusCode).toBe(200);
    expect((await inbox(a)).data.map((n) => n.attributes.commentId)).toEqual([deeper, answer]);
    expect((await remove(deeper, c.auth)).statusCode).toBe(200);
    expect((await inbox(a)).data.map((n) => n.attributes.commentId)).toEqual([answer]);
    expect((await inbox(b)).data).toEqual([]);

    // A banned member cannot reply, and what they wrote before tells nobody any more.
    await ctx.db.kysely
      .insertInto("comment_bans")
      .values({
        user_id: b.id,
        reason: "Spam",
        banned_by: ed.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await reply(asked, "again", b.auth)).statusCode).toBe(403);
    expect((await inbox(a)).data).toEqual([]);
    expect(await unread(a)).toBe(0);
  });

  it("groups replies to one comment into one line; marks lines read, or all", async () => {
    const a = await member();
    const others = [await member(), await member(), await member()];
    const { slug } = await article();
    const asked = await commentId(post(slug, "question", a.auth));
    const mine = await commentId(post(slug, "another", a.auth));
    for (const who of others) await reply(asked, `answer from ${who.username}`, who.auth);
    await reply(asked, "a second answer", (others[0] as TestMember).auth);
    const last = others[2] as TestMember;
    await reply(mine, "on the other", last.auth);
    const list = await inbox(a);
    expect(list.data).toHaveLength(2);
    const [onMine, onAsked] = list.data.map((n) => n.attributes);
    expect(onMine).toMatchObject({ commentId: expect.any(Number), others: 0, read: false });
    expect(onAsked).toMatchObject({ actor: { username: others[0]?.username }, others: 2 });
    expect(onAsked?.ids).toHaveLength(4);
    expect(list.meta.unread).toBe(2);
    expect(await unread(a)).toBe(2);

    const read = await markRead({ ids: onAsked?.ids }, a.auth);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers["cache-control"]).toBe("private, no-store");
    expect(read.json()).toEqual({ data: { unread: 1 } });
    expect((await inbox(a)).data.map((n) => n.attributes.read)).toEqual([false, true]);
    expect((await markRead({ all: true }, a.auth)).json()).toEqual({ data: { unread: 0 } });
    expect(await unread(a)).toBe(0);
    // A new reply makes the line unread again.
    await reply(asked, "one more", last.auth);
    expect((await inbox(a)).data[0]?.attributes).toMatchObject({ read: false, others: 2 });
  });

  it("lets a member read and mark only their own", async () => {
    const [a, b] = [await member(), await member()];
    const { slug } = await article();
    const asked = await commentId(post(slug, "question", a.auth));
    await reply(asked, "answer", b.auth);
    const [line] = (await inbox(a)).data;
    expect((await inbox(b)).data).toEqual([]);
    const theirs = await markRead({ ids: line?.attributes.ids }, b.auth);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toMatchObject({ status: 404, name: "NotFoundError" });
    expect((await markRead({ all: true }, b.auth)).statusCode).toBe(200);
    // The comment a link opened: only the reader's own notifications of it are marked.
    const ofComment = await markRead({ comment: line?.attributes.commentId }, b.auth);
    expect(ofComment.json()).toEqual({ data: { unread: 0 } });
    expect(await unread(a)).toBe(1);
    expect((await markRead({ comment: asked }, a.auth)).json()).toEqual({ data: { unread: 1 } });
    expect((await markRead({ comment: line?.attributes.commentId }, a.auth)).json()).toEqual({
      data: { unread: 0 },
    });
    expect((await inbox(a)).data[0]?.attributes.read).toBe(true);
    expect((await ctx.app.inject({ url: "/api/notifications" })).statusCode).toBe(401);
    expect((await markRead({ all: true }, {})).statusCode).toBe(401);
    expect((await markRead({ comment: asked }, {})).statusCode).toBe(401);
  });

  it("refuses bad pages and bodies with a 400 in the Strapi error body", async () => {
    const a = await member();
    for (const query of ["page=0", "page=abc", "page=1.5", "size=2", "page="]) {
      const res = await ctx.app.inject({ url: `/api/notifications?${query}`, headers: a.auth });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({
        data: null,
        error: { status: 400, name: "ValidationError" },
      });
    }
    const bodies = [
      {},
      { ids: [] },
      { ids: ["x"] },
      { ids: [0] },
      { all: false },
      { all: true, ids: [1] },
      { comment: 0 },
      { comment: "1" },
      { comment: 1, all: true },
    ];
    for (const body of [...bodies, { ids: Array.from({ length: 501 }, (_, i) => i + 1) }]) {
      const res = await markRead(body, a.auth);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json()).toMatchObject({
        data: null,
        error: { status: 400, name: "ValidationError" },
      });
    }
  });
});
