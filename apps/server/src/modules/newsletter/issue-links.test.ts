// The click redirect /r/{token} (docs/product/newsletter.md#newsletter-sending): links go through
// it only with NEWSLETTER_TRACKING on, it sends browsers only to this site or a listed host (never
// an open redirect), and clicks are counted only with tracking on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dialect } from "../../db/client.ts";
import { openTestApp, type OpenTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle, registerMember } from "../../testing/fixtures.ts";
import { addSubscribers } from "../../testing/newsletter.ts";
import { type SmtpSink, startSmtpSink } from "../../testing/smtp-sink.ts";
import { redirectTarget } from "./issue-links.ts";

const PUBLIC_URL = "https://pragmatist.example";
const CONTENT =
  "See [the primer](/p/primer), [the guide](https://docs.example/guide?a=1) and [elsewhere](https://evil.example/x).";

describe("redirectTarget", () => {
  const hosts = ["docs.example", "cdn.example:8443"];
  it.each([
    ["/p/primer", `${PUBLIC_URL}/p/primer`],
    [`${PUBLIC_URL}/p/a?x=1#c`, `${PUBLIC_URL}/p/a?x=1#c`],
    ["https://docs.example/guide", "https://docs.example/guide"],
    ["https://DOCS.example/guide", "https://docs.example/guide"],
    ["https://cdn.example:8443/a", "https://cdn.example:8443/a"],
  ])("allows %s", (url, target) => {
    expect(redirectTarget(url, PUBLIC_URL, hosts)).toBe(target);
  });
  it.each([
    "https://evil.example/x",
    "//evil.example/x",
    "/\\evil.example/x",
    "https://docs.example.evil.example/",
    "https://user:pw@docs.example/",
    "https://cdn.example/a",
    "javascript:alert(1)",
    "data:text/html,<b>x</b>",
    "ftp://docs.example/file",
    "",
  ])("refuses %s", (url) => {
    expect(redirectTarget(url, PUBLIC_URL, hosts)).toBeNull();
  });
});

/** An app with `tracking`, 2 subscribers, one issue sent and drained; its mails and stats. */
function sentIssue(engine: Dialect, tracking: boolean) {
  const s = {} as {
    sink: SmtpSink;
    t: OpenTestApp;
    id: number;
    html: string;
    stats: () => Promise<Record<string, unknown>>;
  };
  beforeAll(async () => {
    s.sink = await startSmtpSink();
    s.t = await openTestApp(engine, {
      config: {
        SMTP_URL: s.sink.url,
        PUBLIC_URL,
        NEWSLETTER_TRACKING: String(tracking),
        NEWSLETTER_LINK_HOSTS: "docs.example",
      },
    });
    const editor = await registerMember((o) => s.t.app.inject(o));
    // Sign-up mails the editor a verification link: the mail read below is the issue's.
    await s.t.app.services.emailVerification.settle();
    s.sink.skip();
    await s.t.db.kysely
      .updateTable("users")
      .set({ role: "editor" })
      .where("id", "=", editor.id)
      .execute();
    await addSubscribers(s.t.db, 2);
    const articleId = await insertArticle(s.t.db, { slug: "links", content: CONTENT });
    const post = (url: string, data: object) =>
      s.t.app.inject({ method: "POST", url, headers: editor.auth, payload: { data } });
    s.id = (
      await post("/api/studio/newsletter/issues", { kind: "post", articleId })
    ).json().data.id;
    await post(`/api/studio/newsletter/issues/${s.id}/send`, {});
    await s.t.app.services.newsletterDelivery.drain();
    s.html = (await s.sink.next()).html ?? "";
    s.stats = async () =>
      (
        await s.t.app.inject({
          url: `/api/studio/newsletter/issues/${s.id}/stats`,
          headers: editor.auth,
        })
      ).json().data;
  });
  afterAll(async () => {
    await s.t?.close();
    await s.sink?.close();
  });
  return s;
}

/** The href of the link whose words are `words` in `html`. */
const hrefOf = (html: string, words: string) =>
  new RegExp(`href="([^"]+)"[^>]*>${words}<`).exec(html)?.[1] ?? "";

describe.each(engines)("/r/{token} with tracking on, on %s", (engine) => {
  const s = sentIssue(engine, true);

  it("carries this site's and listed hosts' links through /r/, others direct, and counts clicks", async () => {
    const primer = hrefOf(s.html, "the primer");
    const guide = hrefOf(s.html, "the guide");
    expect(primer).toMatch(new RegExp(`^${PUBLIC_URL}/r/[A-Za-z0-9_-]{22}$`));
    expect(guide).toMatch(new RegExp(`^${PUBLIC_URL}/r/[A-Za-z0-9_-]{22}$`));
    expect(hrefOf(s.html, "elsewhere")).toBe("https://evil.example/x");
    for (const [link, target] of [
      [primer, `${PUBLIC_URL}/p/primer`],
      [guide, "https://docs.example/guide?a=1"],
      [guide, "https://docs.example/guide?a=1"],
    ] as const) {
      const res = await s.t.app.inject({ url: new URL(link).pathname });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(target);
    }
    const stats = await s.stats();
    expect(stats).toMatchObject({
      clicks: 3,
      opened: null,
      tracking: { clicks: true, opens: false },
    });
    expect(stats.links).toEqual(
      expect.arrayContaining([
        { url: "https://docs.example/guide?a=1", clicks: 2 },
        { url: `${PUBLIC_URL}/p/primer`, clicks: 1 },
      ]),
    );
  });

  it("refuses foreign hosts, unknown tokens and malformed ones", async () => {
    // A stored link whose host is no longer listed (NEWSLETTER_LINK_HOSTS changed): never followed.
    await s.t.db.kysely
      .insertInto("newsletter_links")
      .values({ issue_id: s.id, token: "foreignfOREIGNforeign1", url: "https://evil.example/x" })
      .execute();
    for (const [url, status] of [
      ["/r/foreignfOREIGNforeign1", 404],
      ["/r/unknownUNKNOWNunknown", 404],
      ["/r/%2F%2Fevil.example", 400],
    ] as const) {
      const res = await s.t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers.location).toBeUndefined();
    }
  });
});

describe.each(engines)("/r/{token} with tracking off (the default), on %s", (engine) => {
  const s = sentIssue(engine, false);

  it("links directly, counts nothing and says so", async () => {
    expect(s.html).not.toContain("/r/");
    expect(hrefOf(s.html, "the primer")).toBe(`${PUBLIC_URL}/p/primer`);
    expect(hrefOf(s.html, "the guide")).toBe("https://docs.example/guide?a=1");
    // A link stored while tracking was on still leads where it did, uncounted.
    await s.t.db.kysely
      .insertInto("newsletter_links")
      .values({ issue_id: s.id, token: "earlierEARLIERearlier1", url: `${PUBLIC_URL}/p/primer` })
      .execute();
    const res = await s.t.app.inject({ url: "/r/earlierEARLIERearlier1" });
    expect(res.headers.location).toBe(`${PUBLIC_URL}/p/primer`);
    const stats = await s.stats();
    expect(stats).toMatchObject({
      clicks: 0,
      opened: null,
      tracking: { clicks: false, opens: false },
    });
  });
});
