// Media in an S3-compatible bucket (AWS S3, MinIO, R2, ...) through the official SDK, behind the
// same MediaStorage interface as the local disk (docs/architecture.md#conventions). The SDK is
// loaded when a bucket storage is made, not with this module: a server keeping media on disk never
// loads it (about 37 MB of resident memory and 120 ms of start-up, docs/scale.md#server-memory).
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "../../config.ts";
import {
  assertSafeKey,
  IMMUTABLE_CACHE,
  keyOfUrl,
  type MediaStorage,
  mediaUrl,
} from "./storage.ts";

/** What a reader's conditional GET carries (RFC 9110 §13.1), passed on to the bucket. */
export interface Conditions {
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

/**
 * An object as the app serves it: its headers and, unless the request was a HEAD, its bytes; or
 * `{ status: 304 }` when the reader's copy is current.
 */
export type StoredObject =
  | { status: 304 }
  | {
      status: 200;
      body: Readable | undefined;
      contentType: string | undefined;
      contentLength: number | undefined;
      etag: string | undefined;
      lastModified: Date | undefined;
    };

/** The S3 storage: MediaStorage, plus what serving `/uploads/*` and media:migrate need. */
export interface S3MediaStorage extends MediaStorage {
  readonly kind: "s3";
  readonly bucket: string;
  /**
   * The object under `key` for a GET (streamed body) or a HEAD (`head`), or null when there is
   * none. `conditions` go to the bucket, which answers 304 itself.
   * @throws Error for an unsafe key, or when the bucket cannot be reached.
   */
  open(key: string, conditions: Conditions, head: boolean): Promise<StoredObject | null>;
  /** The size in bytes of the object under `key`, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Closes the client's idle connections. */
  close(): void;
}

/** The SDK's module. */
type Sdk = typeof import("@aws-sdk/client-s3");

/** The SDK, loaded once, on the first bucket storage made. */
let loading: Promise<Sdk> | null = null;
const loadSdk = (): Promise<Sdk> => (loading ??= import("@aws-sdk/client-s3"));

/** Whether the SDK's error is the bucket answering `status` (404 missing, 304 not modified). */
function answered(sdk: Sdk, err: unknown, status: number): boolean {
  return err instanceof sdk.S3ServiceException && err.$metadata.httpStatusCode === status;
}

/** Why HeadBucket failed, in an operator's words. */
function unreachable(sdk: Sdk, err: unknown): string {
  if (answered(sdk, err, 404)) return "does not exist";
  if (answered(sdk, err, 403)) return "refuses these credentials";
  return `cannot be reached (${err instanceof Error ? err.message : String(err)})`;
}

/** The client for `config`, with bounded waits so a stalled service fails the readiness check. */
function s3Client(sdk: Sdk, config: S3Config): S3Client {
  return new sdk.S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // A copy: the SDK marks where credentials came from on the object, and the config is frozen.
    credentials: config.credentials && { ...config.credentials },
    // Since SDK 3.729 the default ("WHEN_SUPPORTED") adds CRC32 checksums to every request and,
    // for bodies of unknown length, the `aws-chunked` content encoding with a trailing checksum.
    // Many S3-compatible services reject those headers or, like s3rver, store the chunk framing
    // as the object's bytes. "WHEN_REQUIRED" sends plain bodies (signed with SigV4 as before)
    // unless an operation requires a checksum, which none used here does.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/**
 * The storage over the bucket `config.bucket`. Objects are stored under the media key itself
 * (validated by assertSafeKey), with their content type and `Cache-Control: IMMUTABLE_CACHE`, so a
 * public bucket or a CDN serves them as the app does. URLs: `<config.publicUrl>/<key>` when set,
 * else `/uploads/<key>` (files.routes.ts streams those from the bucket).
 */
export function s3MediaStorage(config: S3Config): S3MediaStorage {
  const ready = loadSdk().then((sdk) => ({ sdk, client: s3Client(sdk, config) }));
  // A failed load is reported by the first call that awaits it, not as an unhandled rejection.
  ready.catch(() => {});
  const Bucket = config.bucket;
  const url = (key: string) => mediaUrl(key, config.publicUrl);
  const object = (key: string) => {
    assertSafeKey(key);
    return { Bucket, Key: key };
  };
  const head = async (key: string) => {
    const target = object(key);
    const { sdk, client } = await ready;
    try {
      return await client.send(new sdk.HeadObjectCommand(target));
    } catch (err) {
      if (answered(sdk, err, 404)) return null;
      throw err;
    }
  };
  return {
    kind: "s3",
    bucket: Bucket,
    async put(key, bytes, mime) {
      const target = {
        ...object(key),
        Body: bytes,
        ContentType: mime,
        CacheControl: IMMUTABLE_CACHE,
      };
      const { sdk, client } = await ready;
      await client.send(new sdk.PutObjectCommand(target));
      return { url: url(key) };
    },
    find: async (key) => ((await head(key)) ? { url: url(key) } : null),
    size: async (key) => (await head(key))?.ContentLength ?? null,
    async read(key) {
      const target = object(key);
      const { sdk, client } = await ready;
      try {
        const found = await client.send(new sdk.GetObjectCommand(target));
        return found.Body ? Buffer.from(await found.Body.transformToByteArray()) : null;
      } catch (err) {
        if (answered(sdk, err, 404)) return null;
        throw err;
      }
    },
    async remove(key) {
      const target = object(key);
      const { sdk, client } = await ready;
      await client.send(new sdk.DeleteObjectCommand(target));
    },
    keyOf: (stored) => keyOfUrl(stored, config.publicUrl),
    async ping() {
      const { sdk, client } = await ready;
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw new Error(`S3 bucket "${Bucket}" ${unreachable(sdk, err)}`, { cause: err });
      }
    },
    open: async (key, conditions, headOnly) => {
      const target = object(key);
      return openObject(await ready, target, conditions, headOnly);
    },
    close: () =>
      void ready.then(
        ({ client }) => client.destroy(),
        () => {},
      ),
  };
}

/** `S3MediaStorage.open`: GetObject or HeadObject with the reader's conditions. */
async function openObject(
  { sdk, client }: { sdk: Sdk; client: S3Client },
  target: { Bucket: string; Key: string },
  conditions: Conditions,
  headOnly: boolean,
): Promise<StoredObject | null> {
  // If-Modified-Since is ignored with If-None-Match, or when it is not a date (RFC 9110 §13.1.3).
  const { ifNoneMatch, ifModifiedSince } = conditions;
  const since = ifNoneMatch === undefined && ifModifiedSince ? new Date(ifModifiedSince) : null;
  const input = {
    ...target,
    IfNoneMatch: ifNoneMatch,
    IfModifiedSince: since && !Number.isNaN(since.getTime()) ? since : undefined,
  };
  try {
    const found = await client.send(
      headOnly ? new sdk.HeadObjectCommand(input) : new sdk.GetObjectCommand(input),
    );
    return {
      status: 200,
      body: "Body" in found ? (found.Body as Readable | undefined) : undefined,
      contentType: found.ContentType,
      contentLength: found.ContentLength,
      etag: found.ETag,
      lastModified: found.LastModified,
    };
  } catch (err) {
    if (answered(sdk, err, 404)) return null;
    if (answered(sdk, err, 304)) return { status: 304 };
    throw err;
  }
}
