// An article's search and social fields (docs/product/studio.md#studio-seo): what search engines
// and link previews show, and where the article was first published.
import type { Kysely } from "kysely";

/**
 * Adds `articles.meta_title`, `meta_description` and `canonical_url`, null for every article
 * until an editor sets them (the page then uses the title, the subtitle or excerpt, and its own
 * address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["meta_title", "meta_description", "canonical_url"]) {
    await db.schema.alterTable("articles").addColumn(column, "text").execute();
  }
}
