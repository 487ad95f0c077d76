// Mentions (docs/product/reader.md#mentions): a mention shows as a link in the thread, the
// preview, moderation and the notification mail; an edit changes whom a comment mentions without
// telling anyone; the composer's suggestions: who, in what order, and to whom.
import { describe, expect, it } from "vitest";
import type { Comment, MentionSuggestion, NotificationList } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import { insertUser, registerVerifiedMember, type TestMember } from "../../testing/fixtures.ts";
import { findForMail } from "../notifications/notification-emails.repository.ts";
import { notificationMessage } from "../notifications/notification-mail.ts";
import { BASE, commentsSuite } from "./comments.test-setup.ts";

type Headers = Record<string, string>;
let tagCounter = 0;

describe.each(engines)("mentions on %s", (engine) => {
  const suite = commentsSuite(engine);
  const { ctx, member, editor, article, insertComment, post, edit, thread } = suite;

  /** A member named `name`, signed up and verified. */
  const named = (name: string) => registerVerifiedMember(ctx.app, { username: name });
  const posted = async (res: Promise<{ statusCode: number; json(): unknown }>) => {
    const answer = await res;
    expect(answer.statusCode).toBe(201);
    return answer.json() as Comment;
  };
  const ban = (who: { id: number }, by: { id: number }) =>
    ctx.db.kysely
      .insertInto("comment_bans")
      .values({ user_id: who.id, reason: "Spam", banned_by: by.id, created_at: "2026-01-01" })
      .execute();
  const inbox = async (who: TestMember) =>
    (
      (
        await ctx.app.inject({ url: "/api/notifications", headers: who.auth })
      ).json() as NotificationList
    ).data;
  const suggest = (slug: string, query: string, headers: Headers = {}) =>
    ctx.app.inject({ url: `${BASE}/comments/${slug}/mentions?${query}`, headers });
  const names = async (slug: string, q: string, who: TestMember) => {
    const res = await suggest(slug, `q=${encodeURIComponent(q)}`, who.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    return (res.json() as { data: MentionSuggestion[] }).data;
  };

  it("links a mention to the author page, else the member's newest comment, never in code or links", async () => {
    const writer = await member();
    const [a, b, c] = [await member(), await member(), await member()];
    const { slug } = await article({ authorId: writer.id });
    const first = await posted(post(slug, "First", a.auth));
    const newest = await posted(post(slug, "Second", a.auth));
    const text = `@${writer.username} and @${a.username}, not \`@${a.username}\` nor [@${a.username}](https://example.test/x) nor @${c.username} (takes no part)`;
    const mention = await posted(post(slug, text, b.auth));
    const shown = (await thread(slug, {}, "newest")).find((c) => c.id === mention.id);
    const authorHref = `/authors/${writer.username.toLowerCase().replace(/ /g, "-")}`;
    expect(shown?.contentHtml).toBe(
      `<p><a href="${authorHref}" class="mention">@${writer.username}</a> and ` +
        `<a href="/p/${slug}#comment-${newest.id}" class="mention">@${a.username}</a>, not ` +
        `<code>@${a.username}</code> nor ` +
        `<a href="https://example.test/x" rel="nofollow ugc noopener" target="_blank">@${a.username}</a>` +
        ` nor @${c.username} (takes no part)</p>`,
    );
    // The answer to the post and a page of the thread link the same way.
    expect(mention.contentHtml).toBe(shown?.contentHtml);
    const page = await ctx.app.inject({ url: `${BASE}/comments/${slug}?limit=5&sort=newest` });
    expect((page.json() as { data: Comment[] }).data[0]?.contentHtml).toBe(shown?.contentHtml);
    expect(first.id).toBeLessThan(newest.id);

    // Deleted or banned: the name stays text; the mention of the writer is still a link.
    const ed = await editor();
    await ban(a, ed);
    const afterBan = (await thread(slug)).find((c) => c.id === mention.id)?.contentHtml;
    expect(afterBan).toContain(`class="mention">@${writer.username}</a>`);
    expect(afterBan).toContain(` and @${a.username}, not`);
    await ctx.db.kysely
      .updateTable("users")
      .set({ deleted_at: new Date().toISOString() })
      .where("id", "=", writer.id)
      .execute();
    expect((await thread(slug)).find((c) => c.id === mention.id)?.contentHtml).not.toContain(
      "mention",
    );
  });

  it("follows an edit without telling anyone, and links in the preview and the moderation queue", async () => {
    const [a, b] = [await member(), await member()];
    const ed = await editor();
    const { slug } = await article();
    const own = await posted(post(slug, "I was here", a.auth));
    const note = await posted(post(slug, "Nothing to see", b.auth));
    const link = `<a href="/p/${slug}#comment-${own.id}" class="mention">@${a.username}</a>`;
    const res = await edit(note.id, `Over to @${a.username}`, b.auth);
    expect(res.json().contentHtml).toBe(`<p>Over to ${link}</p>`);
    expect((await thread(slug)).find((c) => c.id === note.id)?.contentHtml).toContain(link);
    expect(await inbox(a)).toEqual([]);
    // Edited away, the mention is gone from the stored ones too.
    await edit(note.id, `Over to nobody, @${a.username.slice(0, 3)}`, b.auth);
    expect(
      await ctx.db.kysely
        .selectFrom("comment_mentions")
        .selectAll()
        .where("comment_id", "=", note.id)
        .execute(),
    ).toEqual([]);

    // The preview links as the thread will, given the article; without it, none.
    const preview = (body: Record<string, unknown>) =>
      ctx.app.inject({ method: "POST", url: `${BASE}/preview`, headers: b.auth, payload: body });
    const content = `Hi @${a.username}`;
    expect((await preview({ content, article: slug })).json().contentHtml).toBe(
      `<p>Hi ${link}</p>`,
    );
    expect((await preview({ content })).json().contentHtml).toBe(`<p>Hi @${a.username}</p>`);
    expect((await preview({ content, article: "no-such-article" })).statusCode).toBe(200);

    // The moderation queue shows a reported comment's mention linked.
    const reported = await posted(post(slug, `Spam for @${a.username}`, b.auth));
    expect((await suite.report(reported.id, a.auth)).statusCode).toBe(200);
    const queue = await ctx.app.inject({ url: "/api/studio/reports", headers: ed.auth });
    expect(queue.statusCode, queue.body).toBe(200);
    const row = (
      queue.json() as { data: { comment: { id: number; contentHtml: string } }[] }
    ).data.find((r) => r.comment.id === reported.id);
    expect(row?.comment.contentHtml).toBe(`<p>Spam for ${link}</p>`);
  });

  it("links the mention in the notification mail to the site's whole address", async () => {
    const [a, b] = [await member(), await member()];
    const { slug } = await article();
    const own = await posted(post(slug, "Here", a.auth));
    const mention = await posted(post(slug, `**Look** @${a.username}`, b.auth));
    const ids = (await inbox(a)).flatMap((n) => n.attributes.ids);
    const rows = await findForMail(ctx.db.kysely, ids, new Date().toISOString());
    const site = { publicUrl: "https://pragmatist.example", siteName: "P", secret: "s" };
    const mail = notificationMessage(site, { id: a.id, email: a.email }, rows, false);
    expect(rows[0]?.comment_id).toBe(mention.id);
    expect(mail.html).toContain(
      `<strong>Look</strong> <a href="https://pragmatist.example/p/${slug}#comment-${own.id}" class="mention">@${a.username}</a>`,
    );
  });

  it("suggests who took part and the article's author, names starting with the letters first", async () => {
    tagCounter += 1;
    const tag = `Q${tagCounter}x`;
    const writer = await named(`${tag} Writer`);
    const { id: articleId, slug } = await article({ authorId: writer.id });
    const asker = await named(`${tag} Asker`);
    const later = await named(`Zoe ${tag}`);
    const early = await named(`${tag} Bea`);
    const gone = await named(`${tag} Gone`);
    const banned = await named(`${tag} Banned`);
    const outsider = await named(`${tag} Outsider`);
    for (const who of [asker, later, early, gone, banned]) await post(slug, "Hello", who.auth);
    await ctx.db.kysely
      .updateTable("users")
      .set({ deleted_at: new Date().toISOString() })
      .where("id", "=", gone.id)
      .execute();
    await ban(banned, writer);
    // The outsider's only comment is deleted: they no longer take part.
    const left = await posted(post(slug, "x", outsider.auth));
    expect((await suite.remove(left.id, outsider.auth)).statusCode).toBe(200);

    const found = await names(slug, tag.toLowerCase(), asker);
    expect(found).toEqual([
      { id: early.id, username: early.username, avatar: null },
      { id: writer.id, username: writer.username, avatar: null },
      { id: later.id, username: later.username, avatar: null },
    ]);
    // No email nor anything else about a member.
    expect(Object.keys(found[0] ?? {}).sort()).toEqual(["avatar", "id", "username"]);
    expect(await names(slug, "bea", asker)).toEqual([
      { id: early.id, username: early.username, avatar: null },
    ]);

    // At most eight, from a thread of many.
    for (let i = 0; i < 12; i++) {
      await insertComment(articleId, await insertUser(ctx.db, { username: `${tag} Many ${i}` }));
    }
    const many = await names(slug, `${tag} m`, asker);
    expect(many).toHaveLength(8);
    expect(many.every((m) => m.username.startsWith(`${tag} Many`))).toBe(true);
  });

  it("answers suggestions to members only, for published articles, with strict parameters", async () => {
    const a = await member();
    const { slug } = await article();
    const draft = await article({ status: "draft" });
    expect((await suggest(slug, "q=an")).statusCode).toBe(401);
    expect((await suggest("no-such-article", "q=an", a.auth)).statusCode).toBe(404);
    expect((await suggest(draft.slug, "q=an", a.auth)).statusCode).toBe(404);
    const unknown = await suggest(slug, "q=an&email=1", a.auth);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain("Invalid parameter email");
    expect((await suggest(slug, "", a.auth)).statusCode).toBe(400);
    expect((await suggest(slug, `q=${"a".repeat(61)}`, a.auth)).statusCode).toBe(400);
    // The OpenAPI document describes the call: its q and the three fields of a suggestion.
    const docs = (await ctx.app.inject({ url: "/api/docs/json" })).json();
    const call = docs.paths["/api/comment-manager/comments/{slug}/mentions"].get;
    expect(call.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["q", "slug"]);
    const item = call.responses["200"].content["application/json"].schema.properties.data.items;
    expect(Object.keys(item.properties).sort()).toEqual(["avatar", "id", "username"]);
  });
});
