// What a public answer is sent as: its UTF-8 bytes and strong entity tag, and the response-schema
// check of a public read, run once per distinct answer (docs/architecture.md#caching).
import { hash } from "node:crypto";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { LRUCache } from "lru-cache";

/**
 * A strong entity tag of a representation (RFC 9110 §8.8.3): the first 128 bits of its SHA-256,
 * base64url, quoted. Pages set their own (apps/web/app/entry.server.tsx), one per content coding.
 */
export function entityTag(body: Buffer | string): string {
  return `"${hash("sha256", body, "base64url").slice(0, 22)}"`;
}

/**
 * Where string answers are encoded before they are copied out at their size: Buffer.from counts
 * a string's UTF-8 bytes in a pass of its own before writing them. Encoding and copying are
 * synchronous, so one buffer serves every request.
 */
const scratch = Buffer.allocUnsafeSlow(192 * 1024);

/** `text` as UTF-8 bytes. */
function utf8(text: string): Buffer {
  // A UTF-16 code unit takes at most 3 UTF-8 bytes.
  if (text.length * 3 > scratch.length) return Buffer.from(text);
  return Buffer.copyBytesFrom(scratch, 0, scratch.write(text));
}

/** A text answer as sent: `text`, its UTF-8 `body` and the body's strong `etag`. */
export interface Representation {
  text: string;
  body: Buffer;
  etag: string;
}

/** The last representation a checked-once serializer made (handed to `representationOf`). */
let lastSerialized: Representation | null = null;

/**
 * `text` as UTF-8 with its entity tag. The answer a public read's serializer (`checkedOnce`) just
 * produced is not encoded and hashed again.
 */
export function representationOf(text: string): Representation {
  if (lastSerialized?.text === text) return lastSerialized;
  const body = utf8(text);
  return { text, body, etag: entityTag(body) };
}

/** How many answers are remembered as checked, across all routes. */
const MAX_CHECKED_ANSWERS = 100_000;
/** Bytes of schema-made answers kept (those the schema changed: fields removed or reordered). */
const MAX_REWRITTEN_BYTES = 32 * 1024 * 1024;

/**
 * Wraps `compile` (the app's serializer compiler: check the answer against the route's response
 * schema, the allow-list of what may leave the server, then JSON) so that each distinct answer of
 * a route and status is checked once. Every answer is `JSON.stringify`d, encoded and tagged
 * (`representationOf` reuses that). The first time those bytes come (by entity tag, per
 * serializer), the answer goes through `compile`'s serializer, which throws on an answer its
 * schema refuses, as before (nothing is remembered then); what it produced is remembered: the
 * plain JSON itself when the schema left it as it was, else the schema's own text (fields removed
 * or reordered). Later the same bytes are answered with what was remembered, unchecked, so the
 * bytes sent are always ones the schema produced. Remembered: the 100,000 most recently used
 * answers, of which the schema's own texts take at most 32 MB (LRU). For public reads only (the
 * same answer for every reader): a private answer would be encoded and hashed for nothing.
 * @returns a serializer compiler with the same contract as `compile`.
 */
export function checkedOnce<S>(
  compile: FastifySerializerCompiler<S>,
): FastifySerializerCompiler<S> {
  // Per plain answer's tag: `true` when the schema sent it as it was, else what the schema sent.
  const checked = new LRUCache<string, Representation | true>({
    max: MAX_CHECKED_ANSWERS,
    maxSize: MAX_REWRITTEN_BYTES,
    sizeCalculation: (sent) => (sent === true ? 1 : sent.body.length + 1),
  });
  let serializers = 0;
  return (routeSchema) => {
    const serialize = compile(routeSchema);
    const scope = `${++serializers} `; // answers are checked per route and status
    return (data: unknown) => {
      const json = JSON.stringify(data) as string | undefined;
      if (json === undefined) return serialize(data);
      const plain = representationOf(json);
      const key = scope + plain.etag;
      let sent = checked.get(key);
      if (sent === undefined) {
        const text = serialize(data);
        sent = text === json ? true : representationOf(text);
        checked.set(key, sent);
      }
      lastSerialized = sent === true ? plain : sent;
      return lastSerialized.text;
    };
  };
}
