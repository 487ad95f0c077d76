// Delivery against an SMTP server that refuses (docs/product/newsletter.md#newsletter-sending):
// 10 % of recipients temporarily (4xx, retried with backoff until accepted) and 2 % permanently
// (5xx: bounced, suppressed, never mailed again); and cancelling a send stops what was not yet
// handed to SMTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApp, type OpenTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle, registerMember, type TestMember } from "../../testing/fixtures.ts";
import { addSubscribers, drainWithFreshWorker } from "../../testing/newsletter.ts";
import { type SmtpSink, startSmtpSink } from "../../testing/smtp-sink.ts";

const PUBLIC_URL = "https://pragmatist.example";
const FAST = { retryBaseMs: 10, retryMaxMs: 40, pollMs: 50, maxAttempts: 4 };

/** `faulty{i}@…`: i % 10 === 0 is refused twice with 451, i % 50 === 7 always with 550. */
const index = (address: string) => Number(/^faulty(\d+)@/.exec(address)?.[1] ?? -1);
const temporary = (i: number) => i >= 0 && i % 10 === 0;
const permanent = (i: number) => i >= 0 && i % 50 === 7;

describe.each(engines)("delivery faults on %s", (engine) => {
  let sink: SmtpSink;
  let t: OpenTestApp;
  let editor: TestMember;
  beforeAll(async () => {
    sink = await startSmtpSink({
      parse: false,
      refuse(address, offered) {
        const i = index(address);
        if (permanent(i)) return 550;
        return temporary(i) && offered < 2 ? 451 : null;
      },
    });
    t = await openTestApp(engine, {
      config: { SMTP_URL: sink.url, PUBLIC_URL, NEWSLETTER_RATE_PER_MINUTE: "100000" },
      newsletterDelivery: FAST,
    });
    editor = await registerMember((o) => t.app.inject(o));
    await t.db.kysely
      .updateTable("users")
      .set({ role: "editor" })
      .where("id", "=", editor.id)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const call = (method: "GET" | "POST", url: string, data?: object) =>
    t.app.inject({ method, url, headers: editor.auth, ...(data ? { payload: { data } } : {}) });
  /** A post issue of a new article, sent to the list; returns its id. */
  async function sendPost(slug: string): Promise<number> {
    const articleId = await insertArticle(t.db, { slug, title: slug });
    const created = await call("POST", "/api/studio/newsletter/issues", {
      kind: "post",
      articleId,
    });
    const id = (created.json() as { data: { id: number } }).data.id;
    expect((await call("POST", `/api/studio/newsletter/issues/${id}/send`)).statusCode).toBe(202);
    return id;
  }

  it("ends with the right counts: retried 4xx sent once, 5xx bounced and suppressed", async () => {
    const emails = await addSubscribers(t.db, 1000, "faulty");
    const id = await sendPost("faults");
    await t.app.services.newsletterDelivery.drain();

    const stats = (await call("GET", `/api/studio/newsletter/issues/${id}/stats`)).json().data;
    expect(stats).toMatchObject({
      recipients: 1000,
      sent: 980,
      bounced: 20,
      failed: 0,
      pending: 0,
    });
    for (const email of emails) {
      const i = index(email);
      expect(sink.deliveredTo.get(email) ?? 0, email).toBe(permanent(i) ? 0 : 1);
    }
    const retried = await t.db.kysely
      .selectFrom("newsletter_deliveries")
      .select(["email", "attempts", "state"])
      .where("issue_id", "=", id)
      .where("attempts", ">", 1)
      .execute();
    expect(retried).toHaveLength(100);
    expect(retried.every((r) => r.attempts === 3 && r.state === "sent")).toBe(true);
    const suppressed = await t.db.kysely
      .selectFrom("newsletter_suppressions")
      .select(["email", "reason"])
      .execute();
    expect(suppressed.map((s) => s.email).sort()).toEqual(
      emails.filter((e) => permanent(index(e))).sort(),
    );
    expect(suppressed.every((s) => s.reason === "hard-bounce")).toBe(true);
    const issue = (await call("GET", `/api/studio/newsletter/issues/${id}`)).json().data;
    expect(issue.attributes.status).toBe("sent");
  });

  it("never mails a suppressed address again", async () => {
    const before = new Map(sink.deliveredTo);
    const id = await sendPost("after-bounces");
    await t.app.services.newsletterDelivery.drain();
    const stats = (await call("GET", `/api/studio/newsletter/issues/${id}/stats`)).json().data;
    expect(stats).toMatchObject({ recipients: 980, sent: 980, bounced: 0 });
    for (const [email, n] of sink.deliveredTo) {
      if (permanent(index(email))) expect(n).toBe(before.get(email) ?? 0);
    }
  });

  it("gives up a recipient refused temporarily on every attempt, as failed", async () => {
    await addSubscribers(t.db, 1, "greylisted-forever");
    // Only the new address is refused: the 980 others are sent once, not retried 4 times each.
    const stubborn = await startSmtpSink({
      parse: false,
      refuse: (address) => (address.startsWith("greylisted-forever") ? 450 : null),
    });
    try {
      await t.app.services.newsletterDelivery.stop();
      const id = await sendPost("stubborn");
      const config = { SMTP_URL: stubborn.url, PUBLIC_URL, NEWSLETTER_RATE_PER_MINUTE: "100000" };
      await drainWithFreshWorker(t.db, { config, tuning: FAST });
      const row = await t.db.kysely
        .selectFrom("newsletter_deliveries")
        .select(["state", "attempts", "last_error"])
        .where("issue_id", "=", id)
        .where("email", "=", "greylisted-forever0@example.test")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: "failed", attempts: FAST.maxAttempts });
      expect(row.last_error).toContain("Try again later");
      // Temporary refusals never suppress.
      const suppressed = await t.db.kysely
        .selectFrom("newsletter_suppressions")
        .select("email")
        .where("email", "=", "greylisted-forever0@example.test")
        .execute();
      expect(suppressed).toEqual([]);
    } finally {
      await stubborn.close();
    }
  });

  it("cancels a send in progress: nothing more goes out, and the studio says so", async () => {
    await t.app.services.newsletterDelivery.stop(); // nothing is sent before the cancel
    const id = await sendPost("cancelled");
    const cancelled = await call("POST", `/api/studio/newsletter/issues/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.attributes.status).toBe("cancelled");
    const config = { SMTP_URL: sink.url, PUBLIC_URL, NEWSLETTER_RATE_PER_MINUTE: "100000" };
    const count = [...sink.deliveredTo.values()].reduce((a, b) => a + b, 0);
    await drainWithFreshWorker(t.db, { config, tuning: FAST });
    expect([...sink.deliveredTo.values()].reduce((a, b) => a + b, 0)).toBe(count);
    const stats = (await call("GET", `/api/studio/newsletter/issues/${id}/stats`)).json().data;
    expect(stats).toMatchObject({ sent: 0, pending: 0, cancelled: stats.recipients });
    expect((await call("POST", `/api/studio/newsletter/issues/${id}/cancel`)).statusCode).toBe(409);
    const audit = (await call("GET", "/api/studio/audit?action=newsletter.cancel")).json().data;
    expect(audit[0]).toMatchObject({ targetType: "newsletter-issue", targetId: id });
  });
});
