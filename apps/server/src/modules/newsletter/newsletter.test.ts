// Newsletter sign-up over real SMTP on loopback: double opt-in, unsubscribe without a session,
// the same answer for every address, rate limits and the CSV export
// (docs/product/api.md#api-newsletter).
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { addSubscribers } from "../../testing/newsletter.ts";
import { type SmtpSink, startSmtpSink } from "../../testing/smtp-sink.ts";

const PUBLIC_URL = "http://localhost:3000";

describe.each(engines)("newsletter on %s", (engine) => {
  let sink: SmtpSink;
  let ipCounter = 0;
  const ip = () => `10.2.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });
  /** How far the app's clock is ahead of real time, in milliseconds (tests move it). */
  let clockShift = 0;
  // After the sink's hooks: built once it listens, closed before it stops.
  const ctx = withTestApp(engine, () => ({
    config: { SMTP_URL: sink.url, PUBLIC_URL },
    clock: { now: () => new Date(Date.now() + clockShift) },
  }));

  const subscribe = async (email: unknown, remoteAddress = ip()) => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      payload: { email } as object,
      remoteAddress,
    });
    await ctx.app.services.newsletter.settle();
    return res;
  };
  const row = (email: string) =>
    ctx.db.kysely
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();
  const links = (text: string) => {
    const urls = text.match(/https?:\/\/\S+/g) ?? [];
    const find = (path: string) => urls.find((u) => new URL(u).pathname === path) as string;
    return {
      confirm: find("/api/newsletter/confirm"),
      unsubscribe: find("/api/newsletter/unsubscribe"),
    };
  };
  /** Follows a mailed link as a mail scanner or a browser does: a GET. */
  const follow = (link: string) => {
    const url = new URL(link);
    return ctx.app.inject({ url: `${url.pathname}${url.search}` });
  };
  /** What the link's page does when its button is pressed: a POST to the link. */
  const click = (link: string, action?: "resubscribe") => {
    const url = new URL(link);
    const path = action ? `/api/newsletter/${action}` : url.pathname;
    return ctx.app.inject({ method: "POST", url: `${path}${url.search}` });
  };

  it("confirms from the mailed link and unsubscribes from it without a session", async () => {
    const res = await subscribe(" Ada@Example.test");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = await sink.next();
    expect(mail.envelopeTo).toEqual(["ada@example.test"]);
    expect(mail.subject).toBe("Confirm your Crypto Pragmatist subscription");
    const { confirm, unsubscribe } = links(mail.text ?? "");
    expect(confirm.startsWith(`${PUBLIC_URL}/api/newsletter/confirm?token=`)).toBe(true);
    // 256 random bits and the issue time (Unix seconds), which the stored hash covers.
    expect(new URL(confirm).searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}\.\d{10}$/);
    expect(mail.text).toContain("The link works for 7 days.");
    expect(mail.html).toContain(`href="${confirm}"`);
    const headers = new Map(mail.headers.map((h) => [h.key, h.value]));
    expect(headers.get("list-unsubscribe")).toBe(`<${unsubscribe}>`);
    expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect((await row("ada@example.test"))?.status).toBe("pending");

    // Following the link (a mail scanner does) changes nothing: it leads to a page with a button.
    const token = new URL(confirm).searchParams.get("token") as string;
    const shown = await follow(confirm);
    expect(shown.statusCode).toBe(303);
    expect(shown.headers.location).toBe(`/subscription/confirm?token=${encodeURIComponent(token)}`);
    expect(shown.headers["cache-control"]).toBe("private, no-store");
    expect((await row("ada@example.test"))?.status).toBe("pending");
    const confirmed = await click(confirm);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ ok: true });
    const stored = await row("ada@example.test");
    expect(stored?.status).toBe("confirmed");
    expect(stored?.confirmed_at).toBeTruthy();
    // Only hashes are stored.
    expect(stored?.unsubscribe_token_hash).not.toBe(new URL(unsubscribe).searchParams.get("token"));
    // A spent confirmation link is invalid.
    const spent = await click(confirm);
    expect(spent.statusCode).toBe(400);
    expect(spent.json().error.message).toBe(
      "This confirmation link is invalid, has expired or was already used",
    );

    expect((await follow(unsubscribe)).headers.location).toMatch(/^\/subscription\/unsubscribe\?/);
    expect((await row("ada@example.test"))?.status).toBe("confirmed");
    expect((await click(unsubscribe)).statusCode).toBe(200);
    expect((await row("ada@example.test"))?.status).toBe("unsubscribed");
    // Undo, from the page that said so: confirmed again.
    expect((await click(unsubscribe, "resubscribe")).statusCode).toBe(200);
    expect((await row("ada@example.test"))?.status).toBe("confirmed");
  });

  it("offers the undo of an unsubscribe for an hour, and never to an address never confirmed", async () => {
    await subscribe("undo@example.test");
    const { confirm, unsubscribe } = links((await sink.next()).text ?? "");
    expect((await click(unsubscribe)).statusCode).toBe(200);
    const never = await click(unsubscribe, "resubscribe");
    expect(never.statusCode).toBe(400);
    expect(never.json().error.message).toBe("This unsubscribe can no longer be undone");
    expect((await row("undo@example.test"))?.status).toBe("unsubscribed");
    expect((await click(confirm)).statusCode).toBe(400);

    await subscribe("later@example.test");
    const later = links((await sink.next()).text ?? "");
    expect((await click(later.confirm)).statusCode).toBe(200);
    expect((await click(later.unsubscribe)).statusCode).toBe(200);
    try {
      clockShift = 61 * 60_000;
      expect((await click(later.unsubscribe, "resubscribe")).statusCode).toBe(400);
      expect((await row("later@example.test"))?.status).toBe("unsubscribed");
    } finally {
      clockShift = 0;
    }
  });

  it("unsubscribes by RFC 8058 one-click POST", async () => {
    await subscribe("oneclick@example.test");
    const { unsubscribe } = links((await sink.next()).text ?? "");
    const url = new URL(unsubscribe);
    const res = await ctx.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    // RFC 8058 one-click is answered, not redirected.
    expect(res.statusCode).toBe(200);
    expect((await row("oneclick@example.test"))?.status).toBe("unsubscribed");
  });

  it("answers the same for new, pending, confirmed and unsubscribed addresses, with no duplicates", async () => {
    const answers = [];
    const first = await subscribe("grace@example.test");
    answers.push(first);
    const firstLinks = links((await sink.next()).text ?? "");
    // Pending again: a new confirmation mail, still one row.
    answers.push(await subscribe("grace@example.test"));
    const second = links((await sink.next()).text ?? "");
    expect(second.confirm).not.toBe(firstLinks.confirm);
    await click(second.confirm);
    sink.skip();
    // Confirmed: nothing is mailed (subscribe() waits for the sign-up's background work, so a
    // mail would be in by now; no sleep needed).
    const before = sink.received.length;
    expect(before).toBeGreaterThan(0);
    answers.push(await subscribe("grace@example.test"));
    expect(sink.received.length).toBe(before);
    expect((await row("grace@example.test"))?.status).toBe("confirmed");
    // Unsubscribed: may subscribe again (a new confirmation mail).
    await click(second.unsubscribe);
    answers.push(await subscribe("grace@example.test"));
    expect((await sink.next()).envelopeTo).toEqual(["grace@example.test"]);
    expect((await row("grace@example.test"))?.status).toBe("pending");

    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(first.body);
      expect(res.headers["content-type"]).toBe(first.headers["content-type"]);
    }
    const count = await ctx.db.kysely
      .selectFrom("newsletter_subscribers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email", "=", "grace@example.test")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("rejects a bad address or extra fields with 400", async () => {
    expect((await subscribe("not-an-email")).statusCode).toBe(400);
    expect((await subscribe(undefined)).statusCode).toBe(400);
    const extra = await ctx.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      payload: { email: "x@example.test", admin: true },
    });
    expect(extra.statusCode).toBe(400);
  });

  it("rate limits per email and per IP", async () => {
    for (let i = 0; i < 5; i++)
      expect((await subscribe("flood@example.test")).statusCode).toBe(200);
    const limited = await subscribe("flood@example.test");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.name).toBe("RateLimitError");

    const address = "10.9.9.9";
    for (let i = 0; i < 20; i++) await subscribe(`ip${i}@example.test`, address);
    expect((await subscribe("ip-last@example.test", address)).statusCode).toBe(429);
    sink.skip(); // the mails are in: subscribe() waited for them
  });

  it("lets a confirmation link expire after 7 days; its time cannot be changed", async () => {
    const day = 24 * 3600 * 1000;
    await subscribe("late@example.test");
    const late = links((await sink.next()).text ?? "");
    await subscribe("early@example.test");
    const early = links((await sink.next()).text ?? "");
    try {
      clockShift = 7 * day + 60_000;
      expect((await click(late.confirm)).statusCode).toBe(400);
      expect((await row("late@example.test"))?.status).toBe("pending");
      // A later issue time in the same link matches no stored hash.
      const token = new URL(late.confirm).searchParams.get("token") as string;
      const now = Math.floor((Date.now() + clockShift) / 1000);
      const moved = `/api/newsletter/confirm?token=${token.split(".")[0]}.${now}`;
      expect((await ctx.app.inject({ method: "POST", url: moved })).statusCode).toBe(400);
      // A new subscription mails a fresh link that works.
      await subscribe("late@example.test");
      const again = links((await sink.next()).text ?? "");
      expect((await click(again.confirm)).statusCode).toBe(200);
      clockShift = 7 * day - 60_000;
      expect((await click(early.confirm)).statusCode).toBe(200);
      // Unsubscribe links do not expire: old mails keep working (RFC 8058).
      clockShift = 400 * day;
      expect((await click(early.unsubscribe)).statusCode).toBe(200);
    } finally {
      clockShift = 0;
    }
  });

  it("refuses an invalid or missing token with a 400 saying so", async () => {
    for (const [url, message] of [
      [
        "/api/newsletter/confirm?token=nope",
        "This confirmation link is invalid, has expired or was already used",
      ],
      [
        "/api/newsletter/confirm",
        "This confirmation link is invalid, has expired or was already used",
      ],
      ["/api/newsletter/unsubscribe?token=nope", "This unsubscribe link is invalid"],
      ["/api/newsletter/resubscribe", "This unsubscribe can no longer be undone"],
    ] as const) {
      const res = await ctx.app.inject({ method: "POST", url });
      expect(`${url} ${res.statusCode}`).toBe(`${url} 400`);
      expect(res.json().error.message).toBe(message);
    }
  });

  it("exports only confirmed subscribers as CSV", async () => {
    sink.skip();
    await subscribe("csv-confirmed@example.test");
    const { confirm } = links((await sink.next()).text ?? "");
    await click(confirm);
    await subscribe("csv-pending@example.test");
    await sink.next();
    const csv = await text(ctx.app.services.newsletter.exportCsv());
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("email,status,created_at,confirmed_at");
    expect(csv).toContain("csv-confirmed@example.test,confirmed,");
    expect(csv).not.toContain("csv-pending@example.test");
    expect(csv).not.toContain("oneclick@example.test");
    for (const line of lines.slice(1)) expect(line.split(",")[1]).toBe("confirmed");
  });

  it("exports every confirmed subscriber once, oldest first, past a page of the export's reads", async () => {
    const emails = await addSubscribers(ctx.db, 2_345, "csv-paged");
    const csv = await text(ctx.app.services.newsletter.exportCsv());
    const listed = csv
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(",")[0])
      .filter((email) => email?.startsWith("csv-paged"));
    expect(listed).toEqual(emails);
  });
});
