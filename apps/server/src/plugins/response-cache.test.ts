// HTTP caching (docs/architecture.md#caching): public reads are the same for every reader, with
// Cache-Control for shared caches, a strong ETag and 304s, kept briefly in the process; private
// answers are never stored; a change readers can see empties the cache.
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../testing/app.ts";
import { insertArticle, registerVerifiedMember } from "../testing/fixtures.ts";
import { entityTag } from "../http/representation.ts";

describe("response cache", () => {
  let member: Awaited<ReturnType<typeof registerVerifiedMember>>;
  const ctx = withTestApp("sqlite", { config: { RESPONSE_CACHE_SECONDS: "60" } });

  beforeAll(async () => {
    await insertArticle(ctx.db, { slug: "first", publishDate: "2024-01-01T00:00:00.000Z" });
    member = await registerVerifiedMember(ctx.app);
  });

  const list = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: "/api/articles?pagination[pageSize]=10", headers });

  it("serves every reader, signed in or not, the same public answer", async () => {
    ctx.app.responseCache.clear();
    const first = await list();
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.headers["cache-control"]).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=30",
    );
    expect(first.headers.etag).toMatch(/^"[\w-]{22}"$/);
    for (const headers of [{}, member.auth, { authorization: "Bearer not-a-session" }]) {
      const again = await list(headers);
      expect(again.headers["x-cache"]).toBe("HIT");
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers["content-type"]).toMatch(/application\/json/);
      expect(again.headers["x-content-type-options"]).toBe("nosniff");
      expect(again.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("answers 304 without a body when If-None-Match names the current ETag", async () => {
    ctx.app.responseCache.clear();
    const first = await list();
    const etag = String(first.headers.etag);
    const hit = await list({ "if-none-match": etag });
    expect(hit.statusCode).toBe(304);
    expect(hit.body).toBe("");
    expect(hit.headers.etag).toBe(etag);
    expect(hit.headers["cache-control"]).toMatch(/^public, /);
    ctx.app.responseCache.clear();
    const miss = await list({ "if-none-match": `"other", ${etag}` });
    expect(miss.statusCode).toBe(304);
    expect(miss.body).toBe("");
    const changed = await list({ "if-none-match": '"stale"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toHaveLength(1);
  });

  it("shows a change readers can see at once: the cache empties", async () => {
    ctx.app.responseCache.clear();
    expect((await list()).json().meta.pagination.total).toBe(1);
    await insertArticle(ctx.db, { slug: "second", publishDate: "2025-01-01T00:00:00.000Z" });
    expect((await list()).json().meta.pagination.total).toBe(1); // kept: nothing was told
    const comments = () => ctx.app.inject({ url: "/api/comment-manager/comments/first" });
    expect((await comments()).headers["x-cache"]).toBe("MISS");
    expect((await comments()).headers["x-cache"]).toBe("HIT");
    const posted = await ctx.app.inject({
      method: "POST",
      url: "/api/comment-manager/comments/first",
      headers: member.auth,
      payload: { content: "A reader's first comment" },
    });
    expect(posted.statusCode).toBe(201);
    const after = await comments();
    expect(after.headers["x-cache"]).toBe("MISS");
    expect(after.json()).toHaveLength(1);
    expect((await list()).json().meta.pagination.total).toBe(2);
  });

  it("keeps private answers, errors and writes out of every cache", async () => {
    const bad = await ctx.app.inject({ url: "/api/articles?bad=1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers["cache-control"]).toBe("no-store");
    expect(
      (await ctx.app.inject({ url: "/api/articles?bad=1" })).headers["x-cache"],
    ).toBeUndefined();
    const me = await ctx.app.inject({ url: "/api/users/me", headers: member.auth });
    expect(me.headers["x-cache"]).toBeUndefined();
    expect(me.headers["cache-control"]).toBe("private, no-store");
    expect(me.headers.etag).toBeUndefined();
    const post = await ctx.app.inject({
      method: "POST",
      url: "/api/articles/first/increment-clicks",
    });
    expect(post.headers["x-cache"]).toBeUndefined();
    expect(post.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("response cache off (RESPONSE_CACHE_SECONDS=0)", () => {
  const ctx = withTestApp("sqlite");

  it("sends each answer as its own UTF-8 bytes with their ETag, short or long", async () => {
    await insertArticle(ctx.db, { slug: "short", subTitle: "Énergie — 🦊 …" });
    await insertArticle(ctx.db, { slug: "long", subTitle: "Énergie — 🦊 … ".repeat(6000) });
    const one = (slug: string) =>
      ctx.app.inject({ url: `/api/articles?filters[slug][$eq]=${slug}` });
    const answers = [await one("short"), await one("long"), await one("nothing")];
    for (const [i, slug] of ["short", "long"].entries()) {
      const { rawPayload, headers } = answers[i]!;
      expect(JSON.parse(rawPayload.toString("utf8")).data[0].attributes.slug).toBe(slug);
      expect(headers.etag).toBe(entityTag(rawPayload));
      expect(Number(headers["content-length"])).toBe(rawPayload.length);
    }
  });

  it("still sends ETags and 304s, and asks every cache to revalidate", async () => {
    const first = await ctx.app.inject({ url: "/api/articles" });
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    const again = await ctx.app.inject({
      url: "/api/articles",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
