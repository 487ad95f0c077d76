// The anonymous response cache: reused for readers without a session, never for signed-in ones.
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../testing/app.ts";
import { insertArticle } from "../testing/fixtures.ts";

describe("response cache", () => {
  let jwt: string;
  const ctx = withTestApp("sqlite", { config: { RESPONSE_CACHE_SECONDS: "60" } });

  beforeAll(async () => {
    await insertArticle(ctx.db, { slug: "first", publishDate: "2024-01-01T00:00:00.000Z" });
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/local/register",
      payload: {
        username: "Reader",
        email: "reader@example.test",
        password: "a-long-reader-passphrase",
      },
    });
    jwt = res.json().jwt;
  });

  const list = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: "/api/articles?pagination[pageSize]=10", headers });

  it("serves the next anonymous reader the same answer, with the security headers", async () => {
    const first = await list();
    expect(first.headers["x-cache"]).toBe("MISS");
    const second = await list();
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect(second.headers["content-type"]).toMatch(/application\/json/);
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("gives a signed-in reader a fresh answer while anonymous readers may see it a TTL late", async () => {
    await insertArticle(ctx.db, { slug: "second", publishDate: "2025-01-01T00:00:00.000Z" });
    expect((await list()).json().meta.pagination.total).toBe(1);
    const fresh = await list({ authorization: `Bearer ${jwt}` });
    expect(fresh.headers["x-cache"]).toBeUndefined();
    expect(fresh.json().meta.pagination.total).toBe(2);
    const cookie = await list({ cookie: `pragmatist_session=${jwt}` });
    expect(cookie.json().meta.pagination.total).toBe(2);
    ctx.app.responseCache.clear();
    expect((await list()).json().meta.pagination.total).toBe(2);
  });

  it("never caches errors, private endpoints or writes", async () => {
    await ctx.app.inject({ url: "/api/articles?bad=1" });
    expect(
      (await ctx.app.inject({ url: "/api/articles?bad=1" })).headers["x-cache"],
    ).toBeUndefined();
    const me = await ctx.app.inject({
      url: "/api/users/me",
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(me.headers["x-cache"]).toBeUndefined();
    const post = await ctx.app.inject({
      method: "POST",
      url: "/api/articles/first/increment-clicks",
    });
    expect(post.headers["x-cache"]).toBeUndefined();
  });
});
