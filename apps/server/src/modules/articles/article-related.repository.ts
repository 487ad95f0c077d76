// Kysely queries for what a page of articles refers to: terms, authors, thumbnails, like, bookmark
// and comment counts, each one prepared statement per page (db/prepared.ts).
import { type Kysely, sql } from "kysely";
import { prepared } from "../../db/prepared.ts";
import type { Database, TermKind } from "../../db/schema.ts";

type Q = Kysely<Database>;

/** The articles (or users, or media) a lookup is for. */
type Ids = { ids: number[] };

/** One term of an article, with its own id and the article's (`findTerms`). */
export interface TermRow {
  id: number;
  article_id: number;
  kind: TermKind;
  name: string;
  slug: string;
}

const termsQuery = prepared((db, v: Ids) =>
  db
    .selectFrom("article_terms as at")
    .innerJoin("terms as t", "t.id", "at.term_id")
    .select(["t.id", "at.article_id", "t.kind", "t.name", "t.slug"])
    .where("at.article_id", "in", v.ids)
    .orderBy("at.article_id")
    .orderBy("at.position"),
);

/** Every term of the given articles, in their stored order. */
export async function findTerms(db: Q, articleIds: number[]): Promise<TermRow[]> {
  if (articleIds.length === 0) return [];
  return termsQuery(db, { ids: articleIds });
}

/** An author's public fields (`findAuthors`); `avatar_id` is the media id of the avatar. */
export interface AuthorRow {
  id: number;
  username: string;
  avatar_id: number | null;
  avatar_url: string | null;
}

const authorsQuery = prepared((db, v: Ids) =>
  db
    .selectFrom("users as u")
    .leftJoin("media as m", "m.id", "u.profile_picture_id")
    .select(["u.id", "u.username", "m.id as avatar_id", "m.url as avatar_url"])
    .where("u.id", "in", v.ids),
);

/** Public author fields (id, username, avatar id and url) for the given user ids. */
export async function findAuthors(db: Q, userIds: number[]): Promise<AuthorRow[]> {
  if (userIds.length === 0) return [];
  return authorsQuery(db, { ids: userIds });
}

/** A thumbnail's URL, size in pixels and alternative text (`findMedia`). */
export interface MediaRow {
  id: number;
  url: string;
  width: number | null;
  height: number | null;
  alternative_text: string | null;
}

const mediaQuery = prepared((db, v: Ids) =>
  db
    .selectFrom("media")
    .select(["id", "url", "width", "height", "alternative_text"])
    .where("id", "in", v.ids),
);

/** Media rows by id. */
export async function findMedia(db: Q, ids: number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return mediaQuery(db, { ids });
}

const reactionCountsQuery = prepared((db, v: Ids) => {
  const likes = db
    .selectFrom("article_likes")
    .select(["article_id", sql<number>`1`.as("l"), sql<number>`0`.as("b")])
    .where("article_id", "in", v.ids);
  const bookmarks = db
    .selectFrom("article_bookmarks")
    .select(["article_id", sql<number>`0`.as("l"), sql<number>`1`.as("b")])
    .where("article_id", "in", v.ids);
  return db
    .selectFrom(likes.unionAll(bookmarks).as("r"))
    .select((eb) => [
      "r.article_id",
      eb.fn.sum<number>("r.l").as("likes"),
      eb.fn.sum<number>("r.b").as("bookmarks"),
    ])
    .groupBy("r.article_id");
});

/** Like and bookmark counts per article. */
export async function findReactionCounts(
  db: Q,
  articleIds: number[],
): Promise<{ article_id: number; likes: number; bookmarks: number }[]> {
  if (articleIds.length === 0) return [];
  return reactionCountsQuery(db, { ids: articleIds });
}

const commentCountsQuery = prepared(
  (_db, v: Ids) => sql<{ article_id: number; n: number }>`
    with recursive visible(id, article_id, deleted_at) as (
      select id, article_id, deleted_at from comments
      where article_id in (${sql.join(v.ids)}) and parent_id is null and hidden_at is null
      union all
      select c.id, c.article_id, c.deleted_at from comments as c
      join visible as v on c.parent_id = v.id
      where c.hidden_at is null
    )
    select article_id, count(*) as n from visible where deleted_at is null group by article_id
  `,
);

/**
 * Comments a reader can read per article (docs/product.md#comment-thread): not deleted, and
 * neither hidden nor under a hidden comment (a recursive walk down from the visible top-level
 * comments; a deleted comment's replies still count). The same figure as
 * GET /api/comment-manager/comments/{slug}/count.
 */
export async function findCommentCounts(
  db: Q,
  articleIds: number[],
): Promise<{ article_id: number; n: number }[]> {
  if (articleIds.length === 0) return [];
  return commentCountsQuery(db, { ids: articleIds });
}
