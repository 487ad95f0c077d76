// Finished public pages remembered by what they were rendered from (key-based expiration,
// docs/decisions/009-render-memo.md): a cache miss re-reads the data but skips React when the
// data is what a page was already rendered from.
import { createHash } from "node:crypto";
import type { PageMemo, RenderedPage } from "@pragmatist/contracts";
import { LRUCache } from "lru-cache";
import { entityTag } from "../http/representation.ts";

/** Bytes of pages a process keeps (their HTML, counted twice for the compressed copies). */
const MEMO_BYTES = 32 * 1024 * 1024;

/** How deep `isPlainData` looks before it gives up (a page's data is a few levels deep). */
const MAX_DEPTH = 64;

/**
 * Whether `value` is plain data, which JSON represents exactly: null, booleans, numbers, strings,
 * arrays and objects whose prototype is Object.prototype or null, all the way down (`undefined`
 * is allowed where JSON leaves it out). A promise, a class instance (Error, Date, Map, a
 * Response…), a function, a symbol or a bigint could render differently with the same JSON, and
 * anything deeper than MAX_DEPTH is not looked into: both answer false. Walked before
 * JSON.stringify rather than checked by a replacer, which would take stringify off V8's fast path.
 */
function isPlainData(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined) return true;
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
      return true;
    case "object": {
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key in value) {
        if (!isPlainData((value as Record<string, unknown>)[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/**
 * The SHA-256 (base64url) of `inputs` as JSON, or null when they hold anything but plain data
 * (isPlainData). Equal keys mean equal JSON, so equal inputs to a pure render.
 */
export function renderKey(inputs: readonly unknown[]): string | null {
  if (!isPlainData(inputs)) return null;
  return createHash("sha256").update(JSON.stringify(inputs)).digest("base64url");
}

/**
 * A PageMemo over a bounded LRU (MEMO_BYTES): a page is kept when it rendered without error
 * (status below 400) from plain inputs, with each coding it was sent in and that coding's strong
 * ETag (`entityTag`, hashed once instead of on every answer), and forgotten only to make room. Nothing expires by time
 * because nothing can go stale: changed data is a different key. Concurrent renders of one key
 * share the first one's promise (no stampede after a deploy or a publish).
 */
export function createPageMemo(): PageMemo {
  const pages = new LRUCache<string, RenderedPage>({
    maxSize: MEMO_BYTES,
    sizeCalculation: (page) => page.html.length * 2 + 1,
  });
  const inFlight = new Map<string, Promise<RenderedPage>>();
  return {
    page(inputs, render) {
      const key = renderKey(inputs);
      if (key === null) return render();
      const kept = pages.get(key);
      if (kept) return Promise.resolve(kept);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const rendering = render().then(
        (page) => {
          inFlight.delete(key);
          if (page.status < 400) pages.set(key, page);
          return page;
        },
        (error: unknown) => {
          inFlight.delete(key);
          throw error;
        },
      );
      inFlight.set(key, rendering);
      return rendering;
    },
    async variant(page, coding, encode) {
      const kept = page.variants.get(coding);
      if (kept) return kept;
      const body = coding === "identity" ? page.html : await encode(page.html);
      const made = {
        body,
        etag: entityTag(Buffer.from(body.buffer, body.byteOffset, body.byteLength)),
      };
      page.variants.set(coding, made);
      return made;
    },
  };
}
