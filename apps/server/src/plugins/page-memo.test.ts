// Pages rendered once per content (docs/decisions/009-render-memo.md): equal inputs give the
// remembered page, any change to what a page shows renders it again, and nothing but plain data
// is ever a key. The page tests use the built web app (apps/web/build, built first when missing).
import { describe, expect, it } from "vitest";
import type { RenderedPage } from "@pragmatist/contracts";
import { ensureWebBuild } from "../testing/web-build.ts";
import { putArticle, withStudio, writeArticle } from "../testing/studio.ts";
import { createPageMemo, renderKey } from "./page-memo.ts";
import { entityTag } from "../http/representation.ts";

const page = (text: string, status = 200): RenderedPage => ({
  html: Buffer.from(text),
  contentSecurityPolicy: "default-src 'self'",
  status,
  variants: new Map(),
});

describe("renderKey", () => {
  it("is the same for equal data and differs when anything differs", () => {
    const inputs = ["/p/a", 200, { root: { site: "x" }, article: { title: "A", tags: ["t"] } }];
    expect(renderKey(inputs)).toBe(renderKey(structuredClone(inputs)));
    expect(renderKey(inputs)).not.toBe(
      renderKey(["/p/a", 200, { root: { site: "x" }, article: { title: "B", tags: ["t"] } }]),
    );
    expect(renderKey(["/p/a?sort=old", 200, {}])).not.toBe(renderKey(["/p/a", 200, {}]));
    expect(renderKey(["/p/a", 404, {}])).not.toBe(renderKey(["/p/a", 200, {}]));
  });

  it("refuses anything a render could show differently for the same JSON", () => {
    for (const value of [
      Promise.resolve(1),
      new Map([["a", 1]]),
      new Error("boom"),
      new Date(0),
      () => 1,
      Symbol("s"),
      10n,
      new (class Response {})(),
    ]) {
      expect(renderKey(["/p/a", 200, { data: value }])).toBeNull();
    }
    expect(renderKey(["/p/a", 200, Object.create(null)])).not.toBeNull();
  });
});

describe("createPageMemo", () => {
  it("renders equal inputs once, concurrent requests included", async () => {
    const memo = createPageMemo();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 5));
      return page("<p>one</p>");
    };
    const [a, b] = await Promise.all([
      memo.page(["/p/a", { t: 1 }], render),
      memo.page(["/p/a", { t: 1 }], render),
    ]);
    const c = await memo.page(["/p/a", { t: 1 }], render);
    expect(renders).toBe(1);
    expect(b).toBe(a);
    expect(c).toBe(a);
    await memo.page(["/p/a", { t: 2 }], render);
    expect(renders).toBe(2);
  });

  it("keeps no failed render, error page or page from inputs that are not plain data", async () => {
    const memo = createPageMemo();
    let renders = 0;
    const failing = () => {
      renders++;
      return Promise.reject(new Error("render failed"));
    };
    await expect(memo.page(["/p/a"], failing)).rejects.toThrow("render failed");
    await expect(memo.page(["/p/a"], failing)).rejects.toThrow("render failed");
    expect(renders).toBe(2);
    const statusOf = (status: number) => async () => {
      renders++;
      return page("<p>x</p>", status);
    };
    await memo.page(["/p/b"], statusOf(500));
    await memo.page(["/p/b"], statusOf(500));
    await memo.page(["/p/c", { later: Promise.resolve(1) }], statusOf(200));
    await memo.page(["/p/c", { later: Promise.resolve(1) }], statusOf(200));
    expect(renders).toBe(6);
  });

  it("encodes a page once per content coding, with the entity tag of the bytes sent", async () => {
    const memo = createPageMemo();
    const rendered = page("<p>text</p>");
    let encodes = 0;
    const encode = async (html: Uint8Array) => {
      encodes++;
      return Buffer.concat([Buffer.from("z:"), html]);
    };
    const first = await memo.variant(rendered, "gzip", encode);
    const again = await memo.variant(rendered, "gzip", encode);
    const identity = await memo.variant(rendered, "identity", encode);
    expect(encodes).toBe(1);
    expect(again).toBe(first);
    expect(Buffer.from(first.body).toString()).toBe("z:<p>text</p>");
    expect(first.etag).toBe(entityTag(Buffer.from(first.body)));
    expect(identity.body).toBe(rendered.html);
    expect(identity.etag).toBe(entityTag(Buffer.from(rendered.html)));
  });
});

describe("article pages with the response cache off", () => {
  ensureWebBuild();
  const studio = withStudio(
    "sqlite",
    { editor: ["editor", "MemoEditor"] },
    { web: "build", config: { RESPONSE_CACHE_SECONDS: "0" } },
  );

  it("answers the same page for the same content and a new one as soon as it changes", async () => {
    const { ctx, editor } = studio;
    const article = await writeArticle(ctx, editor, {
      title: "Harbour liquidity",
      content: "The harbour market opened **quiet**.",
      types: ["Research"],
      status: "published",
      publishDate: "2026-01-05T00:00:00Z",
    });
    const url = `/p/${article.attributes.slug}`;
    const first = await ctx.inject({ url });
    const second = await ctx.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers.etag).toBe(entityTag(first.rawPayload));
    expect(first.headers["content-security-policy"]).toMatch(/'nonce-[\w+/]{22}'/);
    const revalidated = await ctx.inject({
      url,
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);

    const edited = await putArticle(ctx, editor, article.id, {
      content: "The harbour market closed **loud**.",
    });
    expect(edited.statusCode).toBe(200);
    const after = await ctx.inject({ url });
    expect(after.body).toContain("loud");
    expect(after.body).not.toContain("quiet");
    expect(after.headers.etag).not.toBe(first.headers.etag);
    const stale = await ctx.inject({
      url,
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(stale.statusCode).toBe(200);

    const compressed = await ctx.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(compressed.headers.etag).not.toBe(after.headers.etag);
    expect(compressed.headers.etag).toBe(entityTag(compressed.rawPayload));
  });
});
