// Likes and bookmarks (docs/product/api.md#api-reactions, docs/product/reader.md#article-bar).
import type {
  BookmarkedArticle,
  LikesBookmarks,
  ToggleBookmarkResponse,
  ToggleLikeResponse,
} from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import { NotFoundError } from "../../errors.ts";
import * as repo from "./reactions.repository.ts";

/**
 * Bookmarks listed on the account page: the old client fetches at most 999
 * (docs/product/limits.md#constants).
 */
export const BOOKMARKS_LIMIT = 999;

/** Likes and bookmarks of articles (reactions.routes.ts, the users module). */
/** A member's marks on one article and its counts (`findReaderMarks`). */
export interface ReaderMarks {
  articleId: number;
  liked: boolean;
  bookmarked: boolean;
  likeCount: number;
  bookmarkCount: number;
}

export interface ReactionsService {
  /**
   * Who liked the article (every member id, earliest first) and the counts. Bookmarks are
   * private: `bookmarkedBy` is `[viewerId]` when the asking member bookmarked it, else `[]`, which
   * is all the old client needs ("is it bookmarked by me", docs/product/api.md#api-reactions).
   * @throws NotFoundError for an unknown, draft or future-dated article.
   */
  likesBookmarks(articleId: number, viewerId: number | null): Promise<LikesBookmarks>;
  /**
   * Likes the article, or takes the like back when there was one. Safe under double clicks and
   * concurrent requests (primary key, no read-then-write).
   * @throws NotFoundError for an unknown, draft or future-dated article.
   */
  toggleLike(userId: number, articleId: number): Promise<ToggleLikeResponse>;
  /** Bookmarks the article or removes the bookmark; as toggleLike. @throws NotFoundError */
  toggleBookmark(userId: number, articleId: number): Promise<ToggleBookmarkResponse>;
  /** The published articles the member bookmarked, newest bookmark first (at most 999). */
  listBookmarks(userId: number): Promise<BookmarkedArticle[]>;
  /**
   * The published article of `slug` (its id), whether the member likes and bookmarked it, and its
   * like and bookmark counts as they are now, for GET /api/viewer (docs/architecture.md#caching),
   * in one query.
   * @returns null for an unknown, draft or future-dated slug.
   */
  findReaderMarks(slug: string, userId: number): Promise<ReaderMarks | null>;
}

/**
 * Builds the reactions service; `now` decides which articles are published yet. A like or a
 * bookmark leaves cached pages alone: their counts may be up to the cache time old (seconds),
 * the reader's own toggle answers the new count, and a member's page reads the current counts
 * from GET /api/viewer (docs/decisions/008-one-public-render.md). Emptying every cache on every
 * like would give the busiest pages no cache at all.
 */
export function createReactionsService(db: Db, deps: { now?: () => Date } = {}): ReactionsService {
  const k = db.kysely;
  const now = () => (deps.now ?? (() => new Date()))().toISOString();

  async function assertPublished(articleId: number): Promise<void> {
    if (!(await repo.isPublished(k, articleId, now()))) {
      throw new NotFoundError("Article not found");
    }
  }

  async function toggle(table: repo.ReactionTable, userId: number, articleId: number) {
    await assertPublished(articleId);
    const present = await repo.toggle(k, table, articleId, userId, now());
    return { present, count: await repo.countFor(k, table, articleId) };
  }

  return {
    async likesBookmarks(articleId, viewerId) {
      await assertPublished(articleId);
      const [likedBy, likeCount, bookmarkCount, mine] = await Promise.all([
        repo.userIdsFor(k, "article_likes", articleId),
        repo.countFor(k, "article_likes", articleId),
        repo.countFor(k, "article_bookmarks", articleId),
        viewerId === null
          ? Promise.resolve(false)
          : repo.hasReacted(k, "article_bookmarks", articleId, viewerId),
      ]);
      return {
        likedBy,
        bookmarkedBy: mine && viewerId !== null ? [viewerId] : [],
        likeCount,
        bookmarkCount,
      };
    },

    async toggleLike(userId, articleId) {
      const { present, count } = await toggle("article_likes", userId, articleId);
      return { liked: present, likeCount: count };
    },

    async toggleBookmark(userId, articleId) {
      const { present, count } = await toggle("article_bookmarks", userId, articleId);
      return { bookmarked: present, bookmarkCount: count };
    },

    async listBookmarks(userId) {
      const rows = await repo.findBookmarkedArticles(k, userId, now(), BOOKMARKS_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        subTitle: r.sub_title,
        slug: r.slug,
        publishDate: r.publish_date,
        bookmarkedAt: r.bookmarked_at,
      }));
    },

    async findReaderMarks(slug, userId) {
      const row = await repo.findReaderMarks(k, slug, userId, now());
      // SQLite answers the flags as 1/0, PostgreSQL as true/false, and its counts as strings.
      return row
        ? {
            articleId: row.id,
            liked: Boolean(row.liked),
            bookmarked: Boolean(row.bookmarked),
            likeCount: Number(row.like_count),
            bookmarkCount: Number(row.bookmark_count),
          }
        : null;
    },
  };
}
