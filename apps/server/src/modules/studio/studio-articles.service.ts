// Rules of writing and publishing in the studio (issue #7): drafts, publish, unpublish, schedule,
// delete, revisions, autosave conflicts and per-article stats; every action checked by policy.ts.
import {
  type ArticleChanges,
  type ArticleInput,
  type ArticleState,
  type ArticleStats,
  type ArticleType,
  type AuditAction,
  type Revision,
  type RevisionSummary,
  slugFromTitle,
  type StudioArticle,
  type StudioArticleList,
  type StudioArticleQuery,
  type StudioArticleSummary,
  paginationMeta,
} from "@pragmatist/contracts";
import type { Kysely } from "kysely";
import type { Db } from "../../db/client.ts";
import type { Database } from "../../db/schema.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import { derivedArticleFields, writeArticleTerms } from "../articles/article-writes.ts";
import type { SearchService } from "../search/search.types.ts";
import type { UploadService } from "../uploads/upload.service.ts";
import { recordAudit } from "./audit.ts";
import { ConflictError } from "./conflict-error.ts";
import { memberRef } from "./member-ref.ts";
import { type Actor, authorize, can } from "./policy.ts";
import type { PublicationWatch } from "./publication-watch.ts";
import type { AnalyticsService } from "../analytics/analytics.service.ts";
import * as repo from "./studio-articles.repository.ts";
import type { StudioArticleRow, TermRow } from "./studio-articles.repository.ts";

/** How far back stats look: the last 30 UTC days, today included. */
export const STATS_DAYS = 30;

export interface StudioArticlesService {
  /**
   * Writes a new article by `actor` (author, editor, admin), as a draft unless `status` says
   * published (editors only). The slug is made from the title when absent (a free `-2`, `-3` …
   * is appended then); a given slug already in use is a 400. The publish date defaults to now.
   * Keeps revision 1 and indexes the text for search (drafts are never found: visibility is
   * decided when searching). @throws 401/403 (policy), ValidationError (slug, thumbnail).
   */
  create(actor: Actor | null, input: ArticleInput): Promise<StudioArticle>;
  /**
   * Changes an article. Authors: their own drafts only, never the status or, once published, the
   * date. Publishing a draft whose publish date is not ahead makes it live now; a future date
   * schedules it. `updatedAt`, when sent, must be the stored version, else 409 (nothing written).
   * Saving what is already stored writes nothing and keeps `updatedAt` (cheap, idempotent
   * autosave); a change of title, subtitle or content keeps a revision. Publish, unpublish and
   * schedule are audited. @throws NotFoundError, 401/403, ConflictError, ValidationError.
   */
  update(actor: Actor | null, id: number, changes: ArticleChanges): Promise<StudioArticle>;
  /**
   * Deletes an article (editors; authors their own drafts) with its revisions, comments and
   * reactions; audited; removed from search. @returns the article as it was.
   */
  remove(actor: Actor | null, id: number): Promise<StudioArticle>;
  /** One article in any status, with its content. @throws NotFoundError, 401/403. */
  get(actor: Actor | null, id: number): Promise<StudioArticle>;
  /** Staff list; an author's list holds their own articles only, whatever `authorId` says. */
  list(actor: Actor | null, query: StudioArticleQuery): Promise<StudioArticleList>;
  /** The article's revisions, newest first, without content. */
  listRevisions(actor: Actor | null, id: number): Promise<RevisionSummary[]>;
  /** One revision with its content. @throws NotFoundError (unknown or another article's). */
  getRevision(actor: Actor | null, id: number, revisionId: number): Promise<Revision>;
  /**
   * Puts an earlier revision's title, subtitle and content back, as a save (so it keeps a new
   * revision). Editors, or the author of their own draft.
   */
  restoreRevision(actor: Actor | null, id: number, revisionId: number): Promise<StudioArticle>;
  /** Views of `/p/{slug}`, likes, bookmarks and comments of the last 30 days (UTC). */
  stats(actor: Actor | null, id: number): Promise<ArticleStats>;
}

/** ISO 8601 with milliseconds in UTC: the one stored form, so text comparison orders instants. */
const iso = (value: string | Date) => new Date(value).toISOString();

/** The state readers see: published with a publish date ahead of `now` is scheduled. */
export function articleState(status: string, publishDate: string, now: Date): ArticleState {
  if (status !== "published") return "draft";
  return Date.parse(publishDate) > now.getTime() ? "scheduled" : "published";
}

/** The audit action of a change of state (or of a scheduled date), or null when none. */
function transition(
  before: { state: ArticleState; publishDate: string } | null,
  after: { state: ArticleState; publishDate: string },
): AuditAction | null {
  if (before?.state === after.state) {
    return after.state === "scheduled" && before.publishDate !== after.publishDate
      ? "article.schedule"
      : null;
  }
  if (after.state === "draft") return before === null ? null : "article.unpublish";
  return after.state === "scheduled" ? "article.schedule" : "article.publish";
}

/** What a revision keeps: the title, subtitle and Markdown of an article. */
interface ArticleText {
  title: string;
  subTitle: string;
  content: string;
}

interface Names {
  types: string[];
  categories: string[];
  tags: string[];
  ecosystems: string[];
}

function namesOf(terms: TermRow[]): Names {
  const of = (kind: string) => terms.filter((t) => t.kind === kind).map((t) => t.name);
  return {
    types: of("type"),
    categories: of("category"),
    tags: of("tag"),
    ecosystems: of("ecosystem"),
  };
}

const sameList = (a: string[], b: string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Slugs of names as `{ name, slug }`, the public shape of categories and ecosystems. */
const termsOf = (terms: TermRow[], kind: string) =>
  terms.filter((t) => t.kind === kind).map((t) => ({ name: t.name, slug: t.slug }));

function toSummary(row: StudioArticleRow, terms: TermRow[], now: Date): StudioArticleSummary {
  const names = namesOf(terms);
  return {
    id: row.id,
    attributes: {
      title: row.title,
      subTitle: row.sub_title,
      slug: row.slug,
      status: row.status === "published" ? "published" : "draft",
      state: articleState(row.status, row.publish_date, now),
      publishDate: row.publish_date,
      types: names.types as ArticleType[],
      categories: termsOf(terms, "category"),
      tags: names.tags,
      ecosystems: termsOf(terms, "ecosystem"),
      thumbnail:
        row.thumbnail_id !== null && row.thumbnail_url !== null
          ? {
              id: row.thumbnail_id,
              url: row.thumbnail_url,
              width: row.thumbnail_width,
              height: row.thumbnail_height,
            }
          : null,
      author: memberRef(row.author_id, row.author_username),
      readingTimeMinutes: row.reading_time_minutes,
      excerpt: row.excerpt,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
  };
}

function toRevision(row: repo.RevisionRow): RevisionSummary {
  return {
    id: row.id,
    title: row.title,
    subTitle: row.sub_title,
    savedBy: memberRef(row.saved_by, row.saved_by_username),
    savedAt: row.saved_at,
  };
}

/** Records `action` by `actor` on article `id` at `at` in the caller's transaction `trx`. */
function auditArticle(
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

/** A unique-constraint violation on either engine (the slug raced with another save). */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

function slugTaken(slug: string): ValidationError {
  const message = `The slug "${slug}" is already used by another article: choose another one`;
  return new ValidationError(message, { errors: [{ path: ["data", "slug"], message }] });
}

/** The stored columns of an article's text: its own, and what derives from the Markdown. */
function textColumns(text: ArticleText) {
  return {
    title: text.title,
    sub_title: text.subTitle,
    content: text.content,
    ...derivedArticleFields(text.content),
  };
}

/** Builds the service; `now` is the injectable clock, `watch` hears of every public change. */
export function createStudioArticlesService(
  db: Db,
  deps: {
    search: SearchService;
    uploads: Pick<UploadService, "findOwnedImage">;
    analytics: Pick<AnalyticsService, "dailyViews">;
    watch: PublicationWatch;
    now: () => Date;
  },
): StudioArticlesService {
  const k = db.kysely;
  const { search, uploads, watch, now } = deps;

  /** The article row or a 404. */
  async function load(id: number): Promise<StudioArticleRow> {
    const row = await repo.findArticle(k, id);
    if (!row) throw new NotFoundError("Article not found");
    return row;
  }

  const facts = (row: StudioArticleRow) => ({ authorId: row.author_id, status: row.status });

  /** The article as the studio answers it; `terms` when already read. */
  async function present(row: StudioArticleRow, terms?: TermRow[]): Promise<StudioArticle> {
    terms ??= await repo.findTerms(k, [row.id]);
    const summary = toSummary(row, terms, now());
    return { id: row.id, attributes: { ...summary.attributes, content: row.content ?? "" } };
  }

  /** A slug made from the title that no other article uses: `base`, `base-2`, `base-3` … */
  async function freeSlug(title: string): Promise<string> {
    const stem = slugFromTitle(title) || "untitled";
    for (let from = 1; ; from += 20) {
      const candidates = Array.from({ length: 20 }, (_, i) =>
        from + i === 1 ? stem : `${stem}-${from + i}`,
      );
      const taken = await repo.findTakenSlugs(k, candidates, null);
      const free = candidates.find((c) => !taken.has(c));
      if (free) return free;
    }
  }

  /**
   * The thumbnail to store: editors may use any image; authors an image they uploaded, or the one
   * already on the article. @throws ValidationError
   */
  async function checkThumbnail(
    actor: Actor,
    mediaId: number | null,
    current: number | null,
  ): Promise<number | null> {
    if (mediaId === null || mediaId === current) return mediaId;
    const ok = can(actor, "article.publish")
      ? await repo.findImage(k, mediaId)
      : await uploads.findOwnedImage(actor.id, mediaId);
    if (ok) return mediaId;
    const message = "thumbnail must be the id of an image you uploaded (POST /api/upload)";
    throw new ValidationError(message, { errors: [{ path: ["data", "thumbnail"], message }] });
  }

  async function index(id: number, text: ArticleText) {
    const terms = await repo.findTerms(k, [id]);
    await search.index({ id, ...text, tags: namesOf(terms).tags });
  }

  /** Runs `write`; a unique violation on the slug becomes the 400 a client can act on. */
  async function guardSlug<T>(slug: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw slugTaken(slug);
      throw err;
    }
  }

  async function update(
    actor: Actor | null,
    id: number,
    changes: ArticleChanges,
  ): Promise<StudioArticle> {
    const row = await load(id);
    authorize(actor, "article.edit", facts(row));
    if (changes.updatedAt !== undefined && iso(changes.updatedAt) !== iso(row.updated_at)) {
      throw new ConflictError("The article was changed since you opened it: reload it first", {
        updatedAt: row.updated_at,
      });
    }
    const at = now();
    const status = changes.status ?? row.status;
    let publishDate = changes.publishDate !== undefined ? iso(changes.publishDate) : undefined;
    // Publishing a draft whose date is not ahead makes it live now, not at its creation time.
    if (
      row.status === "draft" &&
      status === "published" &&
      publishDate === undefined &&
      Date.parse(row.publish_date) <= at.getTime()
    ) {
      publishDate = at.toISOString();
    }
    const nextDate = publishDate ?? row.publish_date;
    const before = {
      state: articleState(row.status, row.publish_date, at),
      publishDate: iso(row.publish_date),
    };
    const after = { state: articleState(status, nextDate, at), publishDate: iso(nextDate) };
    const changesPublication =
      status !== row.status || (status === "published" && after.publishDate !== before.publishDate);
    if (changesPublication) authorize(actor, "article.publish", facts(row));

    const text: ArticleText = {
      title: changes.title ?? row.title,
      subTitle: changes.subTitle ?? row.sub_title,
      content: changes.content ?? row.content ?? "",
    };
    const textChanged =
      text.title !== row.title || text.subTitle !== row.sub_title || text.content !== row.content;
    const termRows = await repo.findTerms(k, [id]);
    const oldNames = namesOf(termRows);
    const names: Names = {
      types: changes.types ?? oldNames.types,
      categories: changes.categories ?? oldNames.categories,
      tags: changes.tags ?? oldNames.tags,
      ecosystems: changes.ecosystems ?? oldNames.ecosystems,
    };
    const termsChanged = (Object.keys(names) as (keyof Names)[]).some(
      (kind) => !sameList(names[kind], oldNames[kind]),
    );
    const thumbnailId =
      changes.thumbnail === undefined
        ? row.thumbnail_id
        : await checkThumbnail(actor, changes.thumbnail, row.thumbnail_id);
    const slug = changes.slug ?? row.slug;
    if (slug !== row.slug && (await repo.findTakenSlugs(k, [slug], id)).size > 0) {
      throw slugTaken(slug);
    }

    const write: Partial<repo.ArticleWrite> = {};
    if (slug !== row.slug) write.slug = slug;
    if (textChanged) Object.assign(write, textColumns(text));
    if (status !== row.status) write.status = status;
    if (after.publishDate !== before.publishDate) write.publish_date = after.publishDate;
    if (thumbnailId !== row.thumbnail_id) write.thumbnail_id = thumbnailId;
    // Nothing new: no write, same version (an autosave of unchanged text costs two reads).
    if (Object.keys(write).length === 0 && !termsChanged) return present(row, termRows);

    // Every save moves the version forward, even two saves in the same millisecond.
    const next = new Date(Math.max(at.getTime(), Date.parse(row.updated_at) + 1)).toISOString();
    const action = transition(before, after);
    await guardSlug(slug, () =>
      k.transaction().execute(async (trx) => {
        if (!(await repo.updateArticle(trx, id, write, { seen: row.updated_at, next }))) {
          throw new ConflictError("The article was changed by another save: reload it first");
        }
        if (termsChanged) await writeArticleTerms(trx, id, names);
        if (textChanged) {
          await repo.insertRevision(trx, { articleId: id, ...text, savedBy: actor.id }, next);
        }
        if (action) {
          await auditArticle(trx, actor, action, id, next, {
            slug,
            title: text.title,
            from: before.state,
            to: after.state,
            publishDate: after.publishDate,
          });
        }
      }),
    );
    if (textChanged || termsChanged) await index(id, text);
    if (row.status === "published" || status === "published") watch.changed();
    return present(await load(id));
  }

  return {
    async create(actor, input) {
      authorize(actor, "article.create");
      const status = input.status ?? "draft";
      if (status === "published") authorize(actor, "article.publish");
      const at = now();
      const slug = input.slug ?? (await freeSlug(input.title));
      if (input.slug && (await repo.findTakenSlugs(k, [slug], null)).size > 0) {
        throw slugTaken(slug);
      }
      const thumbnailId =
        input.thumbnail === undefined || input.thumbnail === null
          ? null
          : await checkThumbnail(actor, input.thumbnail, null);
      const text = {
        title: input.title,
        subTitle: input.subTitle ?? "",
        content: input.content ?? "",
      };
      const publishDate = iso(input.publishDate ?? at);
      const stamp = at.toISOString();
      const after = { state: articleState(status, publishDate, at), publishDate };
      const action = transition(null, after);
      const id = await guardSlug(slug, () =>
        k.transaction().execute(async (trx) => {
          const id = await repo.insertArticle(
            trx,
            {
              slug,
              ...textColumns(text),
              publish_date: publishDate,
              thumbnail_id: thumbnailId,
              status,
              author_id: actor.id,
            },
            stamp,
          );
          await writeArticleTerms(trx, id, {
            types: input.types ?? [],
            categories: input.categories ?? [],
            tags: input.tags ?? [],
            ecosystems: input.ecosystems ?? [],
          });
          await repo.insertRevision(trx, { articleId: id, ...text, savedBy: actor.id }, stamp);
          if (action) {
            const details = { slug, title: text.title, from: null, to: after.state, publishDate };
            await auditArticle(trx, actor, action, id, stamp, details);
          }
          return id;
        }),
      );
      await index(id, text);
      if (status === "published") watch.changed();
      return present(await load(id));
    },

    update,

    async remove(actor, id) {
      const row = await load(id);
      authorize(actor, "article.delete", facts(row));
      const gone = await present(row);
      const at = now();
      await k.transaction().execute(async (trx) => {
        if (!(await repo.deleteArticle(trx, id))) throw new NotFoundError("Article not found");
        await auditArticle(trx, actor, "article.delete", id, at.toISOString(), {
          slug: row.slug,
          title: row.title,
          state: gone.attributes.state,
        });
      });
      await search.remove(id);
      if (row.status === "published") watch.changed();
      return gone;
    },

    async get(actor, id) {
      const row = await load(id);
      authorize(actor, "article.read", facts(row));
      return present(row);
    },

    async list(actor, query) {
      authorize(actor, "article.list");
      const authorId = can(actor, "article.publish") ? query.authorId : actor.id;
      const at = now();
      const { rows, total } = await repo.listArticles(
        k,
        { q: query.q, state: query.status, type: query.type, authorId },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
        at.toISOString(),
      );
      const terms = await repo.findTerms(
        k,
        rows.map((r) => r.id),
      );
      return {
        data: rows.map((r) =>
          toSummary(
            r,
            terms.filter((t) => t.article_id === r.id),
            at,
          ),
        ),
        meta: { pagination: paginationMeta(query.page, query.pageSize, total) },
      };
    },

    async listRevisions(actor, id) {
      authorize(actor, "article.read", facts(await load(id)));
      return (await repo.listRevisions(k, id)).map(toRevision);
    },

    async getRevision(actor, id, revisionId) {
      authorize(actor, "article.read", facts(await load(id)));
      const row = await repo.findRevision(k, id, revisionId);
      if (!row) throw new NotFoundError("Revision not found");
      return { ...toRevision(row), content: row.content ?? "" };
    },

    async restoreRevision(actor, id, revisionId) {
      authorize(actor, "article.edit", facts(await load(id)));
      const revision = await repo.findRevision(k, id, revisionId);
      if (!revision) throw new NotFoundError("Revision not found");
      return update(actor, id, {
        title: revision.title,
        subTitle: revision.sub_title,
        content: revision.content ?? "",
      });
    },

    async stats(actor, id) {
      const row = await load(id);
      authorize(actor, "article.read", facts(row));
      const today = now();
      const days = Array.from({ length: STATS_DAYS }, (_, i) =>
        new Date(today.getTime() - (STATS_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
      );
      const from = days[0] as string;
      const to = days[days.length - 1] as string;
      const [daily, recent] = await Promise.all([
        deps.analytics.dailyViews(`/p/${row.slug}`, from, to),
        repo.countRecentReactions(k, id, `${from}T00:00:00.000Z`),
      ]);
      const byDay = new Map(daily.map((d) => [d.day, d]));
      return {
        from,
        to,
        views: daily.reduce((n, d) => n + d.views, 0),
        visitors: daily.reduce((n, d) => n + d.visitors, 0),
        ...recent,
        daily: days.map((day) => ({ day, views: byDay.get(day)?.views ?? 0 })),
      };
    },
  };
}
