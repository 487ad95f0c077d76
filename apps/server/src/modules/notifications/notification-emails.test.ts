// Notification emails (docs/product/accounts.md#notification-emails) over a real SMTP server on
// loopback: the member's choices, one mail for a burst of replies and its list headers, the daily
// digest, the one-click unsubscribe, bounced addresses, refusals for now retried then given up,
// and workers that never mail one event twice (across processes: notification-mail-processes.test.ts).
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../../testing/db.ts";
import type { TestMember } from "../../testing/fixtures.ts";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../../testing/smtp-sink.ts";
import { commentsSuite } from "../comments/comments.test-setup.ts";
import { createBulkMailer } from "../mail/bulk-mailer.ts";
import { createNotificationMailWorker } from "./notification-mail.worker.ts";

type Headers = Record<string, string>;
const PUBLIC_URL = "https://pragmatist.example";
const quiet = { warn() {}, error() {} };
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe.each(engines)("notification emails on %s", (engine) => {
  const suite = commentsSuite(engine);
  const { ctx, member, article, post, reply, hide } = suite;
  let sink: SmtpSink;
  /** Addresses the sink refuses with 550 at RCPT TO, and how often each address was offered. */
  const refused = new Set<string>();
  const offered = new Map<string, number>();
  /** Addresses the sink refuses for now (451 at RCPT TO), and how many more times it does. */
  const deferred = new Map<string, number>();

  beforeAll(async () => {
    sink = await startSmtpSink({
      refuse: (address) => {
        offered.set(address, (offered.get(address) ?? 0) + 1);
        if (refused.has(address)) return 550;
        const left = deferred.get(address) ?? 0;
        if (left <= 0) return null;
        deferred.set(address, left - 1);
        return 451;
      },
    });
    // Only the workers under test send.
    await ctx.app.services.notificationMail.stop();
  });
  const pools: Array<{ close(): void }> = [];
  afterAll(async () => {
    for (const pool of pools) pool.close();
    await sink.close();
  });

  /** A worker as services.ts builds one, sending to `smtpUrl` (the sink by default). */
  const worker = (smtpUrl = sink.url, log: { warn(): void; error(o: object): void } = quiet) => {
    const mailer = createBulkMailer({
      smtpUrl,
      from: '"Crypto Pragmatist" <no-reply@pragmatist.example>',
      outbox: ctx.app.services.mailer,
      maxConnections: 2,
    });
    pools.push(mailer);
    return createNotificationMailWorker(ctx.db, {
      mailer,
      pace: ctx.app.services.limitStore.pace("newsletter-send", 100_000, 60),
      site: {
        publicUrl: PUBLIC_URL,
        siteName: "Crypto Pragmatist",
        secret: ctx.app.services.secret,
      },
      delaySeconds: 120,
      now: () => new Date(),
      log,
    });
  };
  const mailsTo = (who: TestMember): ReceivedMail[] =>
    sink.received.filter((m) => m.envelopeTo.includes(who.email.toLowerCase()));
  const commentId = async (res: Promise<{ statusCode: number; json(): unknown }>) => {
    const answer = await res;
    expect(answer.statusCode).toBe(201);
    return (answer.json() as { id: number }).id;
  };
  const prefs = (headers: Headers, payload?: unknown) =>
    ctx.app.inject({
      method: payload === undefined ? "GET" : "PUT",
      url: "/api/notifications/emails",
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const header = (mail: ReceivedMail, name: string) =>
    mail.headers.find((h) => h.key === name.toLowerCase())?.value;

  it("keeps each member's own choices: defaults, changes, 401 and 400s", async () => {
    const [a, b] = [await member(), await member()];
    const mine = await prefs(a.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    expect(mine.json()).toEqual({
      data: { reply: "instant", mention: "instant", article_comment: "off" },
    });
    const changed = await prefs(a.auth, { data: { article_comment: "daily", reply: "off" } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      data: { reply: "off", mention: "instant", article_comment: "daily" },
    });
    expect((await prefs(a.auth)).json().data).toEqual(changed.json().data);
    expect((await prefs(b.auth)).json().data.reply).toBe("instant");

    expect((await prefs({})).statusCode).toBe(401);
    expect((await prefs({}, { data: { reply: "off" } })).statusCode).toBe(401);
    for (const body of [
      {},
      { data: {} },
      { data: { reply: "weekly" } },
      { data: { replies: "off" } },
      { data: { reply: "off" }, userId: b.id },
      { reply: "off" },
    ]) {
      const res = await prefs(a.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        data: null,
        error: { status: 400, name: "ValidationError" },
      });
    }
    expect((await prefs(a.auth)).json().data).toEqual(changed.json().data);
  });

  it("mails three quick replies as one mail after the delay, once, with the comments and links", async () => {
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    const { slug } = await article();
    const asked = await commentId(post(slug, "Is staking worth it?", a.auth));
    await reply(asked, "my own follow-up", a.auth);
    const answers = [
      await commentId(reply(asked, "Yes, **if** you hold long. <script>alert(1)</script>", b.auth)),
      await commentId(reply(asked, "No: see https://example.org/risk", c.auth)),
      await commentId(reply(asked, "Depends", d.auth)),
    ];
    const hidden = await commentId(reply(asked, "spam spam", d.auth));
    const editor = await suite.editor();
    expect((await hide(hidden, true, editor.auth)).statusCode).toBe(200);

    const w = worker();
    await w.runOnce(inMinutes(1));
    expect(mailsTo(a)).toEqual([]);
    await w.runOnce(inMinutes(3));
    await w.runOnce(inMinutes(4));
    const mails = mailsTo(a);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as ReceivedMail;
    expect(mail.subject).toBe("3 new notifications on Crypto Pragmatist");
    for (const id of answers) {
      expect(mail.html).toContain(`href="${PUBLIC_URL}/p/${slug}#comment-${id}"`);
      expect(mail.text).toContain(`${PUBLIC_URL}/p/${slug}#comment-${id}`);
    }
    expect(mail.html).toContain("<strong>if</strong>");
    expect(mail.html).toContain("script>alert(1)");
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).not.toContain("spam spam");
    expect(mail.text).not.toContain("my own follow-up");
    expect(mail.text).toContain("Crypto Pragmatist\nhttps://pragmatist.example");
    expect(header(mail, "List-Unsubscribe")).toMatch(
      /^<https:\/\/pragmatist\.example\/api\/notifications\/unsubscribe\?kinds=reply&token=\d+\.[\w-]{43}>$/,
    );
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    // RFC 2919, in the newsletter's form (delivery.test.ts): the site's name and its host.
    const listId = mail.raw.split("\r\n").find((l) => /^list-id:/i.test(l));
    expect(listId).toBe(`List-ID: "Crypto Pragmatist" <notifications.pragmatist.example>`);
    for (const who of [b, c, d]) expect(mailsTo(who)).toEqual([]);
  });

  it("gathers a daily digest a day after the first notification", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    expect((await prefs(a.auth, { data: { reply: "daily", mention: "daily" } })).statusCode).toBe(
      200,
    );
    const { slug } = await article();
    const asked = await commentId(post(slug, "question", a.auth));
    await reply(asked, "answer", b.auth);
    await post(slug, `@${a.username} have a look`, c.auth);
    const w = worker();
    await w.runOnce(inMinutes(60));
    expect(mailsTo(a)).toEqual([]);
    await w.runOnce(inMinutes(24 * 60 + 1));
    const mails = mailsTo(a);
    expect(mails.map((m) => m.subject)).toEqual([
      "Your daily digest: 2 new notifications on Crypto Pragmatist",
    ]);
    expect(header(mails[0] as ReceivedMail, "List-Unsubscribe")).toContain("kinds=reply%2Cmention");
  });

  it("mails an article's author of new comments only once they chose it", async () => {
    const [author, b, c] = [await member(), await member(), await member()];
    const { slug } = await article({ authorId: author.id });
    await commentId(post(slug, "first comment", b.auth));
    await worker().runOnce(inMinutes(5));
    expect(mailsTo(author)).toEqual([]);
    expect((await prefs(author.auth, { data: { article_comment: "instant" } })).statusCode).toBe(
      200,
    );
    await commentId(post(slug, "second comment", c.auth));
    await worker().runOnce(inMinutes(5));
    // The choice applies to what was not mailed yet (of the last two days): both comments.
    const mails = mailsTo(author);
    expect(mails.map((m) => m.subject)).toEqual(["2 new notifications on Crypto Pragmatist"]);
    expect(mails[0]?.text).toContain(`${c.username} commented on your article “Title of ${slug}”`);
    expect(mails[0]?.text).toContain("first comment");
    expect(header(mails[0] as ReceivedMail, "List-Unsubscribe")).toContain("kinds=article_comment");
  });

  it("unsubscribes one kind by the mailed link: GET asks, POST acts, forged tokens are refused", async () => {
    const [a, b] = [await member(), await member()];
    const { slug } = await article();
    const asked = await commentId(post(slug, "question", a.auth));
    await reply(asked, "answer", b.auth);
    await worker().runOnce(inMinutes(5));
    const link = /^<(.+)>$/.exec(
      header(mailsTo(a)[0] as ReceivedMail, "List-Unsubscribe") ?? "",
    )?.[1];
    expect(link).toBeDefined();
    const url = (link as string).slice(PUBLIC_URL.length);

    const shown = await ctx.app.inject({ url });
    expect(shown.statusCode).toBe(303);
    expect(shown.headers.location).toBe(`/subscription/notifications?${url.split("?")[1]}`);
    expect((await prefs(a.auth)).json().data.reply).toBe("instant");

    const token = new URL(link as string).searchParams.get("token") as string;
    const refusedUrls = [
      `/api/notifications/unsubscribe?kinds=mention&token=${token}`,
      `/api/notifications/unsubscribe?kinds=reply&token=${token.slice(0, -2)}xx`,
      `/api/notifications/unsubscribe?kinds=reply&token=${b.id}${token.slice(token.indexOf("."))}`,
      `/api/notifications/unsubscribe?kinds=reply&token=`,
      `/api/notifications/unsubscribe?kinds=everything&token=${token}`,
      `/api/notifications/unsubscribe?token=${token}`,
    ];
    for (const bad of refusedUrls) {
      const res = await ctx.app.inject({ method: "POST", url: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ data: null, error: { status: 400 } });
    }
    const oneClick = await ctx.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ ok: true });
    expect((await prefs(a.auth)).json().data).toEqual({
      reply: "off",
      mention: "instant",
      article_comment: "off",
    });
    expect((await prefs(b.auth)).json().data.reply).toBe("instant");
    // Replies now reach a only in the app.
    await reply(asked, "another answer", b.auth);
    await worker().runOnce(inMinutes(10));
    expect(mailsTo(a)).toHaveLength(1);
  });

  it("sends nothing more to an address that bounced", async () => {
    const [a, b] = [await member(), await member()];
    const address = a.email.toLowerCase();
    refused.add(address);
    const { slug } = await article();
    const asked = await commentId(post(slug, "question", a.auth));
    await reply(asked, "answer", b.auth);
    await worker().runOnce(inMinutes(5));
    expect(offered.get(address)).toBe(1);
    const suppressed = await ctx.db.kysely
      .selectFrom("newsletter_suppressions")
      .select("email")
      .where("email", "=", address)
      .execute();
    expect(suppressed).toHaveLength(1);
    refused.delete(address);
    await reply(asked, "another answer", b.auth);
    await worker().runOnce(inMinutes(10));
    expect(offered.get(address)).toBe(1);
    expect(mailsTo(a)).toEqual([]);
  });

  it("tries a mail refused for now (4xx) again on the newsletter's schedule, then gives it up", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const [addressA, addressC] = [a.email.toLowerCase(), c.email.toLowerCase()];
    deferred.set(addressA, Infinity);
    deferred.set(addressC, 2);
    const { slug } = await article();
    const askedA = await commentId(post(slug, "question of a", a.auth));
    const askedC = await commentId(post(slug, "question of c", c.auth));
    await commentId(reply(askedA, "first answer to a", b.auth));
    await commentId(reply(askedC, "answer to c", b.auth));
    const logged: object[] = [];
    const w = worker(sink.url, { warn() {}, error: (o) => logged.push(o) });
    const tries = () => [offered.get(addressA) ?? 0, offered.get(addressC) ?? 0];

    await w.runOnce(inMinutes(5));
    expect(tries()).toEqual([1, 1]);
    // A reply that comes meanwhile waits for the retry with the others: one mail, not two.
    await commentId(reply(askedA, "second answer to a", b.auth));
    await w.runOnce(inMinutes(5.5));
    expect(tries()).toEqual([1, 1]);
    // 60 s after the first refusal, then 2, 4, 8 and 16 minutes after each next one.
    await w.runOnce(inMinutes(6.1));
    expect(tries()).toEqual([2, 2]);
    await w.runOnce(inMinutes(8));
    expect(tries()).toEqual([2, 2]);
    await w.runOnce(inMinutes(8.2));
    expect(tries()).toEqual([3, 3]);
    expect(mailsTo(c).map((m) => m.text?.includes("answer to c"))).toEqual([true]);
    // Each round just before a retry time, then just after it.
    for (const [minutes, attempts] of [
      [12.1, 3],
      [12.3, 4],
      [20.2, 4],
      [20.4, 5],
      [36.3, 5],
    ] as const) {
      await w.runOnce(inMinutes(minutes));
      expect(tries()[0], `at ${minutes} minutes`).toBe(attempts);
    }
    expect(logged).toEqual([]);
    await w.runOnce(inMinutes(36.5));
    expect(tries()[0]).toBe(6);
    // Six attempts in all: then given up, unmailed, and logged.
    for (const minutes of [120, 600, 2000]) await w.runOnce(inMinutes(minutes));
    expect(tries()).toEqual([6, 3]);
    expect(mailsTo(a)).toEqual([]);
    expect(mailsTo(c)).toHaveLength(1);
    const rows = await ctx.db.kysely
      .selectFrom("notifications")
      .select(["id", "emailed_at", "email_attempts", "email_retry_at"])
      .where("recipient_id", "=", a.id)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.emailed_at, r.email_attempts, r.email_retry_at])).toEqual([
      [null, 6, null],
      [null, 6, null],
    ]);
    expect(logged).toEqual([
      { recipientId: a.id, notificationIds: rows.map((r) => r.id), attempts: 6 },
    ]);
    deferred.delete(addressA);
  });

  it("never mails one event twice: two workers at once, and a worker stuck mid-send", async () => {
    const asker = await member();
    const askers = [asker, await member(), await member(), await member(), await member()];
    // Five replies a minute at most per member (limits.md): each answerer answers each asker once.
    const [b, c, d] = [await member(), await member(), await member()];
    const { slug } = await article();
    for (const who of askers) {
      const asked = await commentId(post(slug, `question of ${who.username}`, who.auth));
      await commentId(reply(asked, "answer one", b.auth));
      await commentId(reply(asked, "answer two", c.auth));
    }
    const [one, two] = [worker(), worker()];
    const sent = await Promise.all([one.runOnce(inMinutes(5)), two.runOnce(inMinutes(5))]);
    expect(sent[0] + sent[1]).toBe(askers.length);
    for (const who of askers) expect(mailsTo(who)).toHaveLength(1);
    const items = askers.flatMap((who) =>
      mailsTo(who).map((m) => m.text?.match(/answer/g)?.length),
    );
    expect(items).toEqual(askers.map(() => 2));

    // A server that accepts the connection and never answers: the worker is stuck after its claim,
    // as one that dies mid-send would be. Another worker then sends none of what it claimed.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const asked = await commentId(post(slug, "one more question", asker.auth));
    await commentId(reply(asked, "late answer", d.auth));
    const stuck = worker(`smtp://127.0.0.1:${port}`).runOnce(inMinutes(5));
    stuck.catch(() => {});
    await expect
      .poll(async () => {
        const row = await ctx.db.kysely
          .selectFrom("notifications")
          .select("emailed_at")
          .where("comment_id", ">", asked)
          .executeTakeFirst();
        return row?.emailed_at ?? null;
      })
      .not.toBeNull();
    expect(await worker().runOnce(inMinutes(10))).toBe(0);
    expect(mailsTo(asker)).toHaveLength(1);
    silent.close();
    for (const socket of sockets) socket.destroy();
  });
});
