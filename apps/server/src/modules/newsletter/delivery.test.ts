// Sending an issue over real SMTP on loopback (docs/product/newsletter.md#newsletter-sending):
// 1,000 subscribers get exactly one copy each with their own unsubscribe link, one-click
// unsubscribe works without a session and counts for the issue, and an unsubscribe between freezing
// and sending is honoured.
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dialect } from "../../db/client.ts";
import { openTestApp, type OpenTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle, registerMember, type TestMember } from "../../testing/fixtures.ts";
import { addSubscribers, drainWithFreshWorker } from "../../testing/newsletter.ts";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../../testing/smtp-sink.ts";
import { readDeliveryUnsubscribeToken } from "./delivery-tokens.ts";
import { mjmlThreadRunning } from "./mjml-render.ts";

const PUBLIC_URL = "https://pragmatist.example";
const SECRET = "test-secret-test-secret-test-secret-0123"; // testConfig's APP_SECRET
const FAST = { retryBaseMs: 10, retryMaxMs: 50, pollMs: 50 };

/** The headers of a received mail by lower-case name. */
const headersOf = (mail: ReceivedMail) => new Map(mail.headers.map((h) => [h.key, h.value]));
/** The address of a received mail's List-Unsubscribe header (`<url>`). */
const unsubscribeLink = (mail: ReceivedMail) =>
  new URL(/^<(.+)>$/.exec(headersOf(mail).get("list-unsubscribe") ?? "")?.[1] ?? "");

/** The app, its sink and an editor for one engine. */
function setup(engine: Dialect) {
  const s = {} as { sink: SmtpSink; t: OpenTestApp; editor: TestMember };
  beforeAll(async () => {
    s.sink = await startSmtpSink();
    s.t = await openTestApp(engine, {
      config: { SMTP_URL: s.sink.url, PUBLIC_URL, NEWSLETTER_RATE_PER_MINUTE: "100000" },
      newsletterDelivery: FAST,
    });
    s.editor = await registerMember((o) => s.t.app.inject(o));
    await s.t.db.kysely
      .updateTable("users")
      .set({ role: "editor" })
      .where("id", "=", s.editor.id)
      .execute();
  });
  afterAll(async () => {
    await s.t?.close();
    await s.sink?.close();
  });
  return s;
}

describe.each(engines)("sending an issue on %s", (engine) => {
  const s = setup(engine);
  const inject = (o: InjectOptions) => s.t.app.inject(o);

  /** Creates a post issue of a new article as the editor; returns its id. */
  async function draftPost(slug: string): Promise<number> {
    const articleId = await insertArticle(s.t.db, {
      slug,
      title: `Bridges ${slug}`,
      content: "Read [the primer](/p/primer).\n\n![A chart](/uploads/chart.webp)",
    });
    const res = await inject({
      method: "POST",
      url: "/api/studio/newsletter/issues",
      headers: s.editor.auth,
      payload: { data: { kind: "post", articleId } },
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { data: { id: number } }).data.id;
  }
  const send = (id: number) =>
    inject({
      method: "POST",
      url: `/api/studio/newsletter/issues/${id}/send`,
      headers: s.editor.auth,
    });
  /** The list status of the subscriber a mail went to. */
  const statusOf = async (mail: ReceivedMail) =>
    (
      await s.t.db.kysely
        .selectFrom("newsletter_subscribers")
        .select("status")
        .where("email", "=", mail.envelopeTo[0] as string)
        .executeTakeFirstOrThrow()
    ).status;
  const stats = async (id: number) =>
    (
      await inject({ url: `/api/studio/newsletter/issues/${id}/stats`, headers: s.editor.auth })
    ).json().data;

  it("delivers to 1,000 subscribers exactly once each, with their own unsubscribe link", async () => {
    const emails = await addSubscribers(s.t.db, 1000, "thousand");
    const id = await draftPost("thousand");
    const res = await send(id);
    expect(res.statusCode).toBe(202);
    expect(res.json().data.attributes.status).toBe("sending");
    // A send ends the MJML thread at once: the delivery runs without it.
    expect(mjmlThreadRunning()).toBe(false);
    await s.t.app.services.newsletterDelivery.drain();

    const mails = s.sink.received.filter((m) => m.subject === "Bridges thousand");
    expect(mails).toHaveLength(1000);
    expect(new Set(mails.map((m) => m.envelopeTo[0])).size).toBe(1000);
    expect([...new Set(mails.map((m) => m.envelopeTo[0]))].sort()).toEqual([...emails].sort());
    const rows = await s.t.db.kysely
      .selectFrom("newsletter_deliveries")
      .select(["id", "email", "state", "message_id"])
      .where("issue_id", "=", id)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const mail of mails) {
      const h = headersOf(mail);
      const url = unsubscribeLink(mail);
      const link = url.href;
      expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/api/newsletter/unsubscribe`);
      const deliveryId = readDeliveryUnsubscribeToken(SECRET, url.searchParams.get("token") ?? "");
      // The link is this recipient's own: its delivery went to the envelope's address.
      expect(byId.get(deliveryId as number)?.email).toBe(mail.envelopeTo[0]);
      expect(h.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(mail.text).toContain(`Unsubscribe: ${link}`);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.messageId).toBe(byId.get(deliveryId as number)?.message_id);
    }
    // Absolute addresses only, and the web version.
    const first = mails[0] as ReceivedMail;
    // RFC 2919: the list's name in quotes and its id in angle brackets, never an encoded word.
    const host = new URL(PUBLIC_URL).hostname;
    const listId = first.raw.split("\r\n").find((l) => /^list-id:/i.test(l));
    expect(listId).toBe(`List-ID: "Crypto Pragmatist" <newsletter.${host}>`);
    expect(first.html).toContain(`href="${PUBLIC_URL}/p/primer"`);
    expect(first.html).toContain(`src="${PUBLIC_URL}/uploads/chart.webp"`);
    expect(first.html).toContain(`href="${PUBLIC_URL}/newsletter/bridges-thousand"`);
    expect(first.html).not.toMatch(/(href|src)="\/(?!\/)/);
    expect(rows.every((r) => r.state === "sent")).toBe(true);
    expect(await stats(id)).toMatchObject({ recipients: 1000, sent: 1000, pending: 0, failed: 0 });
    const issue = await inject({
      url: `/api/studio/newsletter/issues/${id}`,
      headers: s.editor.auth,
    });
    expect(issue.json().data.attributes.status).toBe("sent");
  });

  it("unsubscribes at once by the one-click POST of a received mail, without a session", async () => {
    const mail = s.sink.received.find((m) => m.subject === "Bridges thousand") as ReceivedMail;
    const link = unsubscribeLink(mail);
    const res = await inject({
      method: "POST",
      url: `${link.pathname}${link.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    // RFC 8058 one-click is answered, not redirected.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await statusOf(mail)).toBe("unsubscribed");
    const issueId = (
      await s.t.db.kysely
        .selectFrom("newsletter_issues")
        .select("id")
        .where("slug", "=", "bridges-thousand")
        .executeTakeFirstOrThrow()
    ).id;
    expect((await stats(issueId)).unsubscribes).toBe(1);
    // The same by multipart/form-data, the form RFC 8058 §3.1 recommends: still unsubscribed.
    const boundary = "----one-click";
    const multipart = await inject({
      method: "POST",
      url: `${link.pathname}${link.search}`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    // A forged token changes nothing.
    const forged = await inject({
      method: "POST",
      url: `/api/newsletter/unsubscribe?token=1.${"A".repeat(43)}`,
    });
    expect(forged.statusCode).toBe(400);
    // Following the link (a mail scanner does) changes nothing: it shows a page with a button.
    const other = s.sink.received.find(
      (m) => m.subject === "Bridges thousand" && m.envelopeTo[0] !== mail.envelopeTo[0],
    ) as ReceivedMail;
    const scanned = unsubscribeLink(other);
    const shown = await inject({ url: `${scanned.pathname}${scanned.search}` });
    expect(shown.statusCode).toBe(303);
    expect(shown.headers.location).toBe(`/subscription/unsubscribe${scanned.search}`);
    expect(await statusOf(other)).toBe("confirmed");
    expect((await stats(issueId)).unsubscribes).toBe(1);
  });

  it("honours an unsubscribe and a member's opt-out between freezing and sending", async () => {
    await s.t.app.services.newsletterDelivery.stop(); // the app's own worker stays out of this one
    // A reader subscribed through the site, with the mailed links of the double opt-in.
    s.sink.skip();
    await inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      payload: { email: "late@example.test" },
    });
    await s.t.app.services.newsletter.settle();
    const confirmation = await s.sink.next();
    const [confirm, unsubscribe] = ["confirm", "unsubscribe"].map(
      (p) =>
        (confirmation.text ?? "").match(
          new RegExp(`https?://\\S+/api/newsletter/${p}\\S+`),
        )?.[0] as string,
    );
    const confirmed = new URL(confirm as string);
    await inject({ method: "POST", url: `${confirmed.pathname}${confirmed.search}` });
    await addSubscribers(s.t.db, 5, "stays");
    const id = await draftPost("late");
    expect((await send(id)).statusCode).toBe(202);
    const frozen = await s.t.db.kysely
      .selectFrom("newsletter_deliveries")
      .select("email")
      .where("issue_id", "=", id)
      .execute();
    expect(frozen.map((r) => r.email)).toContain("late@example.test");
    // Frozen, not yet sent: the reader uses the link of their confirmation mail.
    const gone = new URL(unsubscribe as string);
    await inject({ method: "POST", url: `${gone.pathname}${gone.search}` });
    await drainWithFreshWorker(s.t.db, {
      config: { SMTP_URL: s.sink.url, PUBLIC_URL, NEWSLETTER_RATE_PER_MINUTE: "100000" },
      tuning: FAST,
    });
    const to = s.sink.received
      .filter((m) => m.subject === "Bridges late")
      .map((m) => m.envelopeTo[0]);
    expect(to).not.toContain("late@example.test");
    expect(to).toEqual(expect.arrayContaining(["stays0@example.test", "stays4@example.test"]));
    expect(await stats(id)).toMatchObject({ skipped: 1, pending: 0 });
  });

  it("sends to members who turned the newsletter on, and stops for one who turns it off before the send", async () => {
    const members = await Promise.all([1, 2, 3].map(() => registerMember(inject)));
    for (const m of members) {
      // A verified account email goes on the list at once (no confirmation mail).
      await s.t.db.kysely
        .updateTable("users")
        .set({ email_verified_at: new Date().toISOString() })
        .where("id", "=", m.id)
        .execute();
      const res = await inject({
        method: "PUT",
        url: "/api/newsletter/opt-in",
        headers: m.auth,
        payload: { data: { optIn: true } },
      });
      expect(res.json()).toEqual({
        data: { optIn: true, status: "confirmed", email: m.email, suppressed: false },
      });
    }
    const confirmed = await s.t.db.kysely
      .selectFrom("newsletter_subscribers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "confirmed")
      .executeTakeFirstOrThrow();
    const id = await draftPost("members");
    expect((await send(id)).statusCode).toBe(202);
    const quitter = members[2] as TestMember;
    await inject({
      method: "PUT",
      url: "/api/newsletter/opt-in",
      headers: quitter.auth,
      payload: { data: { optIn: false } },
    });
    await drainWithFreshWorker(s.t.db, {
      config: { SMTP_URL: s.sink.url, PUBLIC_URL, NEWSLETTER_RATE_PER_MINUTE: "100000" },
      tuning: FAST,
    });
    const to = s.sink.received
      .filter((m) => m.subject === "Bridges members")
      .map((m) => m.envelopeTo[0]);
    const memberEmails = new Set(members.map((m) => m.email));
    // One list: the members and everyone else confirmed, in one send.
    expect(to.filter((e) => memberEmails.has(e as string)).sort()).toEqual(
      [members[0]?.email, members[1]?.email].sort(),
    );
    expect(to).toContain("stays0@example.test");
    expect(await stats(id)).toMatchObject({
      recipients: Number(confirmed.n),
      sent: Number(confirmed.n) - 1,
      skipped: 1,
    });
    expect((await inject({ url: "/api/newsletter/opt-in" })).statusCode).toBe(401);
  });
});
