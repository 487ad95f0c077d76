// First-party page-view analytics (docs/product/api.md#api-analytics): daily counts per path and
// per referring site, and the day's visitor hashes that de-duplicate them.
import type { Kysely } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Creates `page_views_daily` (one row per UTC day and path: every view, and distinct visitors),
 * `page_view_sources_daily` (one row per day and external referring host) and
 * `page_view_visitors` (the day's (path, visitor hash) pairs; rows of past days are pruned, so no
 * hash outlives its day); plain integers and text, the same on both engines. Drops
 * `article_reads`: an article's reads are now the de-duplicated page views of `/p/{slug}`
 * (modules/analytics), and that table only de-duplicated a day's reads.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("page_views_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("visitors", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("page_views_daily_pk", ["day", "path"])
    .execute();
  await db.schema
    .createTable("page_view_sources_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("page_view_sources_daily_pk", ["day", "source"])
    .execute();
  // `day` leads the key so pruning the past days is a range scan.
  await db.schema
    .createTable("page_view_visitors")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("visitor", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("page_view_visitors_pk", ["day", "path", "visitor"])
    .execute();
  await db.schema.dropTable("article_reads").execute();
}
