// Where media bytes live: a small interface (local disk, or S3-compatible in s3-storage.ts;
// docs/architecture.md#conventions) and its local-disk implementation under <DATA_DIR>/uploads/.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Where uploaded and imported images are kept, and how they are served. */
export interface MediaStorage {
  /**
   * Stores `bytes` under `key` (a relative path such as "articles/gas-1a2b3c4d5e6f7a8b.webp")
   * and returns its public URL. Keys carry a content hash, so writing a key again is a no-op.
   * @throws Error for a key that is not a safe relative path.
   */
  put(key: string, bytes: Buffer, mime: string): Promise<{ url: string }>;
  /** The public URL of `key` when something is stored under it, else null. */
  find(key: string): Promise<{ url: string } | null>;
  /**
   * The bytes stored under `key`, or null when nothing is.
   * @throws Error for a key that is not a safe relative path.
   */
  read(key: string): Promise<Buffer | null>;
  /**
   * Deletes what is stored under `key` (a member's own upload when they delete their account);
   * nothing happens when nothing is stored. Only for keys nothing else shares (random keys).
   * @throws Error for a key that is not a safe relative path.
   */
  remove(key: string): Promise<void>;
  /**
   * The key of a URL this storage gave out (`/uploads/<key>`, or under the S3 public base URL),
   * else null: what account deletion removes, and nothing outside the storage.
   */
  keyOf(url: string): string | null;
  /**
   * Resolves when the storage can be read and written (local: the folder is readable and
   * writable; S3: HeadBucket), for the readiness check.
   * @throws Error saying what is unreachable.
   */
  ping(): Promise<void>;
}

/** The local-disk storage, with the folder it serves from (for `@fastify/static`). */
export interface LocalMediaStorage extends MediaStorage {
  readonly kind: "local";
  readonly root: string;
}

/** How stored media may be cached: keys carry a content hash or are random, so never change. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/** The path the app serves stored media under (files.routes.ts). */
export const UPLOADS_PATH = "/uploads/";

/** Where readers fetch what is stored under `key` from: `/uploads/<key>` or `<publicUrl>/<key>`. */
export function mediaUrl(key: string, publicUrl?: string): string {
  return publicUrl ? `${publicUrl}/${key}` : `${UPLOADS_PATH}${key}`;
}

/**
 * The key behind `url` when it is `/uploads/<key>` or `<publicUrl>/<key>` with a safe key
 * (assertSafeKey), else null. Both prefixes count: rows written before S3_PUBLIC_URL was set keep
 * `/uploads/` URLs, which the app goes on serving.
 */
export function keyOfUrl(url: string, publicUrl?: string): string | null {
  const prefix = [UPLOADS_PATH, publicUrl && `${publicUrl}/`].find((p) => p && url.startsWith(p));
  if (!prefix) return null;
  const key = url.slice(prefix.length);
  try {
    assertSafeKey(key);
    return key;
  } catch {
    return null;
  }
}

const KEY_RE = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_.-]*)*\.[a-z0-9]+$/;

/** Rejects keys that could leave the uploads folder or need escaping in a URL. */
export function assertSafeKey(key: string): void {
  if (!KEY_RE.test(key) || key.split("/").some((s) => s === "." || s === "..")) {
    throw new Error(`Unsafe media key: ${JSON.stringify(key)}`);
  }
}

/**
 * A media key with a content hash: `<folder>/<name>-<16 hex of sha256(parts)>.<ext>`, so a
 * URL never changes meaning and can be cached as immutable. `parts` are the bytes, or what
 * deterministically produces them (source and recipe). `name` is reduced to [a-z0-9-].
 */
export function contentKey(
  folder: string,
  name: string,
  parts: Buffer | string | (Buffer | string)[],
  ext: string,
): string {
  const h = createHash("sha256");
  for (const part of Array.isArray(parts) ? parts : [parts]) h.update(part);
  const hash = h.digest("hex").slice(0, 16);
  const safe =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "file";
  return `${folder}/${safe}-${hash}.${ext}`;
}

const byRoot = new Map<string, LocalMediaStorage>();

/**
 * The local-disk storage for a data directory: files under `<dataDir>/uploads/`, URLs
 * `/uploads/<key>`. For ":memory:" (tests) the files go to one temporary folder per process,
 * removed when it exits.
 * The same instance is returned for the same `dataDir`, so the importer and the static route
 * agree on the folder.
 */
export function localMediaStorage(dataDir: string): LocalMediaStorage {
  const cached = byRoot.get(dataDir);
  if (cached) return cached;
  let root: string;
  if (dataDir === ":memory:") {
    // Ephemeral like the in-memory database: removed when the process exits.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-uploads-"));
    process.once("exit", () => fs.rmSync(tmp, { recursive: true, force: true }));
    root = tmp;
  } else {
    root = path.join(path.resolve(dataDir), "uploads");
    fs.mkdirSync(root, { recursive: true });
  }

  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/"));
  };
  const storage: LocalMediaStorage = {
    kind: "local",
    root,
    async find(key) {
      try {
        return (await fs.promises.stat(fileOf(key))).isFile() ? { url: mediaUrl(key) } : null;
      } catch {
        return null;
      }
    },
    async read(key) {
      try {
        return await fs.promises.readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async put(key, bytes) {
      const file = fileOf(key);
      const url = mediaUrl(key);
      try {
        const stat = await fs.promises.stat(file);
        if (stat.size === bytes.length) return { url };
      } catch {
        // Not stored yet.
      }
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file and two writers do not clash.
      const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await fs.promises.writeFile(tmp, bytes);
      await fs.promises.rename(tmp, file);
      return { url };
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    keyOf: (url) => keyOfUrl(url),
    async ping() {
      await fs.promises.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },
  };
  byRoot.set(dataDir, storage);
  return storage;
}
