// The page's content coding (RFC 9110 §12.5.3) and its compressors round-tripping a page.
import { once } from "node:events";
import { brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pageCompressor, pageEncoding } from "./page-encoding.server";

/** Writes `text` through the compressor and returns what came out. */
async function compress(encoding: "br" | "gzip", text: string): Promise<Buffer> {
  const compressor = pageCompressor(encoding);
  const chunks: Buffer[] = [];
  compressor.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => compressor.on("end", resolve));
  compressor.end(text);
  await ended;
  return Buffer.concat(chunks);
}

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

describe("pageCompressor", () => {
  const page = "<!DOCTYPE html><html><body>" + "<p>Readable research.</p>".repeat(50);

  it("writes Brotli and gzip that decode back to the page", async () => {
    expect(brotliDecompressSync(await compress("br", page)).toString()).toBe(page);
    expect(gunzipSync(await compress("gzip", page)).toString()).toBe(page);
  });

  it("lets each chunk out at once, before the page ends", async () => {
    const gzip = pageCompressor("gzip");
    gzip.write("<head>first</head>");
    const [gzipped] = (await once(gzip, "data")) as [Buffer];
    const partial = gunzipSync(gzipped, { finishFlush: constants.Z_SYNC_FLUSH });
    expect(partial.toString()).toBe("<head>first</head>");
    const br = pageCompressor("br");
    br.write("<head>first</head>");
    const [compressed] = (await once(br, "data")) as [Buffer];
    const flushed = brotliDecompressSync(compressed, {
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
    });
    expect(flushed.toString()).toBe("<head>first</head>");
  });
});
