// Members' image uploads: recognised by their bytes, decoded and re-encoded, never served as sent.
import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { AvatarCrop, UploadedFile } from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import { ValidationError } from "../../errors.ts";
import { RATE_LIMITS } from "../../http/rate-limits.ts";
import type { RateLimit, RateLimits } from "../../plugins/rate-limit.ts";
import { storeVariants, VARIANT_WIDTHS, variantKey } from "./image-variants.ts";
import { contentKey, type MediaStorage } from "./storage.ts";
import * as repo from "./upload.repository.ts";

/** Largest decoded image, in pixels (a 50-megapixel photo): a small file must not expand to gigabytes. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Avatars are stored at most this wide and tall, in pixels. */
export const AVATAR_MAX_PX = 512;
/**
 * Images in an article's text are stored at most this wide and tall, in pixels: twice the text
 * column's ~720 px, for screens of density 2; smaller copies serve the rest (image-variants.ts).
 */
export const ARTICLE_IMAGE_MAX_PX = 1600;
/** Where images of articles' text are stored (the renderer reads their size from the name). */
export const ARTICLE_IMAGES_FOLDER = "articles/images";
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
   * thumbnail). With `crop` (docs/product/accounts.md#account), only that square of the upright
   * image is kept, then scaled: the stored avatar is square.
   * @returns Strapi's upload file shape (`size` in kilobytes).
   * @throws ValidationError (400) for any other type, an unreadable or too large (in pixels)
   * image, or a `crop` not inside the upright image (its header was decoded, so it counts against
   * UNREADABLE_UPLOADS_PER_HOUR); 429 RateLimitError over either budget; whatever `read` throws
   * (e.g. 413 too large).
   */
  uploadAvatar(
    ownerId: number,
    read: () => Promise<Buffer>,
    crop?: AvatarCrop,
  ): Promise<UploadedFile>;
  /**
   * Stores an image for an article's text, uploaded by the writer `memberId`: the same budget,
   * checks and re-encoding as `uploadAvatar`, scaled to fit ARTICLE_IMAGE_MAX_PX square instead.
   * Stored under a content hash, `articles/images/<width>x<height>-<hash>.webp`, with its smaller
   * copies, and owned by the publication, not the member (a media row without owner): the text
   * of a published article must not lose its images when its writer's account is deleted. The
   * same image uploaded again is the same file and row.
   * @returns Strapi's upload file shape (`size` in kilobytes).
   * @throws as `uploadAvatar`.
   */
  uploadArticleImage(memberId: number, read: () => Promise<Buffer>): Promise<UploadedFile>;
  /** The image `mediaId` when `ownerId` uploaded it, else null. */
  findOwnedImage(ownerId: number, mediaId: number): Promise<{ id: number; url: string } | null>;
  /** The image `mediaId` when it is an image for articles (`uploadArticleImage`), else null. */
  findArticleImage(mediaId: number): Promise<{ id: number; url: string } | null>;
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

const CROP_OUTSIDE = "The crop must lie inside the image";

/** A ValidationError (400) naming the `crop` parameter (docs/product/api.md#api-upload). */
function cropOutside(): ValidationError {
  return new ValidationError(CROP_OUTSIDE, { errors: [{ path: ["crop"], message: CROP_OUTSIDE }] });
}

/** How an accepted image is re-encoded: its largest side and the square to keep, if any. */
interface Reencoding {
  /** Largest width and height of the result, in pixels (never enlarged). */
  maxPx: number;
  /** The square to keep, in pixels of the upright image (`uploadAvatar`). */
  crop?: AvatarCrop | undefined;
}

/**
 * Re-encodes an accepted image (`format`, as sharp names it) as an upright, metadata-free WebP of
 * at most `maxPx` x `maxPx` px (never enlarged), cut to `crop` first when given.
 * @throws ValidationError (400) when it cannot be decoded or is over MAX_INPUT_PIXELS, or when
 * `crop` does not lie inside the upright image.
 */
async function toWebp(
  bytes: Buffer,
  format: string,
  { maxPx, crop }: Reencoding,
): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    // One frame (animated GIF/WebP: the first), limited pixels, no metadata kept: sharp writes
    // none unless asked (keepMetadata/withMetadata), and autoOrient applies EXIF rotation first.
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 });
    const meta = await image.metadata();
    // Defence in depth: the decoder must agree with the magic-number check.
    if (meta.format !== format) throw new Error(`decoder saw ${meta.format}, bytes said ${format}`);
    let upright = image.autoOrient();
    if (crop) {
      const { width, height } = meta.autoOrient;
      if (crop.x + crop.width > width || crop.y + crop.height > height) throw cropOutside();
      // After autoOrient: sharp applies rotation and extraction in the order they are called.
      upright = upright.extract({
        left: crop.x,
        top: crop.y,
        width: crop.width,
        height: crop.height,
      });
    }
    const { data, info } = await upright
      .resize(maxPx, maxPx, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (e) {
    if (e instanceof ValidationError) throw e;
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

/** An image as stored: re-encoded WebP bytes and their size in pixels. */
type StoredWebp = { data: Buffer; width: number; height: number };

/**
 * Runs an upload for `ownerId` within their budget: the place is taken before `read` is called,
 * so an over-budget member's body is never read and concurrent uploads cannot overshoot, and given
 * back on any failure: only an accepted file spends an upload (OWASP File Upload Cheat Sheet). The
 * bytes are checked (`acceptedFormat`) and re-encoded per `reencoding` (`toWebp`); a decode counts
 * against `unreadable` from before it starts (so concurrent ones are bounded too) and is given
 * back once it succeeds. `store` keeps the result.
 */
async function uploadImage(
  ctx: UploadContext,
  ownerId: number,
  read: () => Promise<Buffer>,
  reencoding: Reencoding,
  store: (image: StoredWebp) => Promise<UploadedFile>,
): Promise<UploadedFile> {
  const key = `user:${ownerId}`;
  await ctx.accepted.consume(key);
  try {
    const bytes = await read();
    const format = await acceptedFormat(bytes);
    await ctx.unreadable.consume(key);
    const image = await toWebp(bytes, format, reencoding);
    await ctx.unreadable.refund(key);
    return await store(image);
  } catch (e) {
    await ctx.accepted.refund(key);
    throw e;
  }
}

/** Strapi's upload file shape for a stored WebP (`size` in kilobytes). */
function uploadedFile(id: number, url: string, { data, width, height }: StoredWebp): UploadedFile {
  const name = url.slice(url.lastIndexOf("/") + 1);
  const size = Math.round((data.length / 1024) * 100) / 100;
  return { id, name, url, mime: "image/webp", ext: ".webp", width, height, size };
}

/** The media row of a stored WebP at `url`, owned by `ownerId` (null: the publication). */
function mediaFields(ctx: UploadContext, url: string, image: StoredWebp, ownerId: number | null) {
  const { data, width, height } = image;
  const now = ctx.now().toISOString();
  return { ownerId, url, mime: "image/webp", width, height, sizeBytes: data.length, now };
}

/**
 * Stores the member's avatar. Random, not a content hash: the file is this member's alone, so
 * deleting their account can delete it without touching anyone else's identical upload.
 */
async function storeAvatar(ctx: UploadContext, ownerId: number, image: StoredWebp) {
  const key = `avatars/${randomBytes(16).toString("hex")}.webp`;
  const { url } = await ctx.storage.put(key, image.data, "image/webp");
  await storeVariants(ctx.storage, key, image.data, image.width);
  const id = await repo.insertMedia(ctx.k, mediaFields(ctx, url, image, ownerId));
  return uploadedFile(id, url, image);
}

/** Stores an image of an article's text under its content hash, once (`uploadArticleImage`). */
async function storeArticleImage(ctx: UploadContext, image: StoredWebp) {
  const size = `${image.width}x${image.height}`;
  const key = contentKey(ARTICLE_IMAGES_FOLDER, size, image.data, "webp");
  const found = await ctx.storage.find(key);
  const { url } = found ?? (await ctx.storage.put(key, image.data, "image/webp"));
  await storeVariants(ctx.storage, key, image.data, image.width);
  const id =
    (await repo.findMediaId(ctx.k, url)) ??
    (await repo.insertMedia(ctx.k, mediaFields(ctx, url, image, null)));
  return uploadedFile(id, url, image);
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
    uploadAvatar: (ownerId, read, crop) =>
      uploadImage(ctx, ownerId, read, { maxPx: AVATAR_MAX_PX, crop }, (image) =>
        storeAvatar(ctx, ownerId, image),
      ),
    uploadArticleImage: (memberId, read) =>
      uploadImage(ctx, memberId, read, { maxPx: ARTICLE_IMAGE_MAX_PX }, (image) =>
        storeArticleImage(ctx, image),
      ),
    findOwnedImage: (ownerId, mediaId) => repo.findOwnedImage(ctx.k, ownerId, mediaId),
    findArticleImage: (mediaId) => repo.findArticleImage(ctx.k, mediaId, ARTICLE_IMAGES_FOLDER),
    discardFiles: (urls) => discardFiles(ctx.storage, urls),
  };
}
