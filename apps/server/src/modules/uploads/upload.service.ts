// Members' image uploads: recognised by their bytes, decoded and re-encoded, never served as sent.
import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { UploadedFile } from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import { ValidationError } from "../../errors.ts";
import { RATE_LIMITS } from "../../http/rate-limits.ts";
import type { RateLimit, RateLimits } from "../../plugins/rate-limit.ts";
import { storeVariants, VARIANT_WIDTHS, variantKey } from "./image-variants.ts";
import type { MediaStorage } from "./storage.ts";
import * as repo from "./upload.repository.ts";

/** Largest upload accepted, in bytes: 5 MB (docs/product/data.md#validation-content). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Largest decoded image, in pixels (a 50-megapixel photo): a small file must not expand to gigabytes. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Avatars are stored at most this wide and tall, in pixels. */
export const AVATAR_MAX_PX = 512;
/**
 * Accepted uploads per member per hour (http/rate-limits.ts `upload`): decoding is CPU work that
 * must not be free to repeat.
 */
export const UPLOADS_PER_HOUR = RATE_LIMITS.upload.points;
/**
 * Images per member per hour that passed the type check but could not be decoded (broken, or
 * over MAX_INPUT_PIXELS; `upload-unreadable`): they spend no upload, but their decoding was CPU
 * work all the same.
 */
export const UNREADABLE_UPLOADS_PER_HOUR = RATE_LIMITS["upload-unreadable"].points;

/** The formats we decode, by the type their bytes show (never the name or declared type). */
const ACCEPTED = new Map([
  ["image/jpeg", "jpeg"],
  ["image/png", "png"],
  ["image/webp", "webp"],
  ["image/gif", "gif"],
]);

const REFUSED_MESSAGE = "Only JPEG, PNG, WebP or GIF images can be uploaded";

/** Members' uploads (upload.routes.ts). */
export interface UploadService {
  /**
   * Stores a member's avatar. `read` is called once the member is within their upload budget
   * (UPLOADS_PER_HOUR) and gives the uploaded bytes. Only an accepted file spends the budget: a
   * body that cannot be read, a refused type or an unreadable image gives its place back (images
   * that fail to decode count against UNREADABLE_UPLOADS_PER_HOUR instead). The bytes must be a
   * JPEG, PNG, WebP or GIF by their magic numbers (`file-type`); the image is decoded by sharp,
   * turned upright per EXIF, scaled to fit 512 x 512 px (never enlarged), and re-encoded as WebP
   * without any metadata (GPS, camera, comments: OWASP File Upload Cheat Sheet "content disarm";
   * Strapi CVE-2026-22707 and Ghost's SVG avatar XSS: SVG, HTML and text are refused). Stored
   * under `avatars/<random>.webp` with a `media` row owned by the member, and smaller copies for
   * `srcset` (image-variants.ts) when it is wider than they are (an editor may use it as a
   * thumbnail).
   * @returns Strapi's upload file shape (`size` in kilobytes).
   * @throws ValidationError (400) for any other type or an unreadable or too large (in pixels)
   * image; 429 RateLimitError over either budget; whatever `read` throws (e.g. 413 too large).
   */
  uploadAvatar(ownerId: number, read: () => Promise<Buffer>): Promise<UploadedFile>;
  /** The image `mediaId` when `ownerId` uploaded it, else null. */
  findOwnedImage(ownerId: number, mediaId: number): Promise<{ id: number; url: string } | null>;
  /**
   * Removes stored files of uploads whose rows are gone (account deletion), with their smaller
   * copies. Best effort: a file that cannot be removed is left behind, never an error for the caller.
   * @returns the URLs that could not be removed.
   */
  discardFiles(urls: string[]): Promise<string[]>;
}

/**
 * The sharp format of an accepted image, by its magic numbers (`file-type`), never its name or
 * declared type.
 * @throws ValidationError (400) for anything but a JPEG, PNG, WebP or GIF.
 */
async function acceptedFormat(bytes: Buffer): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected ? ACCEPTED.get(detected.mime) : undefined;
  if (!format) {
    throw new ValidationError(REFUSED_MESSAGE, {
      errors: [{ path: ["files"], message: REFUSED_MESSAGE }],
    });
  }
  return format;
}

/**
 * Re-encodes an accepted image (`format`, as sharp names it) as an upright, metadata-free WebP of
 * at most 512 x 512 px.
 * @throws ValidationError (400) when it cannot be decoded or is over MAX_INPUT_PIXELS.
 */
async function toAvatarWebp(
  bytes: Buffer,
  format: string,
): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    // One frame (animated GIF/WebP: the first), limited pixels, no metadata kept: sharp writes
    // none unless asked (keepMetadata/withMetadata), and autoOrient applies EXIF rotation first.
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 });
    const meta = await image.metadata();
    // Defence in depth: the decoder must agree with the magic-number check.
    if (meta.format !== format) throw new Error(`decoder saw ${meta.format}, bytes said ${format}`);
    const { data, info } = await image
      .autoOrient()
      .resize(AVATAR_MAX_PX, AVATAR_MAX_PX, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (e) {
    const tooLarge = e instanceof Error && /pixel limit/i.test(e.message);
    const message = tooLarge
      ? `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`
      : "The image could not be read";
    throw new ValidationError(message, { errors: [{ path: ["files"], message }] });
  }
}

/** What the upload functions share, built once by `createUploadService`. */
interface UploadContext {
  k: Db["kysely"];
  now: () => Date;
  storage: MediaStorage;
  /** Accepted uploads per member (UPLOADS_PER_HOUR). */
  accepted: RateLimit;
  /** Images per member that failed to decode (UNREADABLE_UPLOADS_PER_HOUR). */
  unreadable: RateLimit;
}

/**
 * `UploadService.uploadAvatar`. The place in the budget is taken before reading, so an
 * over-budget member's body is never read and concurrent uploads cannot overshoot, and given back
 * on any failure: only an accepted file spends an upload (OWASP File Upload Cheat Sheet).
 */
async function uploadAvatar(
  ctx: UploadContext,
  ownerId: number,
  read: () => Promise<Buffer>,
): Promise<UploadedFile> {
  const key = `user:${ownerId}`;
  await ctx.accepted.consume(key);
  try {
    return await storeAvatar(ctx, key, ownerId, await read());
  } catch (e) {
    await ctx.accepted.refund(key);
    throw e;
  }
}

/**
 * Checks, decodes, re-encodes and stores the member's image. A decode counts against `unreadable`
 * from before it starts (so concurrent ones are bounded too) and is given back once it succeeds.
 */
async function storeAvatar(
  ctx: UploadContext,
  key: string,
  ownerId: number,
  bytes: Buffer,
): Promise<UploadedFile> {
  const format = await acceptedFormat(bytes);
  await ctx.unreadable.consume(key);
  const { data, width, height } = await toAvatarWebp(bytes, format);
  await ctx.unreadable.refund(key);
  // Random, not a content hash: the file is this member's alone, so deleting their account
  // can delete it without touching anyone else's identical upload.
  const name = `${randomBytes(16).toString("hex")}.webp`;
  const { url } = await ctx.storage.put(`avatars/${name}`, data, "image/webp");
  await storeVariants(ctx.storage, `avatars/${name}`, data, width);
  const id = await repo.insertOwnedMedia(ctx.k, {
    ownerId,
    url,
    mime: "image/webp",
    width,
    height,
    sizeBytes: data.length,
    now: ctx.now().toISOString(),
  });
  const size = Math.round((data.length / 1024) * 100) / 100;
  return { id, name, url, mime: "image/webp", ext: ".webp", width, height, size };
}

/** `UploadService.discardFiles`. */
async function discardFiles(storage: MediaStorage, urls: string[]): Promise<string[]> {
  const results = await Promise.allSettled(
    urls.map(async (url) => {
      const key = storage.keyOf(url);
      if (!key) throw new Error(`not a stored upload: ${url}`);
      for (const w of VARIANT_WIDTHS) await storage.remove(variantKey(key, w));
      await storage.remove(key);
    }),
  );
  return urls.filter((_, i) => results[i]?.status === "rejected");
}

/** Builds the upload service over a database and a media storage. */
export function createUploadService(
  db: Db,
  deps: { storage: MediaStorage; limits: RateLimits; now?: () => Date },
): UploadService {
  const ctx: UploadContext = {
    k: db.kysely,
    now: deps.now ?? (() => new Date()),
    storage: deps.storage,
    accepted: deps.limits.of("upload"),
    unreadable: deps.limits.of("upload-unreadable"),
  };
  return {
    uploadAvatar: (ownerId, read) => uploadAvatar(ctx, ownerId, read),
    findOwnedImage: (ownerId, mediaId) => repo.findOwnedImage(ctx.k, ownerId, mediaId),
    discardFiles: (urls) => discardFiles(ctx.storage, urls),
  };
}
