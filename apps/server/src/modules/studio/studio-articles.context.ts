// What the studio's article reads and writes share (docs/product/studio.md#studio): the context
// they run in, loading and presenting an article, free slugs, image checks, search indexing and
// audit entries.
import {
  type ArticleChanges,
  type AuditAction,
  slugFromTitle,
  type StudioArticle,
} from "@pragmatist/contracts";
import type { Kysely } from "kysely";
import type { Dialect } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/constraints.ts";
import type { Database } from "../../db/schema.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import type { AnalyticsService } from "../analytics/analytics.service.ts";
import type { SearchService } from "../search/search.types.ts";
import type { UploadService } from "../uploads/upload.service.ts";
import { recordAudit } from "../access/audit.ts";
import { type Actor, type ArticleFacts, authorize, can } from "../access/policy.ts";
import type { PublicationWatch } from "./publication-watch.ts";
import { imageOf, toSummary } from "./studio-articles.present.ts";
import * as repo from "./studio-articles.repository.ts";
import type { ImageColumns, StudioArticleRow, TermRow } from "./studio-articles.repository.ts";
import { type ArticleText, namesOf, slugTaken } from "./studio-articles.rules.ts";

/** The neighbours the studio's articles use; `now` is the injectable clock. */
export interface StudioArticlesDeps {
  search: SearchService;
  uploads: Pick<UploadService, "findOwnedImage" | "findArticleImage">;
  analytics: Pick<AnalyticsService, "dailyViews">;
  /** Hears of every change readers can see (publish, unpublish, schedule, delete). */
  watch: PublicationWatch;
  now: () => Date;
}

/** What every article read and write runs with: the query builder `k` and the neighbours. */
export interface ArticlesContext extends StudioArticlesDeps {
  k: Kysely<Database>;
  dialect: Dialect;
}

/** The article row. @throws NotFoundError */
export async function loadArticle(ctx: ArticlesContext, id: number): Promise<StudioArticleRow> {
  const row = await repo.findArticle(ctx.k, id);
  if (!row) throw new NotFoundError("Article not found");
  return row;
}

/** What the policy's article rules look at: the author and the stored status. */
export const facts = (row: StudioArticleRow): ArticleFacts => ({
  authorId: row.author_id,
  status: row.status,
});

/** The article as the studio answers it, with its content; `terms` when already read. */
export async function presentArticle(
  ctx: ArticlesContext,
  row: StudioArticleRow,
  terms?: TermRow[],
): Promise<StudioArticle> {
  terms ??= await repo.findTerms(ctx.k, [row.id]);
  const summary = toSummary(row, terms, ctx.now());
  const seo = {
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    canonicalUrl: row.canonical_url,
    socialImage: imageOf(row, "social_image"),
  };
  return { id: row.id, attributes: { ...summary.attributes, content: row.content ?? "", seo } };
}

/** Article `id` once `actor` may do `action` on it. @throws NotFoundError, 401/403 (policy). */
export async function authorizedArticle(
  ctx: ArticlesContext,
  actor: Actor | null,
  action: "article.read" | "article.edit",
  id: number,
): Promise<StudioArticleRow> {
  const row = await loadArticle(ctx, id);
  authorize(actor, action, facts(row));
  return row;
}

/**
 * Revision `revisionId` of article `id`, with its content, once `actor` may do `action` on the
 * article. @throws NotFoundError (unknown article, or a revision unknown or another article's),
 * 401/403 (policy).
 */
export async function authorizedRevision(
  ctx: ArticlesContext,
  actor: Actor | null,
  action: "article.read" | "article.edit",
  id: number,
  revisionId: number,
): Promise<repo.RevisionRow> {
  await authorizedArticle(ctx, actor, action, id);
  const revision = await repo.findRevision(ctx.k, id, revisionId);
  if (!revision) throw new NotFoundError("Revision not found");
  return revision;
}

/** A slug made from the title that no other article uses: `base`, `base-2`, `base-3` … */
export async function freeSlug(ctx: ArticlesContext, title: string): Promise<string> {
  const stem = slugFromTitle(title) || "untitled";
  for (let from = 1; ; from += 20) {
    const candidates = Array.from({ length: 20 }, (_, i) =>
      from + i === 1 ? stem : `${stem}-${from + i}`,
    );
    const taken = await repo.findTakenSlugs(ctx.k, candidates, null);
    const free = candidates.find((c) => !taken.has(c));
    if (free) return free;
  }
}

/** The article fields that take an image (a media id), and the column each is stored in. */
const imageFields = [
  ["thumbnail", "thumbnail_id"],
  ["socialImage", "social_image_id"],
] as const satisfies readonly (readonly [keyof ArticleChanges, keyof ImageColumns])[];

/** An article field that takes an image: `thumbnail` or `socialImage`. */
type ImageField = (typeof imageFields)[number][0];

/**
 * The image to store in `field` (the thumbnail, or the social image,
 * docs/product/studio.md#studio-seo): editors may use any image; authors an image they uploaded,
 * an image for articles (POST /api/studio/images, the publication's), or the one already there
 * (`current`). @throws ValidationError pointing at `data.{field}`.
 */
async function checkImage(
  ctx: ArticlesContext,
  actor: Actor,
  field: ImageField,
  mediaId: number | null,
  current: number | null,
): Promise<number | null> {
  if (mediaId === null || mediaId === current) return mediaId;
  const ok = can(actor, "article.publish")
    ? await repo.findImage(ctx.k, mediaId)
    : ((await ctx.uploads.findOwnedImage(actor.id, mediaId)) ??
      (await ctx.uploads.findArticleImage(mediaId)));
  if (ok) return mediaId;
  const message = `${field} must be the id of an image you uploaded (POST /api/studio/images)`;
  throw new ValidationError(message, { errors: [{ path: ["data", field], message }] });
}

/**
 * The images an article has after `changes` (a field absent: kept from `row`, none for a new
 * article), each new one checked by `checkImage`. @throws ValidationError as `checkImage`.
 */
export async function imageColumns(
  ctx: ArticlesContext,
  actor: Actor,
  changes: ArticleChanges,
  row: ImageColumns | null,
): Promise<ImageColumns> {
  const images: ImageColumns = { thumbnail_id: null, social_image_id: null };
  for (const [field, column] of imageFields) {
    const current = row?.[column] ?? null;
    const asked = changes[field];
    images[column] =
      asked === undefined ? current : await checkImage(ctx, actor, field, asked, current);
  }
  return images;
}

/** Indexes the article's text and stored tags for search (visibility is decided when searching). */
export async function indexArticle(ctx: ArticlesContext, id: number, text: ArticleText) {
  const terms = await repo.findTerms(ctx.k, [id]);
  await ctx.search.index({ id, ...text, tags: namesOf(terms).tags });
}

/** Runs `write`; a unique violation on the slug becomes the 400 a client can act on. */
export async function guardSlug<T>(slug: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(slug);
    throw err;
  }
}

/** Records `action` by `actor` on article `id` at `at` (ISO) in the caller's transaction `trx`. */
export function auditArticle(
  trx: Kysely<Database>,
  actor: Actor,
  action: AuditAction,
  id: number,
  at: string,
  details: Record<string, unknown>,
): Promise<void> {
  return recordAudit(
    trx,
    { actorId: actor.id, action, targetType: "article", targetId: id, details },
    at,
  );
}
