// Kysely queries for what an article refers to: its thumbnail, author, like, bookmark and comment
// counts and term ids, read as columns of its page's statement, and the terms themselves.
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Dialect } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import type { ArticlesTable, Database, TermKind } from "../../db/schema.ts";

type Q = Kysely<Database>;

/**
 * What a card shows of an article's related rows, read with the article (`relatedColumns`):
 * the thumbnail's media row, the author's username and avatar, the counts, the term ids.
 */
export interface RelatedColumns {
  /** The thumbnail's URL; null without a thumbnail. */
  thumbnail_url: string | null;
  thumbnail_width: number | null;
  thumbnail_height: number | null;
  thumbnail_alternative_text: string | null;
  /** The author's username; null without an author. */
  author_username: string | null;
  /** The media id of the author's avatar. */
  author_avatar_id: number | null;
  author_avatar_url: string | null;
  like_count: number;
  bookmark_count: number;
  /** Comments a reader can read (kept by the comments module, migration 030). */
  comment_count: number;
  /** The article's term ids in their stored order, comma-separated; null without terms. */
  term_ids: string | null;
}

/**
 * What a full article shows of its social image (docs/product/studio.md#studio-seo), read from the
 * media row `social` joined on `a.social_image_id`: all null without one.
 */
export interface SocialImageColumns {
  social_image_url: string | null;
  social_image_width: number | null;
  social_image_height: number | null;
}

/** The select list of `SocialImageColumns`. */
export const socialImageColumns = [
  "social.url as social_image_url",
  "social.width as social_image_width",
  "social.height as social_image_height",
] as const;

/** The tables a page of articles `a` joins to read `relatedColumns`. */
type RelatedTables = Database & {
  a: ArticlesTable;
  thumbnail: Database["media"];
  author: Database["users"];
  avatar: Database["media"];
};

/**
 * The ids of article `a`'s terms in their stored order, comma-separated (null without terms).
 * PostgreSQL orders inside the aggregate; SQLite would sort each article's terms in a temporary
 * B-tree for that, so it aggregates a subquery already in that order (the `article_terms_order`
 * index), an order SQLite keeps for every aggregate but count, min and max (sqlite3.c,
 * tag-select-0230, condition 4).
 */
function termIds(dialect: Dialect) {
  return dialect === "postgres"
    ? sql<string | null>`(select string_agg(cast(at.term_id as text), ',' order by at.position)
        from article_terms as at where at.article_id = a.id)`
    : sql<string | null>`(select group_concat(s.term_id) from (select at.term_id
        from article_terms as at where at.article_id = a.id order by at.position) as s)`;
}

/**
 * The select list of `RelatedColumns` over a page of articles `a` left-joined to its `thumbnail`
 * (media), `author` (users) and the author's `avatar` (media) on `dialect`: counts and term ids
 * are correlated subqueries, so a page and what its cards show are one statement.
 */
export function relatedColumns(dialect: Dialect) {
  return (eb: ExpressionBuilder<RelatedTables, "a" | "thumbnail" | "author" | "avatar">) => {
    const countOf = (table: "article_likes" | "article_bookmarks") =>
      eb
        .selectFrom(`${table} as r`)
        .select((s) => s.fn.countAll<number>().as("n"))
        .whereRef("r.article_id", "=", "a.id")
        .$asScalar()
        .$notNull();
    return [
      "thumbnail.url as thumbnail_url",
      "thumbnail.width as thumbnail_width",
      "thumbnail.height as thumbnail_height",
      "thumbnail.alternative_text as thumbnail_alternative_text",
      "author.username as author_username",
      "avatar.id as author_avatar_id",
      "avatar.url as author_avatar_url",
      countOf("article_likes").as("like_count"),
      countOf("article_bookmarks").as("bookmark_count"),
      "a.comment_count",
      termIds(dialect).as("term_ids"),
    ] as const;
  };
}

/** One term: its kind, shown name and URL slug. */
export interface Term {
  id: number;
  kind: TermKind;
  name: string;
  slug: string;
}

/** One term of an article, with the article's id (`findTerms`). */
export interface TermRow extends Term {
  article_id: number;
}

const termsQuery = prepared((db, v: { ids: number[] }) =>
  db
    .selectFrom("article_terms as at")
    .innerJoin("terms as t", "t.id", "at.term_id")
    .select(["t.id", "at.article_id", "t.kind", "t.name", "t.slug"])
    .where("at.article_id", "in", v.ids)
    .orderBy("at.article_id")
    .orderBy("at.position"),
);

/** Every term of the given articles, in their stored order (the studio's article reads). */
export async function findTerms(db: Q, articleIds: number[]): Promise<TermRow[]> {
  if (articleIds.length === 0) return [];
  return termsQuery(db, { ids: articleIds });
}

const termsByIdQuery = prepared((db, v: { ids: number[] }) =>
  db.selectFrom("terms").select(["id", "kind", "name", "slug"]).where("id", "in", v.ids),
);

/** The terms read so far, per database (`findTermsByIds`). */
const knownTerms = new WeakMap<Q, Map<number, Term>>();

/**
 * The terms with these ids, by id (the map may hold others too; an id with no term is not in
 * it). A term never changes once written (article-writes.repository.ts creates terms and keeps an
 * existing one as it is; nothing deletes one), so each is read once per process and database and
 * remembered; only ids not seen before are read, in one prepared statement.
 */
export async function findTermsByIds(
  db: Q,
  ids: readonly number[],
): Promise<ReadonlyMap<number, Term>> {
  let known = knownTerms.get(db);
  if (!known) {
    known = new Map();
    knownTerms.set(db, known);
  }
  const missing = [...new Set(ids)].filter((id) => !known.has(id));
  if (missing.length > 0) {
    for (const term of await termsByIdQuery(db, { ids: missing })) known.set(term.id, term);
  }
  return known;
}
