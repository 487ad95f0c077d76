// A coin's Open Graph picture (docs/product/markets.md#coin-image) as served, over the offline
// snapshot: the PNG route, its caching, its errors, and the coin page's og:image naming it.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BASE, pageHeadSuite } from "../distribution/page-head.testing.ts";
import { engines } from "../../testing/db.ts";

describe.each(engines)("a coin's Open Graph picture on %s", (engine) => {
  const { ctx, get } = pageHeadSuite(engine);

  it("is a public, cacheable 1200 × 630 PNG at /api/markets/{id}/og.png", async () => {
    const res = await ctx.app.inject({ url: "/api/markets/bitcoin/og.png" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toMatch(/^public/);
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.rawPayload.length).toBeGreaterThan(10_000);
    expect(res.rawPayload.length).toBeLessThan(300_000);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });

    const again = await ctx.app.inject({
      url: "/api/markets/bitcoin/og.png",
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Another coin, another picture.
    const ether = await ctx.app.inject({ url: "/api/markets/ethereum/og.png" });
    expect(ether.statusCode).toBe(200);
    expect(ether.headers.etag).not.toBe(res.headers.etag);
  });

  it("answers an unknown coin 404 and a malformed id 400, in the Strapi error body", async () => {
    const unknown = await ctx.app.inject({ url: "/api/markets/no-such-coin/og.png" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/^application\/json/);
    expect(unknown.json()).toMatchObject({
      data: null,
      error: {
        status: 404,
        name: "NotFoundError",
        message: "No coin with this id in the market data",
      },
    });
    const malformed = await ctx.app.inject({ url: "/api/markets/Not%20A%20Coin!/og.png" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ data: null, error: { status: 400 } });
  });

  it("is the coin page's og:image, with its size and a large link-preview card", async () => {
    const page = await get("/markets/bitcoin");
    expect(page.meta("og:image")).toEqual([`${BASE}/api/markets/bitcoin/og.png`]);
    expect(page.meta("og:image:width")).toEqual(["1200"]);
    expect(page.meta("og:image:height")).toEqual(["630"]);
    expect(page.meta("og:image:alt")[0]).toMatch(/^Bitcoin \(BTC\): price, 24 h change/);
    expect(page.meta("twitter:card")).toEqual(["summary_large_image"]);
    expect(page.ld("WebPage")).toMatchObject({ image: `${BASE}/api/markets/bitcoin/og.png` });
  });
});
