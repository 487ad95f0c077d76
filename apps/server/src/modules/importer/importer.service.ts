// Imports folders of Markdown articles (idempotently, upsert by slug) and seeds the demo content
// on the first start with an empty database (foundation issue: "first start loads the demo").
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { slugify } from "@pragmatist/contracts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { writeArticleTerms, derivedArticleFields } from "../articles/article-writes.ts";
import type { SearchService } from "../search/search.types.ts";
import {
  ensureVariant,
  storeVariants,
  VARIANT_WIDTHS,
  variantKey,
} from "../uploads/image-variants.ts";
import { contentKey, localMediaStorage, type MediaStorage } from "../uploads/storage.ts";
import * as repo from "./importer.repository.ts";
import {
  type ArticleDraft,
  BITCOIN_OPTECH_CREDIT,
  ETHEREUM_ORG_CREDIT,
  isDraftError,
  parseArticleFile,
} from "./markdown-import.ts";
import {
  AVATAR_SIZE,
  RASTER_RECIPE,
  type RasterImage,
  rasteriseSvg,
  renderAvatarSvg,
  renderThumbnailSvg,
  THUMBNAIL_SIZE,
} from "./thumbnails.ts";

/** What an import writes through: the database and the search index. */
export interface ImportServices {
  db: Db;
  search: Pick<SearchService, "index">;
}

/** The logging this module needs; Fastify's logger (pino) fits it. */
export interface ContentLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silentLogger: ContentLogger = { info() {}, warn() {}, error() {} };

export interface ImportOptions {
  /** Where thumbnails and avatars go (see modules/uploads/storage.ts). */
  storage: MediaStorage;
  log?: ContentLogger;
  /** Called after each Markdown file is handled (written or skipped). */
  onProgress?: (progress: { done: number; total: number; file: string }) => void;
  /** Time source for created_at/updated_at. */
  now?: () => Date;
}

/** What an import did; `skipped` lists files (and authors.json entries) with the reason. */
export interface ImportSummary {
  created: number;
  updated: number;
  skipped: { file: string; reason: string }[];
}

/** Bios of the authors standing for imported sources. */
const SOURCE_AUTHOR_BIOS: Record<string, string> = {
  [ETHEREUM_ORG_CREDIT.author]:
    "Explainers written by the community of ethereum.org, republished under the MIT licence.",
  [BITCOIN_OPTECH_CREDIT.author]:
    "Weekly Bitcoin technical news from Bitcoin Optech, republished under the MIT licence.",
};

/**
 * Markdown files under `folder`, recursively, sorted. Dot folders, node_modules and README
 * files (documentation of the folder, not articles) are left out.
 */
function listMarkdownFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && /\.mdx?$/i.test(entry.name) && !/^readme\.md$/i.test(entry.name)) {
        out.push(full);
      }
    }
  };
  walk(folder);
  return out.sort();
}

/** Runs `task` over `items` with at most `limit` in flight; results keep the input order. */
function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R>[] {
  const results: Promise<R>[] = [];
  let running = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    running--;
    queue.shift()?.();
  };
  for (const item of items) {
    results.push(
      new Promise<R>((resolve, reject) => {
        const start = () => {
          running++;
          task(item).then(resolve, reject).finally(next);
        };
        if (running < limit) start();
        else queue.push(start);
      }),
    );
  }
  return results;
}

interface StoredImage {
  url: string;
  mime: string;
  width: number;
  height: number;
  size: number;
}

/**
 * Rasterises an SVG to WebP of `size` and stores it under a key hashed from the SVG and the
 * recipe, with its smaller copies (uploads/image-variants.ts). When that key is already stored and
 * known to the media table, nothing is rendered but missing copies: re-imports cost no image work.
 */
async function rasteriseAndStore(
  services: ImportServices,
  storage: MediaStorage,
  target: { folder: string; name: string; size: { width: number; height: number } },
  svg: Buffer | string,
): Promise<StoredImage> {
  const { width, height } = target.size;
  const key = contentKey(
    target.folder,
    target.name,
    [RASTER_RECIPE, `${width}x${height}`, svg],
    "webp",
  );
  const found = await storage.find(key);
  if (found) {
    const row = await repo.findMediaByUrl(services.db.kysely, found.url);
    if (row?.width && row.height) {
      for (const w of VARIANT_WIDTHS) await ensureVariant(storage, variantKey(key, w));
      return {
        url: found.url,
        mime: row.mime,
        width: row.width,
        height: row.height,
        size: row.size_bytes,
      };
    }
  }
  const image: RasterImage = await rasteriseSvg(svg, target.size);
  const { url } = await storage.put(key, image.bytes, image.mime);
  await storeVariants(storage, key, image.bytes, image.width);
  return {
    url,
    mime: image.mime,
    width: image.width,
    height: image.height,
    size: image.bytes.length,
  };
}

const display = (root: string, file: string) => path.relative(root, file) || path.basename(file);

/**
 * Imports a folder of Markdown articles with front matter, recursively (see `parseArticleFile`
 * for the formats). An `authors.json` at the folder root (`[{username, email, bio, avatar}]`)
 * is loaded first. Each article is written in one transaction (thumbnail media, article row,
 * terms) and upserted by slug, so a re-import updates and never duplicates; it is then indexed
 * for search. Thumbnails (SVG, ours or drawn per source) become 1200×630 WebP, avatars
 * 256×256 WebP, stored through `options.storage`.
 * Invalid files (no title, bad date, unparsable front matter, unknown author, duplicate slug)
 * are skipped with a reason; they never stop the import or leave half an article.
 * @throws Error only when `folder` is not a readable directory.
 */
export async function importFolder(
  services: ImportServices,
  folder: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  const root = path.resolve(folder);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    throw new Error(`Not a folder: ${root}`);
  }
  const log = options.log ?? silentLogger;
  const now = () => (options.now ? options.now() : new Date()).toISOString();
  const k = services.db.kysely;
  const { storage } = options;
  const summary: ImportSummary = { created: 0, updated: 0, skipped: [] };
  const concurrency = Math.max(2, Math.min(8, os.availableParallelism()));

  // 1. Authors of our own format.
  await importAuthors(services, root, storage, summary, now, log);

  // 2. Read and normalise every file.
  const files = listMarkdownFiles(root);
  const total = files.length;
  let done = 0;
  const progress = (file: string) =>
    options.onProgress?.({ done: ++done, total, file: display(root, file) });
  const skip = (file: string, reason: string) => {
    summary.skipped.push({ file: display(root, file), reason });
    progress(file);
  };

  const drafts: ArticleDraft[] = [];
  const slugOwner = new Map<string, string>();
  for (const file of files) {
    let raw: string;
    try {
      raw = fs.readFileSync(file, "utf8");
    } catch (err) {
      skip(file, `cannot read: ${(err as Error).message}`);
      continue;
    }
    const draft = parseArticleFile(file, raw, root);
    if (isDraftError(draft)) {
      skip(file, draft.reason);
      continue;
    }
    const owner = slugOwner.get(draft.slug);
    if (owner) {
      skip(file, `duplicate slug "${draft.slug}" (also in ${display(root, owner)})`);
      continue;
    }
    slugOwner.set(draft.slug, file);
    drafts.push(draft);
  }

  // 3. Authors: ours by username, one per imported source.
  const userIds = await repo.findUserIdsByUsername(
    k,
    drafts.flatMap((d) => (d.authorUsername ? [d.authorUsername] : [])),
  );
  const sourceAuthorIds = new Map<string, number>();
  for (const name of new Set(drafts.flatMap((d) => (d.sourceAuthor ? [d.sourceAuthor] : [])))) {
    const avatar = await rasteriseAndStore(
      services,
      storage,
      { folder: "avatars", name: slugify(name), size: AVATAR_SIZE },
      renderAvatarSvg(name),
    );
    const id = await k.transaction().execute(async (trx) => {
      const pictureId = await repo.upsertMedia(trx, mediaRow(avatar, name), now());
      return repo.ensureSourceAuthor(
        trx,
        {
          username: name,
          bio: SOURCE_AUTHOR_BIOS[name] ?? `Articles republished from ${name}.`,
          profile_picture_id: pictureId,
        },
        now(),
      );
    });
    sourceAuthorIds.set(name, id);
  }

  // 4. Thumbnails are rasterised in parallel while articles are written in order.
  const thumbnails = mapLimited(drafts, concurrency, (d) =>
    prepareThumbnail(services, d, storage, log),
  );

  for (const [i, draft] of drafts.entries()) {
    const authorId = draft.authorUsername
      ? userIds.get(draft.authorUsername.toLowerCase())
      : draft.sourceAuthor
        ? sourceAuthorIds.get(draft.sourceAuthor)
        : undefined;
    let thumbnail: StoredImage;
    try {
      thumbnail = await (thumbnails[i] as Promise<StoredImage>);
    } catch (err) {
      skip(draft.file, `thumbnail failed: ${(err as Error).message}`);
      continue;
    }
    if (authorId === undefined) {
      skip(
        draft.file,
        `unknown author "${draft.authorUsername}" (not in authors.json or the users)`,
      );
      continue;
    }
    try {
      const existed = (await repo.findArticleIdBySlug(k, draft.slug)) !== null;
      const id = await writeArticle(services, draft, authorId, thumbnail, now());
      if (existed) summary.updated++;
      else summary.created++;
      try {
        await services.search.index({
          id,
          title: draft.title,
          subTitle: draft.subTitle,
          content: draft.content,
          tags: draft.tags,
        });
      } catch (err) {
        log.warn({ err, slug: draft.slug }, "article written but not indexed for search");
      }
      progress(draft.file);
    } catch (err) {
      log.error({ err, file: draft.file }, "article import failed");
      skip(draft.file, `database error: ${(err as Error).message}`);
    }
  }
  return summary;
}

function mediaRow(image: StoredImage, alt: string): repo.MediaWrite {
  return {
    url: image.url,
    mime: image.mime,
    width: image.width,
    height: image.height,
    size_bytes: image.size,
    alternative_text: alt,
  };
}

/** The article's thumbnail: its own SVG when it has one we can read, else one we draw. */
async function prepareThumbnail(
  services: ImportServices,
  draft: ArticleDraft,
  storage: MediaStorage,
  log: ContentLogger,
): Promise<StoredImage> {
  const plan = draft.thumbnail;
  const target = { folder: "articles", name: draft.slug, size: THUMBNAIL_SIZE };
  if (plan.kind === "file") {
    const file = plan.paths.find((p) => fs.existsSync(p));
    if (file) {
      try {
        return await rasteriseAndStore(services, storage, target, await fs.promises.readFile(file));
      } catch (err) {
        log.warn({ err, file }, "thumbnail unreadable, drawing one instead");
      }
    } else {
      log.warn({ file: plan.paths[0], slug: draft.slug }, "thumbnail missing, drawing one instead");
    }
  }
  const svg = renderThumbnailSvg({
    title: draft.title,
    label: draft.type,
    sourceName: plan.kind === "generated" ? plan.sourceName : "Pragmatist",
    seed: draft.slug,
  });
  return rasteriseAndStore(services, storage, target, svg);
}

/** One transaction: thumbnail media, the article row (upsert by slug) and its terms. */
async function writeArticle(
  services: ImportServices,
  d: ArticleDraft,
  authorId: number,
  thumbnail: StoredImage,
  now: string,
): Promise<number> {
  return services.db.kysely.transaction().execute(async (trx) => {
    // A write comes first so the transaction takes SQLite's write lock at once (a read first
    // could fail with SQLITE_BUSY when another process writes in between).
    const thumbnailId = await repo.upsertMedia(trx, mediaRow(thumbnail, d.title), now);
    const id = await repo.upsertArticle(
      trx,
      {
        slug: d.slug,
        title: d.title,
        sub_title: d.subTitle,
        content: d.content,
        ...derivedArticleFields(d.content),
        publish_date: d.publishDate,
        thumbnail_id: thumbnailId,
        author_id: authorId,
        source_name: d.credit?.name ?? null,
        source_url: d.credit?.url ?? null,
        source_licence: d.credit?.licence ?? null,
      },
      now,
    );
    await writeArticleTerms(trx, id, {
      types: [d.type],
      categories: d.categories,
      ecosystems: d.ecosystems,
      tags: d.tags,
    });
    return id;
  });
}

interface AuthorEntry {
  username: string;
  email: string | null;
  bio: string | null;
  avatar: string | null;
}

/** Loads `authors.json` at the folder root, if any; bad entries are skipped with a reason. */
async function importAuthors(
  services: ImportServices,
  root: string,
  storage: MediaStorage,
  summary: ImportSummary,
  now: () => string,
  log: ContentLogger,
): Promise<void> {
  const file = path.join(root, "authors.json");
  if (!fs.existsSync(file)) return;
  let list: unknown;
  try {
    list = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (err) {
    summary.skipped.push({
      file: "authors.json",
      reason: `not valid JSON: ${(err as Error).message}`,
    });
    return;
  }
  if (!Array.isArray(list)) {
    summary.skipped.push({ file: "authors.json", reason: "expected an array of authors" });
    return;
  }
  const k = services.db.kysely;
  for (const [i, raw] of list.entries()) {
    const entry = parseAuthor(raw);
    if (typeof entry === "string") {
      summary.skipped.push({ file: `authors.json[${i}]`, reason: entry });
      continue;
    }
    let avatar: StoredImage;
    const avatarFile = entry.avatar ? path.resolve(root, entry.avatar) : null;
    const target = { folder: "avatars", name: slugify(entry.username), size: AVATAR_SIZE };
    try {
      const svg =
        avatarFile && fs.existsSync(avatarFile) ? await fs.promises.readFile(avatarFile) : null;
      if (avatarFile && !svg) log.warn({ file: avatarFile }, "avatar missing, drawing one instead");
      avatar = await rasteriseAndStore(
        services,
        storage,
        target,
        svg ?? renderAvatarSvg(entry.username),
      );
    } catch (err) {
      log.warn({ err, file: avatarFile }, "avatar unreadable, drawing one instead");
      avatar = await rasteriseAndStore(services, storage, target, renderAvatarSvg(entry.username));
    }
    await k.transaction().execute(async (trx) => {
      const pictureId = await repo.upsertMedia(trx, mediaRow(avatar, entry.username), now());
      if (entry.email) {
        await repo.upsertAuthorByEmail(
          trx,
          {
            username: entry.username,
            email: entry.email,
            bio: entry.bio,
            profile_picture_id: pictureId,
          },
          now(),
        );
      } else {
        await repo.ensureSourceAuthor(
          trx,
          { username: entry.username, bio: entry.bio ?? "", profile_picture_id: pictureId },
          now(),
        );
      }
    });
  }
}

function parseAuthor(raw: unknown): AuthorEntry | string {
  if (typeof raw !== "object" || raw === null) return "not an object";
  const o = raw as Record<string, unknown>;
  const username = typeof o.username === "string" ? o.username.trim() : "";
  if (!username) return "no username";
  const email = typeof o.email === "string" && o.email.trim() ? o.email.trim().toLowerCase() : null;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return `bad email "${email}"`;
  return {
    username,
    email,
    bio: typeof o.bio === "string" && o.bio.trim() ? o.bio.trim() : null,
    avatar: typeof o.avatar === "string" && o.avatar.trim() ? o.avatar.trim() : null,
  };
}

/**
 * Loads the demo content (`config.demoContentDir`) when the articles table is empty, so the
 * first start shows a working publication (foundation issue). Does nothing when any article
 * exists. Two processes starting together are safe: every write is an upsert (articles by
 * slug, authors by email, terms by kind and slug, media by URL). A failure is logged, never
 * thrown: the site runs without demo content.
 */
export async function seedDemoContentIfEmpty(
  services: ImportServices,
  config: Config,
  log: ContentLogger,
): Promise<void> {
  try {
    if ((await repo.countArticles(services.db.kysely)) > 0) return;
    if (!fs.existsSync(config.demoContentDir)) {
      log.warn({ folder: config.demoContentDir }, "demo content folder missing; nothing seeded");
      return;
    }
    const started = performance.now();
    const summary = await importFolder(services, config.demoContentDir, {
      storage: localMediaStorage(config.dataDir),
      log,
    });
    for (const s of summary.skipped) log.warn(s, "demo file skipped");
    log.info(
      {
        created: summary.created,
        updated: summary.updated,
        skipped: summary.skipped.length,
        ms: Math.round(performance.now() - started),
      },
      "demo content loaded",
    );
  } catch (err) {
    log.error({ err }, "demo content could not be loaded");
  }
}
