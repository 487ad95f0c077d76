// Feeds announced in the server-rendered head, and served by the built app
// (docs/product/api.md#feeds-and-sitemaps).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, startApp } from "./harness.ts";

let app: RunningApp;
// The site's public address, as an operator sets it: feeds and robots.txt are built from it.
const PUBLIC_URL = "http://localhost:3000";

beforeAll(async () => {
  app = await startApp({ PUBLIC_URL });
});
afterAll(async () => {
  await app?.stop();
});

describe("distribution (no JavaScript)", () => {
  it("announces the RSS and Atom feeds in every page head, and serves them", async () => {
    for (const page of ["/", "/p/ethereum-staking-withdrawals-explained"]) {
      const html = await (await fetch(`${app.baseUrl}${page}`)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toMatch(
        /<link rel="alternate" type="application\/rss\+xml"[^>]*href="\/feed\.xml"/,
      );
      expect(head).toMatch(
        /<link rel="alternate" type="application\/atom\+xml"[^>]*href="\/feed\.atom"/,
      );
    }
    const rss = await fetch(`${app.baseUrl}/feed.xml`);
    expect(rss.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(await rss.text()).toContain("<rss");
    const robots = await (await fetch(`${app.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
