// Newsletter issues in the studio and on the site (docs/product/newsletter.md#newsletter-sending):
// who may write and send them, drafts of a post or of the week's digest, preview and a test to
// oneself, the send's audit entry and 409s, and the public archive and web versions.
import fs from "node:fs/promises";
import path from "node:path";
import PostalMime from "postal-mime";
import { beforeAll, describe, expect, it } from "vitest";
import { engines, testConfig } from "../../testing/db.ts";
import { insertArticle } from "../../testing/fixtures.ts";
import { withStudio } from "../../testing/studio.ts";
import { closeServices, createServices } from "../../services.ts";
import { freshDb } from "../../testing/db.ts";

const PUBLIC_URL = "https://pragmatist.example";
const DAY = 86_400_000;
const ISSUES = "/api/studio/newsletter/issues";

describe.each(engines)("newsletter issues on %s", (engine) => {
  const { ctx, editor, author, member } = withStudio(
    engine,
    { editor: ["editor", "Edna"], author: ["author", "Arlo"], member: ["member", "Mo"] },
    { config: { PUBLIC_URL } },
  );
  const call = (
    who: { auth: Record<string, string> } | null,
    method: string,
    url: string,
    data?: object,
  ) =>
    ctx.inject({
      method: method as "GET",
      url,
      headers: who ? who.auth : {},
      ...(data ? { payload: { data } } : {}),
    });
  /** Days before the test clock's now, ISO 8601. */
  const daysAgo = (n: number) => new Date(ctx.clock.now().getTime() - n * DAY).toISOString();

  const ids = {} as Record<"recent" | "older" | "stale" | "future" | "draft", number>;
  beforeAll(async () => {
    const media = await ctx.db.kysely
      .insertInto("media")
      .values({
        url: "/uploads/thumb.webp",
        mime: "image/webp",
        width: 640,
        height: 360,
        size_bytes: 1,
        alternative_text: null,
        created_at: daysAgo(1),
        owner_id: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.recent = await insertArticle(ctx.db, {
      slug: "recent",
      title: "Recent one",
      publishDate: daysAgo(2),
    });
    await ctx.db.kysely
      .updateTable("articles")
      .set({ thumbnail_id: media.id })
      .where("id", "=", ids.recent)
      .execute();
    ids.older = await insertArticle(ctx.db, {
      slug: "older",
      title: "Older one",
      publishDate: daysAgo(6),
    });
    ids.stale = await insertArticle(ctx.db, { slug: "stale", publishDate: daysAgo(8) });
    ids.future = await insertArticle(ctx.db, { slug: "future", publishDate: daysAgo(-1) });
    ids.draft = await insertArticle(ctx.db, {
      slug: "email-only",
      title: "Email only",
      status: "draft",
      content: "Hello <script>x</script> see [docs](/p/docs) and ![chart](/uploads/c.webp)",
    });
  });

  it("lets only editors and admins near issues: 401 anonymous, 403 members and authors", async () => {
    expect((await call(null, "GET", ISSUES)).statusCode).toBe(401);
    for (const [who, message] of [
      [member, "The studio is for authors, editors and admins"],
      [author, "Only editors and admins can write and send newsletter issues"],
    ] as const) {
      const res = await call(who, "POST", ISSUES, { kind: "post", articleId: ids.recent });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(message);
    }
    expect((await call(editor, "GET", ISSUES)).statusCode).toBe(200);
  });

  it("drafts a post of any article, subject and slug from its title", async () => {
    const res = await call(editor, "POST", ISSUES, {
      kind: "post",
      articleId: ids.draft,
      intro: "Our **pick**.",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      slug: "email-only",
      subject: "Email only",
      kind: "post",
      status: "draft",
      articles: [{ id: ids.draft, slug: "email-only", status: "draft" }],
      createdBy: { id: editor.id, username: "Edna" },
      webUrl: `${PUBLIC_URL}/newsletter/email-only`,
    });
    // One list, one audience: an issue no longer says which of two it went to.
    expect(res.json().data.attributes).not.toHaveProperty("audience");
    const again = await call(editor, "POST", ISSUES, { kind: "post", articleId: ids.draft });
    expect(again.json().data.attributes.slug).toBe("email-only-2");
  });

  it("drafts The Weekly Brief from the articles published in the last 7 days, newest first", async () => {
    const res = await call(editor, "POST", ISSUES, { kind: "digest", intro: "This week." });
    expect(res.statusCode).toBe(201);
    const a = res.json().data.attributes;
    expect(a.subject).toBe("The Weekly Brief: 2 March 2026");
    expect(a.slug).toBe("the-weekly-brief-2-march-2026");
    expect(a.articles.map((x: { id: number }) => x.id)).toEqual([ids.recent, ids.older]);

    const preview = await call(editor, "GET", `${ISSUES}/${res.json().data.id}/preview`);
    const { subject, html, text } = preview.json().data;
    expect(subject).toBe(a.subject);
    expect(html).toContain(`src="${PUBLIC_URL}/uploads/thumb.webp"`);
    expect(html).toContain(`href="${PUBLIC_URL}/p/recent"`);
    expect(html).toContain("This week.");
    expect(html).toMatch(/@media[^{]*max-width/); // MJML's responsive columns
    // Nothing loads from a third party when a reader opens it (no web fonts).
    expect(html).not.toMatch(/fonts\.googleapis|fonts\.gstatic/);
    for (const [, url] of html.matchAll(/(?:src|href)="(https?:[^"]+)"/g)) {
      expect(url.startsWith(PUBLIC_URL), url).toBe(true);
    }
    expect(text).toContain(`RECENT ONE\nSubtitle of recent\n${PUBLIC_URL}/p/recent`);
    expect(text).toContain(
      "You receive this because you subscribed to the Crypto Pragmatist newsletter.",
    );
  });

  it("refuses bad drafts with 400s that name the field", async () => {
    const cases: [object, string][] = [
      [{ kind: "digest", articleIds: [ids.draft] }, "articleIds"],
      [{ kind: "digest", articleIds: [ids.future] }, "articleIds"],
      [{ kind: "post", articleId: 999_999 }, "articleId"],
    ];
    for (const [data, field] of cases) {
      const res = await call(editor, "POST", ISSUES, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().error.details.errors[0].path).toEqual(["data", field]);
    }
    for (const data of [
      { kind: "post", articleId: ids.recent, subject: "Hi\r\nBcc: everyone@example.test" },
      { kind: "post" },
      { kind: "letter", articleId: 1 },
      { kind: "post", articleId: ids.recent, status: "sent" },
    ]) {
      expect((await call(editor, "POST", ISSUES, data)).statusCode).toBe(400);
    }
  });

  it("previews a post as the mail: raw HTML as text, absolute addresses, no page for an unpublished article", async () => {
    const id = (
      await call(editor, "POST", ISSUES, { kind: "post", articleId: ids.draft, slug: "preview-me" })
    ).json().data.id;
    const { html, text } = (await call(editor, "GET", `${ISSUES}/${id}/preview`)).json().data;
    expect(html).toContain("Hello &lt;script&gt;x&lt;/script&gt;");
    expect(html).toContain(`href="${PUBLIC_URL}/p/docs"`);
    expect(html).toContain(`src="${PUBLIC_URL}/uploads/c.webp"`);
    expect(html).not.toContain("Read it on the site");
    expect(text).toContain(`see docs [1]`);
    expect(text).toContain(`[1] ${PUBLIC_URL}/p/docs`);
  });

  it("mails a test to the editor's own address, 10 an hour", async () => {
    const id = (
      await call(editor, "POST", ISSUES, { kind: "post", articleId: ids.recent, slug: "test-me" })
    ).json().data.id;
    const res = await call(editor, "POST", `${ISSUES}/${id}/test`);
    expect(res.json()).toEqual({ data: { to: editor.email } });
    const folder = (await ctx.app.services.mailer.outboxDir()) as string;
    const files = await fs.readdir(folder);
    const mail = await PostalMime.parse(
      await fs.readFile(path.join(folder, files.at(-1) as string), "utf8"),
    );
    expect(mail.to?.[0]?.address).toBe(editor.email);
    expect(mail.subject).toBe("[Test] Recent one");
    for (let i = 1; i < 10; i++) await call(editor, "POST", `${ISSUES}/${id}/test`);
    expect((await call(editor, "POST", `${ISSUES}/${id}/test`)).statusCode).toBe(429);
  });

  it("sends once: audited, then 409 for a second send, a change or a delete", async () => {
    const created = await call(editor, "POST", ISSUES, {
      kind: "post",
      articleId: ids.older,
      slug: "sent-once",
    });
    const id = created.json().data.id;
    await call(editor, "PUT", `${ISSUES}/${id}`, {
      subject: "Older, edited",
      intro: "Hi, **readers**.",
    });
    // The old choice of audience is refused with a Strapi-style 400 that names it.
    const split = await call(editor, "POST", `${ISSUES}/${id}/send`, { audience: "subscribers" });
    expect(split.statusCode).toBe(400);
    expect(split.json()).toMatchObject({
      data: null,
      error: { status: 400, name: "ValidationError", message: expect.stringMatching(/audience/) },
    });
    const sent = await call(editor, "POST", `${ISSUES}/${id}/send`, {});
    expect(sent.statusCode).toBe(202);
    expect(sent.json().data.attributes).toMatchObject({
      status: "sending",
      subject: "Older, edited",
    });
    await ctx.app.services.newsletterDelivery.drain();
    for (const [method, url, data] of [
      ["POST", `${ISSUES}/${id}/send`, {}],
      ["PUT", `${ISSUES}/${id}`, { subject: "Too late" }],
      ["DELETE", `${ISSUES}/${id}`, undefined],
    ] as const) {
      const res = await call(editor, method, url, data);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().error.details).toEqual({ status: "sent" });
    }
    const audit = (await call(editor, "GET", "/api/studio/audit?action=newsletter.send")).json()
      .data;
    expect(audit[0]).toMatchObject({
      actor: { id: editor.id },
      targetType: "newsletter-issue",
      targetId: id,
      details: { subject: "Older, edited", recipients: 0 },
    });
  });

  it("publishes what went out: the archive and web versions, never drafts", async () => {
    const draft = (
      await call(editor, "POST", ISSUES, {
        kind: "post",
        articleId: ids.recent,
        slug: "still-draft",
      })
    ).json().data.id;
    const archive = await call(null, "GET", "/api/newsletter/issues");
    expect(archive.statusCode).toBe(200);
    const slugs = archive
      .json()
      .data.map((i: { attributes: { slug: string } }) => i.attributes.slug);
    expect(slugs).toContain("sent-once");
    expect(slugs).not.toContain("still-draft");
    expect((await call(null, "GET", "/api/newsletter/issues/still-draft")).statusCode).toBe(404);
    const web = (await call(null, "GET", "/api/newsletter/issues/sent-once")).json().data;
    expect(web.attributes).toMatchObject({
      subject: "Older, edited",
      intro: "Hi, **readers**.",
      introText: "Hi, readers.",
      webUrl: `${PUBLIC_URL}/newsletter/sent-once`,
      articles: [
        { id: ids.older, url: `${PUBLIC_URL}/p/older`, content: "Content of older.", body: true },
      ],
    });
    // The pages' loaders read the same through the publication facade (decision 002).
    const { api } = ctx.app.services;
    expect(await api.findNewsletterIssue("sent-once")).toEqual(web);
    expect(await api.findNewsletterIssue("still-draft")).toBeNull();
    expect(await api.listNewsletterIssues({ page: 1, pageSize: 20 })).toEqual(archive.json());
    expect((await call(editor, "DELETE", `${ISSUES}/${draft}`)).json().data.attributes.slug).toBe(
      "still-draft",
    );
    expect((await call(editor, "GET", `${ISSUES}/${draft}`)).statusCode).toBe(404);
  });

  it("lists what went out in the newsletter sitemap and feeds, never drafts", async () => {
    const get = (url: string) => ctx.inject({ method: "GET", url });
    const index = await get("/sitemap.xml");
    expect(index.body).toContain(`${PUBLIC_URL}/sitemaps/newsletter.xml`);
    const sitemap = await get("/sitemaps/newsletter.xml");
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/newsletter</loc>`);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/newsletter/sent-once</loc>`);
    expect(sitemap.body).not.toContain("still-draft");
    for (const [url, type] of [
      ["/feeds/newsletter.xml", "application/rss+xml; charset=utf-8"],
      ["/feeds/newsletter.atom", "application/atom+xml; charset=utf-8"],
    ] as const) {
      const feed = await get(url);
      expect(feed.headers["content-type"]).toBe(type);
      expect(feed.body).toContain("Older, edited");
      expect(feed.body).toContain(`${PUBLIC_URL}/newsletter/sent-once`);
      expect(feed.body).not.toContain("still-draft");
    }
  });
});

describe("NEWSLETTER_URL", () => {
  it("is optional: unset, Subscribe leads to the built-in newsletter", async () => {
    const db = await freshDb("sqlite");
    try {
      const builtIn = createServices(db, testConfig({ PUBLIC_URL }));
      expect(builtIn.api.site).toMatchObject({ newsletterUrl: "/newsletter" });
      const external = createServices(db, testConfig({ NEWSLETTER_URL: "https://news.example/" }));
      expect(external.api.site).toMatchObject({ newsletterUrl: "https://news.example/" });
      await Promise.all([closeServices(builtIn), closeServices(external)]);
    } finally {
      await db.close();
    }
  });
});
