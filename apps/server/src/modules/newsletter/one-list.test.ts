// One newsletter list (docs/decisions/007-newsletter-delivery.md#one-list): a member's switch is
// the row of their account email, the form and the switch agree, a send reaches every address on
// the list exactly once, a mailed unsubscribe link turns the switch off, suppressed addresses stay
// out, and an email change can move the row.
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dialect } from "../../db/client.ts";
import { openTestApp, type OpenTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle, registerMember, type TestMember } from "../../testing/fixtures.ts";
import { addSubscribers } from "../../testing/newsletter.ts";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../../testing/smtp-sink.ts";

const PUBLIC_URL = "https://pragmatist.example";
const FAST = { retryBaseMs: 10, retryMaxMs: 50, pollMs: 50 };
const OPT_IN = "/api/newsletter/opt-in";

/** The first link to `/api/newsletter/{kind}` in a mail's text, as a path with its query. */
function mailedLink(mail: ReceivedMail, kind: "confirm" | "unsubscribe"): string {
  const found = (mail.text ?? "").match(new RegExp(`https?://\\S+/api/newsletter/${kind}\\S+`));
  const url = new URL(found?.[0] ?? "");
  return `${url.pathname}${url.search}`;
}

/** The address of a received mail's List-Unsubscribe header, as a path with its query. */
function listUnsubscribe(mail: ReceivedMail): string {
  const header = mail.headers.find((h) => h.key === "list-unsubscribe")?.value ?? "";
  const url = new URL(/^<(.+)>$/.exec(header)?.[1] ?? "");
  return `${url.pathname}${url.search}`;
}

describe.each(engines)("one newsletter list on %s", (engine: Dialect) => {
  const s = {} as { sink: SmtpSink; t: OpenTestApp; editor: TestMember };
  const inject = (o: InjectOptions) => s.t.app.inject(o);
  beforeAll(async () => {
    s.sink = await startSmtpSink();
    s.t = await openTestApp(engine, {
      config: { SMTP_URL: s.sink.url, PUBLIC_URL, NEWSLETTER_RATE_PER_MINUTE: "100000" },
      newsletterDelivery: FAST,
    });
    s.editor = await registerMember(inject);
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

  /** A new member; `verified` marks their account email as proven (as Google sign-in does). */
  async function member(verified: boolean): Promise<TestMember> {
    const m = await registerMember(inject);
    // Sign-up mails a verification link: out before a test reads the mails that follow.
    await s.t.app.services.emailVerification.settle();
    if (verified) {
      await s.t.db.kysely
        .updateTable("users")
        .set({ email_verified_at: new Date().toISOString() })
        .where("id", "=", m.id)
        .execute();
    }
    return m;
  }
  const state = async (m: TestMember) =>
    (await inject({ url: OPT_IN, headers: m.auth })).json().data;
  const setSwitch = (m: TestMember, optIn: boolean) =>
    inject({ method: "PUT", url: OPT_IN, headers: m.auth, payload: { data: { optIn } } });
  const subscribeByForm = async (email: string) => {
    const res = await inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    await s.t.app.services.newsletter.settle();
  };
  /** Sends a post issue to the list and waits until every delivery is settled; its mails. */
  async function sendIssue(slug: string): Promise<ReceivedMail[]> {
    const articleId = await insertArticle(s.t.db, { slug, title: `Issue ${slug}` });
    const call = (url: string, payload?: object) =>
      inject({ method: "POST", url, headers: s.editor.auth, ...(payload ? { payload } : {}) });
    const created = await call("/api/studio/newsletter/issues", {
      data: { kind: "post", articleId },
    });
    const sent = await call(`/api/studio/newsletter/issues/${created.json().data.id}/send`);
    expect(sent.statusCode, sent.body).toBe(202);
    await s.t.app.services.newsletterDelivery.drain();
    return s.sink.received.filter((m) => m.subject === `Issue ${slug}`);
  }

  it("sends one copy to a member who also subscribed by the form, in any case", async () => {
    const both = await member(true);
    expect((await setSwitch(both, true)).json().data).toEqual({
      optIn: true,
      status: "confirmed",
      email: both.email,
      suppressed: false,
    });
    s.sink.skip();
    await subscribeByForm(both.email.toUpperCase());
    // A row written before addresses were lower-cased, for a member whose switch is on too.
    const legacy = await member(true);
    await s.t.db.kysely
      .insertInto("newsletter_subscribers")
      .values({
        email: legacy.email.replace(/^m/, "M"),
        status: "confirmed",
        unsubscribe_token_hash: "legacy",
        created_at: new Date().toISOString(),
        confirmed_at: new Date().toISOString(),
      })
      .execute();
    expect((await setSwitch(legacy, true)).json().data.optIn).toBe(true);
    const [visitor] = await addSubscribers(s.t.db, 1, "visitor");

    const mails = await sendIssue("once");
    const copies = new Map<string, number>();
    for (const m of mails) {
      const to = (m.envelopeTo[0] as string).toLowerCase();
      copies.set(to, (copies.get(to) ?? 0) + 1);
    }
    expect(copies.get(both.email)).toBe(1);
    expect(copies.get(legacy.email)).toBe(1);
    expect(copies.get(visitor as string)).toBe(1);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
  });

  it("keeps the switch and the form in agreement: one row, whichever changes it", async () => {
    const m = await member(false);
    expect(await state(m)).toEqual({
      optIn: false,
      status: "none",
      email: m.email,
      suppressed: false,
    });
    // Subscribed by the /newsletter form (another case) and confirmed: the switch reads on.
    s.sink.skip();
    await subscribeByForm(m.email.toUpperCase());
    const confirmation = await s.sink.next();
    expect(confirmation.envelopeTo).toEqual([m.email]);
    await inject({ method: "POST", url: mailedLink(confirmation, "confirm") });
    expect(await state(m)).toMatchObject({ optIn: true, status: "confirmed" });
    // Turned off by the switch: the editors' list shows the same row unsubscribed, as a member.
    expect((await setSwitch(m, false)).json().data).toMatchObject({
      optIn: false,
      status: "unsubscribed",
    });
    const listed = await inject({
      url: `/api/studio/subscribers?q=${encodeURIComponent(m.email)}`,
      headers: s.editor.auth,
    });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ email: m.email, status: "unsubscribed", member: true }),
    ]);
    // On again with an unproven account email: the usual confirmation mail, then on.
    expect((await setSwitch(m, true)).json().data).toMatchObject({
      optIn: false,
      status: "pending",
    });
    const again = await s.sink.next();
    expect(again.envelopeTo).toEqual([m.email]);
    await inject({ method: "POST", url: mailedLink(again, "confirm") });
    expect(await state(m)).toMatchObject({ optIn: true, status: "confirmed" });
  });

  it("turns the switch off by an issue's unsubscribe link, and on again by its undo", async () => {
    const m = await member(true);
    await setSwitch(m, true);
    const mail = (await sendIssue("leave")).find((x) => x.envelopeTo[0] === m.email);
    const link = listUnsubscribe(mail as ReceivedMail);
    expect((await inject({ method: "POST", url: link })).statusCode).toBe(200);
    expect(await state(m)).toMatchObject({ optIn: false, status: "unsubscribed" });
    const undo = link.replace("/unsubscribe?", "/resubscribe?");
    expect((await inject({ method: "POST", url: undo })).statusCode).toBe(200);
    expect(await state(m)).toMatchObject({ optIn: true, status: "confirmed" });
  });

  it("leaves a suppressed address suppressed when its member turns the switch on", async () => {
    const m = await member(true);
    await s.t.db.kysely
      .insertInto("newsletter_suppressions")
      .values({ email: m.email, reason: "hard-bounce", detail: "550", created_at: "2026-01-01" })
      .execute();
    expect((await setSwitch(m, true)).json().data).toMatchObject({
      optIn: true,
      suppressed: true,
    });
    const mails = await sendIssue("suppressed");
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.map((x) => x.envelopeTo[0])).not.toContain(m.email);
  });

  it("moves a member's row to their new address, never leaving it there twice", async () => {
    const { newsletter } = s.t.app.services;
    const m = await member(true);
    await setSwitch(m, true);
    const to = `moved-${m.email}`;
    await subscribeByForm(to); // pending at the new address already
    expect(await newsletter.moveSubscription(m.email.toUpperCase(), ` ${to} `)).toBe(true);
    // The email change itself belongs to accounts; here it is written directly.
    await s.t.db.kysely.updateTable("users").set({ email: to }).where("id", "=", m.id).execute();
    expect(await state(m)).toMatchObject({ optIn: true, status: "confirmed", email: to });
    const rows = await s.t.db.kysely
      .selectFrom("newsletter_subscribers")
      .select("email")
      .where("email", "in", [m.email, to])
      .execute();
    expect(rows).toEqual([{ email: to }]);
    expect(await newsletter.moveSubscription("nobody@example.test", "else@example.test")).toBe(
      false,
    );
  });
});
