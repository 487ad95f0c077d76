// The rules of comments as members see them (docs/product/reader.md#comments): what each role may
// do, reports, content rules, the posting limit, and the 404s and 400s of unknown or malformed
// targets.
import { describe, expect, it } from "vitest";
import { engines } from "../../testing/db.ts";
import { lastOutboxMailTo, registerMember, verifyCodeIn } from "../../testing/fixtures.ts";
import { BASE, commentsSuite } from "./comments.test-setup.ts";

describe.each(engines)("comments on %s", (engine) => {
  const suite = commentsSuite(engine);
  const { ctx, member, editor, article, insertComment } = suite;
  const { list, thread, count, post, reply, edit, remove, report, like, hide, marks } = suite;

  it("refuses comments and replies from a member whose email is not verified, until it is", async () => {
    const { slug } = await article();
    const other = await member();
    const parent = (await post(slug, "Verified members may post.", other.auth)).json().id as number;
    const fresh = await registerMember((o) => ctx.app.inject(o));
    for (const res of [
      await post(slug, "First!", fresh.auth),
      await reply(parent, "Hi", fresh.auth),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        name: "ForbiddenError",
        message:
          "Please verify your email address to comment: open the link we mailed you, or send a new one from your account page.",
      });
    }
    expect(await count(slug)).toBe(1);
    // The member follows the link of their sign-up mail.
    const code = verifyCodeIn(await lastOutboxMailTo(ctx.app, fresh.email));
    const confirmed = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/email-confirmation",
      payload: { code },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await post(slug, "First, verified.", fresh.auth)).statusCode).toBe(201);
    expect((await reply(parent, "Hi, verified.", fresh.auth)).statusCode).toBe(201);
    expect(await count(slug)).toBe(3);
  });

  it("answers each role with the expected status for every action", async () => {
    const { slug } = await article();
    const author = await member();
    const other = await member();
    const ed = await editor();
    const fresh = async () => (await post(slug, "target", author.auth)).json().id as number;
    const id = await fresh();

    // Anonymous: reading is open, every action needs a sign-in.
    expect((await list(slug)).statusCode).toBe(200);
    expect((await post(slug, "x")).statusCode).toBe(401);
    expect((await reply(id, "x")).statusCode).toBe(401);
    expect((await edit(id, "x")).statusCode).toBe(401);
    expect((await remove(id)).statusCode).toBe(401);
    expect((await report(id)).statusCode).toBe(401);
    expect((await hide(id, true)).statusCode).toBe(401);
    expect((await like(id)).statusCode).toBe(401);
    // Anonymous callers get 401 even with a bad body or a bad id.
    expect((await post(slug, "")).statusCode).toBe(401);
    expect((await edit("abc", "x")).statusCode).toBe(401);

    // Another member.
    expect((await post(slug, "x", other.auth)).statusCode).toBe(201);
    expect((await reply(id, "x", other.auth)).statusCode).toBe(201);
    expect((await edit(id, "x", other.auth)).statusCode).toBe(403);
    expect((await remove(id, other.auth)).statusCode).toBe(403);
    expect((await report(id, other.auth)).json()).toEqual({ reported: true });
    expect((await hide(id, true, other.auth)).statusCode).toBe(403);
    expect((await like(id, other.auth)).statusCode).toBe(200);

    // The author.
    expect((await post(slug, "x", author.auth)).statusCode).toBe(201);
    expect((await reply(id, "x", author.auth)).statusCode).toBe(201);
    const edited = await edit(id, "  rewritten  ", author.auth);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, content: "rewritten", edited: true });
    // Edit and delete are offered on it to its author alone.
    expect((await marks(slug, author.auth))?.ownComments).toContain(id);
    expect((await marks(slug, other.auth))?.ownComments).not.toContain(id);
    expect((await report(id, author.auth)).statusCode).toBe(403);
    expect((await hide(id, true, author.auth)).statusCode).toBe(403);
    expect((await like(id, author.auth)).statusCode).toBe(200);
    expect((await remove(id, author.auth)).statusCode).toBe(200);

    // An editor: may delete anyone's comment and hide, but not edit another's words.
    const target = await fresh();
    expect((await post(slug, "x", ed.auth)).statusCode).toBe(201);
    expect((await reply(target, "x", ed.auth)).statusCode).toBe(201);
    expect((await edit(target, "x", ed.auth)).statusCode).toBe(403);
    expect((await report(target, ed.auth)).statusCode).toBe(200);
    expect((await like(target, ed.auth)).statusCode).toBe(200);
    expect((await hide(target, true, ed.auth)).statusCode).toBe(200);
    expect((await hide(target, false, ed.auth)).statusCode).toBe(200);
    expect((await remove(target, ed.auth)).statusCode).toBe(200);

    // Edits show as edited to everyone.
    const again = await fresh();
    await edit(again, "changed", author.auth);
    const shown = (await thread(slug)).find((c) => c.id === again);
    expect(shown).toMatchObject({ content: "changed", edited: true });
  });

  it("counts a report once per member and keeps the reason", async () => {
    const a = await member();
    const b = await member();
    const { slug } = await article();
    const id = (await post(slug, "reportable", a.auth)).json().id;
    expect((await report(id, b.auth, { reason: "harassment" })).statusCode).toBe(200);
    const second = await report(id, b.auth, { reason: "off-topic" });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ reported: true });
    const rows = await ctx.db.kysely
      .selectFrom("comment_reports")
      .selectAll()
      .where("comment_id", "=", id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: b.id, reason: "harassment", note: null });
  });

  it("takes a reason from the list, with an optional note for other", async () => {
    const a = await member();
    const { slug } = await article();
    const id = (await post(slug, "reportable", a.auth)).json().id;
    const refusal = async (body: unknown) => {
      const res = await report(id, (await member()).auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = res.json().error;
      expect(error.name).toBe("ValidationError");
      return error.message as string;
    };
    const noBody = await ctx.app.inject({
      method: "POST",
      url: `${BASE}/comments/${id}/report`,
      headers: (await member()).auth,
    });
    expect(noBody.statusCode, noBody.body).toBe(400);
    expect(await refusal({})).toMatch(/Choose a reason: spam, harassment, off-topic or other/);
    expect(await refusal({ reason: "I just dislike it" })).toMatch(/Choose a reason/);
    expect(await refusal({ reason: "spam", note: "a note" })).toMatch(/A note goes with/);
    expect(await refusal({ reason: "other", note: "x".repeat(501) })).toMatch(/at most 500/);
    expect(await refusal({ reason: "other", extra: 1 })).toBeTruthy();

    const noted = await member();
    const other = { reason: "other", note: "  Links to a phishing site  " };
    expect((await report(id, noted.auth, other)).statusCode).toBe(200);
    const plain = await member();
    expect((await report(id, plain.auth, { reason: "other", note: "" })).statusCode).toBe(200);
    const stored = await ctx.db.kysely
      .selectFrom("comment_reports")
      .select(["user_id", "reason", "note"])
      .where("comment_id", "=", id)
      .orderBy("user_id")
      .execute();
    expect(stored).toEqual([
      { user_id: noted.id, reason: "other", note: "Links to a phishing site" },
      { user_id: plain.id, reason: "other", note: null },
    ]);
  });

  it("validates content: empty, blank and over 5,000 characters are 400s; text is kept verbatim", async () => {
    const a = await member();
    const { slug } = await article();
    for (const content of ["", "   \n\t ", "x".repeat(5001), 42, null]) {
      const res = await post(slug, content, a.auth);
      expect(res.statusCode, JSON.stringify(content).slice(0, 20)).toBe(400);
      expect(res.json().error.name).toBe("ValidationError");
    }
    const extra = await ctx.app.inject({
      method: "POST",
      url: `${BASE}/comments/${slug}`,
      headers: a.auth,
      payload: { content: "ok", author: 1 },
    });
    expect(extra.statusCode).toBe(400);
    const max = await post(slug, "y".repeat(5000), a.auth);
    expect(max.statusCode).toBe(201);
    expect(max.json().content).toHaveLength(5000);
    const id = max.json().id;
    expect((await edit(id, " ", a.auth)).statusCode).toBe(400);
    expect((await reply(id, "z".repeat(5001), a.auth)).statusCode).toBe(400);

    const html = `<script>alert("x")</script> <b>bold</b> & "quotes"`;
    const created = await reply(id, html, a.auth);
    expect(created.statusCode).toBe(201);
    expect(created.headers["content-type"]).toMatch(/application\/json/);
    expect(created.json().content).toBe(html);
    const shown = await thread(slug);
    expect(shown[0]?.subcomments[0]?.content).toBe(html);
  });

  it("limits posting to 5 a minute per member, comments and replies together", async () => {
    const a = await member();
    const b = await member();
    const { slug } = await article();
    const first = (await post(slug, "1", a.auth)).json().id;
    for (const n of [2, 3]) expect((await post(slug, String(n), a.auth)).statusCode).toBe(201);
    for (const n of [4, 5]) expect((await reply(first, String(n), a.auth)).statusCode).toBe(201);
    const sixth = await reply(first, "6", a.auth);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.name).toBe("RateLimitError");
    expect((await post(slug, "7", a.auth)).statusCode).toBe(429);
    // Another member is not affected.
    expect((await post(slug, "other", b.auth)).statusCode).toBe(201);
    expect(await count(slug)).toBe(6);
  });

  it("answers 404 for unknown, draft and future articles and unknown comments", async () => {
    const a = await member();
    const ed = await editor();
    const draft = await article({ status: "draft" });
    const future = await article({ publishDate: "2999-01-01T00:00:00.000Z" });
    for (const slug of ["no-such-article", draft.slug, future.slug]) {
      expect((await list(slug)).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: `${BASE}/comments/${slug}/count` })).statusCode).toBe(
        404,
      );
      expect((await post(slug, "hello", a.auth)).statusCode).toBe(404);
    }
    // Comments of an article that went back to draft cannot be acted on either.
    const onDraft = await insertComment(draft.id, a.id);
    expect((await reply(onDraft, "x", a.auth)).statusCode).toBe(404);
    expect((await like(onDraft, a.auth)).statusCode).toBe(404);
    const missing = 2_000_000_000;
    expect((await reply(missing, "x", a.auth)).statusCode).toBe(404);
    expect((await edit(missing, "x", a.auth)).statusCode).toBe(404);
    expect((await remove(missing, a.auth)).statusCode).toBe(404);
    expect((await report(missing, a.auth)).statusCode).toBe(404);
    expect((await like(missing, a.auth)).statusCode).toBe(404);
    expect((await hide(missing, true, ed.auth)).statusCode).toBe(404);
  });

  it("answers 400 for ids that are not positive integers, never 500", async () => {
    const a = await member();
    const ed = await editor();
    for (const bad of ["abc", "0", "-1", "1.5", "01", "1e3", "99999999999", "%20"]) {
      expect((await reply(bad, "x", a.auth)).statusCode, bad).toBe(400);
      expect((await edit(bad, "x", a.auth)).statusCode, bad).toBe(400);
      expect((await remove(bad, a.auth)).statusCode, bad).toBe(400);
      expect((await report(bad, a.auth)).statusCode, bad).toBe(400);
      expect((await like(bad, a.auth)).statusCode, bad).toBe(400);
      expect((await hide(bad, true, ed.auth)).statusCode, bad).toBe(400);
    }
    const { slug } = await article();
    const id = (await post(slug, "x", a.auth)).json().id;
    expect((await hide(id, "yes", ed.auth)).statusCode).toBe(400);
    expect((await hide(id, undefined, ed.auth)).statusCode).toBe(400);
    const weird = await list("%E2%82%AC'; drop table comments; --");
    expect(weird.statusCode).toBe(404);
  });
});
