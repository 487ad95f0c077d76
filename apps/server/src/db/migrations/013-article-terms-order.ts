// An index that hands out an article's terms in their stored order without a sort: every card list
// reads them (modules/articles/article-related.repository.ts `findTerms`).
import type { Kysely } from "kysely";

/**
 * Adds `article_terms_order` on (article_id, position, term_id): it covers `findTerms`' lookup
 * and order, so a page of cards no longer sorts its terms in a temporary B-tree (SQLite's plan
 * for the primary key (article_id, term_id) alone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("article_terms_order")
    .on("article_terms")
    .columns(["article_id", "position", "term_id"])
    .execute();
}
