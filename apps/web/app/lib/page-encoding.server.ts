// Server-only: the content coding of a server-rendered page (Brotli, gzip or none) and its
// compression.
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipPage = promisify(gzip);

/**
 * Brotli quality for HTML compressed per request: 4 is about as small as gzip's default and as
 * fast (11, zlib's default, is for build-time assets: several times slower per page).
 */
const PAGE_BROTLI_QUALITY = 4;

/** A content coding a page is sent in (RFC 9110 §8.4.1): Brotli or gzip. */
export type PageEncoding = "br" | "gzip";

/**
 * The content coding of the page (RFC 9110 §12.5.3): Brotli when Accept-Encoding allows it, else
 * gzip, else none (null). A coding given q=0 is refused; `*` stands for codings not named; a
 * missing header (null) accepts none. Never throws: an unreadable weight counts as q=0.
 */
export function pageEncoding(acceptEncoding: string | null): PageEncoding | null {
  const weights = new Map<string, number>();
  for (const item of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [coding = "", ...params] = item.split(";").map((part) => part.trim());
    const q = params.find((param) => param.startsWith("q="));
    weights.set(coding, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  return accepts("br") ? "br" : accepts("gzip") ? "gzip" : null;
}

/**
 * `html` compressed for `encoding` (Brotli at PAGE_BROTLI_QUALITY, or gzip at zlib's default
 * level), in libuv's thread pool so the event loop keeps serving while a page is compressed.
 * Deterministic: the same page gives the same bytes (gzip writes no timestamp), so its ETag holds.
 * @throws the zlib error (a rejected promise) if compression fails.
 */
export function compressPage(encoding: PageEncoding, html: Buffer): Promise<Buffer> {
  return encoding === "br"
    ? brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } })
    : gzipPage(html);
}
