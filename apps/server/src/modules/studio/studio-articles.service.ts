// Rules of writing and publishing in the studio (docs/product/studio.md#studio): drafts, publish,
// unpublish, schedule, delete, revisions, autosave conflicts and per-article stats; every action
// checked by policy.ts. The reads live in studio-articles.reads.ts, the writes in
// studio-articles.writes.ts.
import type {
  ArticleChanges,
  ArticleInput,
  ArticleStats,
  Revision,
  RevisionSummary,
  StudioArticle,
  StudioArticleList,
  StudioArticleQuery,
  StudioTerms,
} from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../access/policy.ts";
import type { ArticlesContext, StudioArticlesDeps } from "./studio-articles.context.ts";
import {
  articleStats,
  getArticle,
  getRevision,
  listArticles,
  listRevisions,
  listTerms,
} from "./studio-articles.reads.ts";
import {
  createArticle,
  removeArticle,
  restoreRevision,
  updateArticle,
} from "./studio-articles.writes.ts";

/** The studio's articles: writes by authors and editors, staff reads, revisions and stats. */
export interface StudioArticlesService {
  /**
   * Writes a new article by `actor` (author, editor, admin), as a draft unless `status` says
   * published (editors only). The slug is made from the title when absent (a free `-2`, `-3` …
   * is appended then); a given slug already in use is a 400. The publish date defaults to now.
   * Keeps revision 1 and indexes the text for search (drafts are never found: visibility is
   * decided when searching). The thumbnail and the social image must be images the author may
   * use (editors: any image; authors: their own uploads and images for articles).
   * @throws 401/403 (policy), ValidationError (slug, thumbnail, socialImage).
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
  /**
   * The categories, tags and ecosystems in use, most used first, for the editor's term fields
   * (docs/product/studio.md#studio-terms). An author sees the terms of live articles and of
   * their own only. @throws 401/403 (policy).
   */
  terms(actor: Actor | null): Promise<StudioTerms>;
}

/**
 * Builds the service over the search index, uploads and analytics; `now` is the injectable clock,
 * `watch` hears of every public change.
 */
export function createStudioArticlesService(
  db: Db,
  deps: StudioArticlesDeps,
): StudioArticlesService {
  const ctx: ArticlesContext = { ...deps, k: db.kysely, dialect: db.dialect };
  return {
    create: (actor, input) => createArticle(ctx, actor, input),
    update: (actor, id, changes) => updateArticle(ctx, actor, id, changes),
    remove: (actor, id) => removeArticle(ctx, actor, id),
    get: (actor, id) => getArticle(ctx, actor, id),
    list: (actor, query) => listArticles(ctx, actor, query),
    listRevisions: (actor, id) => listRevisions(ctx, actor, id),
    getRevision: (actor, id, revisionId) => getRevision(ctx, actor, id, revisionId),
    restoreRevision: (actor, id, revisionId) => restoreRevision(ctx, actor, id, revisionId),
    stats: (actor, id) => articleStats(ctx, actor, id),
    terms: (actor) => listTerms(ctx, actor),
  };
}
