// Kysely queries for "Read next" (docs/product/reader.md#read-next): the published articles that
// share the most terms with an article, from the newest few of each of its terms.
import { type Kysely, sql } from "kysely";
import type { Database, TermKind } from "../../db/schema.ts";

type Q = Kysely<Database>;

/** The kinds of terms that make two articles related, in the order they weigh. */
export const RELATING_KINDS = ["tag", "category", "ecosystem"] as const satisfies TermKind[];

/**
 * How many of each term's articles are candidates: its newest by id (the order they were written
 * in), so an article's candidates are at most this many per term, whatever the archive's size.
 */
export const TERM_POOL = 50;

/** An article's terms that relate it to others: their ids and kinds. */
export function findRelatingTerms(
  db: Q,
  articleId: number,
): Promise<{ id: number; kind: TermKind }[]> {
  return db
    .selectFrom("article_terms as at")
    .innerJoin("terms as t", "t.id", "at.term_id")
    .select(["t.id", "t.kind"])
    .where("at.article_id", "=", articleId)
    .where("t.kind", "in", RELATING_KINDS)
    .execute();
}

/**
 * Up to `limit` published articles (at `now`) other than `articleId` among the TERM_POOL newest of
 * each of `terms`, by how many tags they share with it, then categories, then ecosystems, then
 * newest publish date (ties: newest id). Each term's pool is a range of `article_terms_term_article`
 * (migration 031); the pools are joined to their articles by id. Empty when `terms` is.
 */
export async function findSharingTerms(
  db: Q,
  articleId: number,
  terms: { id: number; kind: TermKind }[],
  now: string,
  limit: number,
): Promise<number[]> {
  const [first, ...rest] = terms.map((term) => {
    const pool = db
      .selectFrom("article_terms as n")
      .select("n.article_id")
      .where("n.term_id", "=", term.id)
      .orderBy("n.article_id", "desc")
      .limit(TERM_POOL);
    // Each pool is a derived table: SQLite takes no ORDER BY or LIMIT on a compound's own arms.
    return db
      .selectFrom(pool.as("p"))
      .select("p.article_id")
      .select(RELATING_KINDS.map((kind) => sql.lit(kind === term.kind ? 1 : 0).as(kind)));
  });
  if (!first) return [];
  const pools = rest.reduce((all, pool) => all.unionAll(pool), first);
  const rows = await db
    .selectFrom(pools.as("c"))
    .innerJoin("articles as a", "a.id", "c.article_id")
    .where("a.status", "=", "published")
    .where("a.publish_date", "<=", now)
    .where("a.id", "<>", articleId)
    .select("a.id")
    .groupBy(["a.id", "a.publish_date"])
    .orderBy((eb) => eb.fn.sum("c.tag"), "desc")
    .orderBy((eb) => eb.fn.sum("c.category"), "desc")
    .orderBy((eb) => eb.fn.sum("c.ecosystem"), "desc")
    .orderBy("a.publish_date", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
