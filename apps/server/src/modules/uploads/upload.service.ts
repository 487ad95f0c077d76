// Members' image uploads: recognised by their bytes, decoded and re-encoded, never served as sent.
import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { UploadedFile } from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import { ValidationError } from "../../errors.ts";
import type { RateLimitFactory } from "../../plugins/rate-limit.ts";
import { storeVariants, VARIANT_WIDTHS, variantKey } from "./image-variants.ts";
import type { MediaStorage } from "./storage.ts";
import * as repo from "./upload.repository.ts";

/** Largest upload accepted, in bytes: 5 MB (docs/product.md#validation-content). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Largest decoded image, in pixels (a 50-megapixel photo): a small file must not expand to gigabytes. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Avatars are stored at most this wide and tall, in pixels. */
export const AVATAR_MAX_PX = 512;
/** Uploads per member per hour: decoding is CPU work that must not be free to repeat. */
export const UPLOADS_PER_HOUR = 30;

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
   * (30 an hour) and gives the uploaded bytes. The bytes must be a JPEG, PNG, WebP or GIF by their
   * magic numbers (`file-type`); the image is decoded by sharp, turned upright per EXIF, scaled to
   * fit 512 x 512 px (never enlarged), and re-encoded as WebP without any metadata (GPS, camera,
   * comments: OWASP File Upload Cheat Sheet "content disarm"; Strapi CVE-2026-22707 and Ghost's
   * SVG avatar XSS: SVG, HTML and text are refused). Stored under `avatars/<random>.webp` with a
   * `media` row owned by the member, and smaller copies for `srcset` (image-variants.ts) when it is
   * wider than they are (an editor may use it as a thumbnail).
   * @returns Strapi's upload file shape (`size` in kilobytes).
   * @throws ValidationError (400) for any other type or an unreadable or too large (in pixels)
   * image; 429 RateLimitError over the budget; whatever `read` throws (e.g. 413 too large).
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

/** Re-encodes an accepted image as an upright, metadata-free WebP of at most 512 x 512 px. */
async function toAvatarWebp(
  bytes: Buffer,
): Promise<{ data: Buffer; width: number; height: number }> {
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected ? ACCEPTED.get(detected.mime) : undefined;
  if (!format) {
    throw new ValidationError(REFUSED_MESSAGE, {
      errors: [{ path: ["files"], message: REFUSED_MESSAGE }],
    });
  }
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

/** Builds the upload service over a database and a media storage. */
export function createUploadService(
  db: Db,
  deps: { storage: MediaStorage; limits: RateLimitFactory; now?: () => Date },
): UploadService {
  const k = db.kysely;
  const now = deps.now ?? (() => new Date());
  const budget = deps.limits.create("upload", UPLOADS_PER_HOUR, 60 * 60);

  return {
    async uploadAvatar(ownerId, read) {
      await budget.consume(`user:${ownerId}`);
      const { data, width, height } = await toAvatarWebp(await read());
      // Random, not a content hash: the file is this member's alone, so deleting their account
      // can delete it without touching anyone else's identical upload.
      const name = `${randomBytes(16).toString("hex")}.webp`;
      const { url } = await deps.storage.put(`avatars/${name}`, data, "image/webp");
      await storeVariants(deps.storage, `avatars/${name}`, data, width);
      const id = await repo.insertOwnedMedia(k, {
        ownerId,
        url,
        mime: "image/webp",
        width,
        height,
        sizeBytes: data.length,
        now: now().toISOString(),
      });
      return {
        id,
        name,
        url,
        mime: "image/webp",
        ext: ".webp",
        width,
        height,
        size: Math.round((data.length / 1024) * 100) / 100,
      };
    },

    findOwnedImage: (ownerId, mediaId) => repo.findOwnedImage(k, ownerId, mediaId),

    async discardFiles(urls) {
      const results = await Promise.allSettled(
        urls.map(async (url) => {
          if (!url.startsWith("/uploads/")) throw new Error(`not a stored upload: ${url}`);
          const key = url.slice("/uploads/".length);
          for (const w of VARIANT_WIDTHS) await deps.storage.remove(variantKey(key, w));
          await deps.storage.remove(key);
        }),
      );
      return urls.filter((_, i) => results[i]?.status === "rejected");
    },
  };
}
