// The page's content coding (RFC 9110 §12.5.3) and its compression round-tripping a page.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressPage, pageEncoding } from "./page-encoding.server";

describe("pageEncoding", () => {
  it("prefers Brotli, then gzip, then none", () => {
    expect(pageEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pageEncoding("gzip, deflate")).toBe("gzip");
    expect(pageEncoding("deflate")).toBeNull();
    expect(pageEncoding(null)).toBeNull();
    expect(pageEncoding("")).toBeNull();
  });

  it("reads weights: q=0 refuses, * stands for the codings not named", () => {
    expect(pageEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pageEncoding("BR;Q=0.8")).toBe("br");
    expect(pageEncoding("*")).toBe("br");
    expect(pageEncoding("br;q=0, *")).toBe("gzip");
    expect(pageEncoding("*;q=0")).toBeNull();
    expect(pageEncoding("br;q=nonsense, gzip")).toBe("gzip");
  });
});

describe("compressPage", () => {
  const page = Buffer.from("<!DOCTYPE html><html><body>" + "<p>Readable research.</p>".repeat(50));

  it("writes Brotli and gzip that decode back to the page", async () => {
    expect(brotliDecompressSync(await compressPage("br", page)).equals(page)).toBe(true);
    expect(gunzipSync(await compressPage("gzip", page)).equals(page)).toBe(true);
  });

  it("gives the same bytes for the same page, so its ETag holds between renders", async () => {
    expect((await compressPage("br", page)).equals(await compressPage("br", page))).toBe(true);
    expect((await compressPage("gzip", page)).equals(await compressPage("gzip", page))).toBe(true);
  });
});
