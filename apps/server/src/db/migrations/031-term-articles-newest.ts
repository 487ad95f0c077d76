// An index that hands out a term's newest articles without reading all of them: the article page's
// "Read next" reads the newest few of each of its terms (modules/articles/read-next.repository.ts).
import type { Kysely } from "kysely";

/**
 * Replaces `article_terms_term` (term_id) with `article_terms_term_article` on (term_id,
 * article_id): a term's articles, newest id first, are a range of the index and its first rows
 * (docs/product/reader.md#read-next), and every lookup by term the old index served is served by
 * its first column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("article_terms_term_article")
    .on("article_terms")
    .columns(["term_id", "article_id"])
    .execute();
  await db.schema.dropIndex("article_terms_term").execute();
}
