// The configuration's defaults that a new operator meets first: where links point without PUBLIC_URL,
// how many workers serve, and what start-up warns about.
import { describe, expect, it } from "vitest";
import { defaultPublicUrl, loadConfig, startupWarnings } from "./config.ts";
import { withTestApp } from "./testing/app.ts";
import { insertArticle } from "./testing/fixtures.ts";

describe("PUBLIC_URL", () => {
  it("defaults to the port the server listens on, not to port 3000", () => {
    const config = loadConfig({ PORT: "4520" });
    expect(config.publicUrl).toBe("http://localhost:4520");
    expect(config.publicUrlSet).toBe(false);
    expect(config.secureCookies).toBe(false);
  });

  it("uses the listening host when it is a real address", () => {
    expect(loadConfig({ HOST: "127.0.0.1", PORT: "8080" }).publicUrl).toBe("http://127.0.0.1:8080");
    expect(defaultPublicUrl("::1", 8080)).toBe("http://[::1]:8080");
    expect(defaultPublicUrl("::", 8080)).toBe("http://localhost:8080");
    expect(defaultPublicUrl("0.0.0.0", 80)).toBe("http://localhost:80");
  });

  it("takes the operator's address as given, without a trailing slash", () => {
    const config = loadConfig({ PUBLIC_URL: "https://research.example/", PORT: "4520" });
    expect(config.publicUrl).toBe("https://research.example");
    expect(config.publicUrlSet).toBe(true);
    expect(config.secureCookies).toBe(true);
  });
});

describe("WEB_CONCURRENCY", () => {
  it("is one process unless set, and refuses what is not a whole number of workers", () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: "4" }).webConcurrency).toBe(4);
    for (const bad of ["0", "2.5", "many"]) {
      expect(() => loadConfig({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY/);
    }
  });

  it("warns at start when several workers have no Redis to share limits and credits", () => {
    const messages = (env: Record<string, string>) =>
      startupWarnings(loadConfig(env)).map((w) => w.message);
    expect(messages({ WEB_CONCURRENCY: "2" })).toEqual([
      expect.stringMatching(/^WEB_CONCURRENCY > 1 without REDIS_URL: .*Max's credits/),
    ]);
    expect(messages({ WEB_CONCURRENCY: "2", REDIS_URL: "redis://127.0.0.1:6379" })).toEqual([]);
    expect(messages({})).toEqual([]);
    expect(messages({ NODE_ENV: "production" })).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set/),
    ]);
  });
});

describe("links without PUBLIC_URL on port 4520", () => {
  const ctx = withTestApp("sqlite", { config: { PORT: "4520" } });

  it("point feeds and sitemaps at port 4520", async () => {
    await insertArticle(ctx.db, { slug: "on-port", publishDate: "2024-01-01T00:00:00.000Z" });
    const feed = await ctx.app.inject({ url: "/feed.xml" });
    expect(feed.body).toContain("http://localhost:4520/p/on-port");
    expect(feed.body).not.toContain("localhost:3000");
    const sitemap = await ctx.app.inject({ url: "/sitemaps/articles.xml" });
    expect(sitemap.body).toContain("http://localhost:4520/p/on-port");
  });
});
