// Trigram indexes on the article texts the public Strapi filters may search besides the title
// (subtitle, slug, excerpt), so a substring filter's total grows with its matches, not the
// archive (docs/scale.md#where-totals).
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../client.ts";
import { trigramTable } from "./029-studio-search-indexes.ts";

/**
 * What `containsTextIndexed` (db/patterns.ts) finds `sub_title`, `slug` and `excerpt` through,
 * by engine:
 * - SQLite: `article_texts`, an FTS5 table with the trigram tokenizer over those three columns
 *   of `articles` (external content, kept by triggers as migration 029's tables are; a filter
 *   matches in its own column only);
 * - PostgreSQL: GIN indexes with `gin_trgm_ops` on `lower(sub_title)`, `lower(slug)` and
 *   `lower(excerpt)`, the expressions `containsText` compares; then `articles` and `users` are
 *   analyzed, so the planner has the statistics of these expressions (and of migration 029's)
 *   before autovacuum's next analyze, which only many changed rows start: without them it read
 *   the published range through the date index instead (an excerpt filter at 20,000 articles:
 *   34 ms instead of 9).
 * @throws when the engine refuses the DDL.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "sqlite") {
    await trigramTable(db, "article_texts", "articles", ["sub_title", "slug", "excerpt"]);
    return;
  }
  for (const column of ["sub_title", "slug", "excerpt"]) {
    await sql`
      create index ${sql.id(`articles_${column}_trgm`)} on articles
      using gin (lower(${sql.ref(column)}) gin_trgm_ops)
    `.execute(db);
  }
  await sql`analyze articles, users`.execute(db);
}
