// A report's note: what a member wrote with the reason "other"
// (docs/product/reader.md#comment-actions).
import type { Kysely } from "kysely";

/**
 * Adds `comment_reports.note`. From now on `reason` holds one of contracts `reportReasons`
 * (spam, harassment, off-topic, other) and `note` the optional words with "other"; reports made
 * before keep their free-text `reason` and no note.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("comment_reports").addColumn("note", "text").execute();
}
