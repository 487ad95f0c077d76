// What became of a report (docs/product/studio.md#studio-moderation): open until a moderator
// hides or deletes the comment, resolves the reports or dismisses them; who did and when is kept.
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Adds `comment_reports.outcome` ("hidden", "deleted", "resolved" or "dismissed"; null while the
 * report is open), `resolved_by` (the moderator's user id; null too when the account is gone) and
 * `resolved_at` (ISO 8601). Reports of comments hidden or deleted before are closed with that
 * outcome at the time it happened, by nobody recorded.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const ts = dialect === "sqlite" ? "text" : "timestamptz";
  await db.schema.alterTable("comment_reports").addColumn("outcome", "text").execute();
  await db.schema.alterTable("comment_reports").addColumn("resolved_by", "integer").execute();
  await db.schema.alterTable("comment_reports").addColumn("resolved_at", ts).execute();
  for (const [outcome, column] of [
    ["deleted", "deleted_at"],
    ["hidden", "hidden_at"],
  ] as const) {
    await sql`
      update comment_reports set outcome = ${outcome}, resolved_at = (
        select ${sql.ref(`c.${column}`)} from comments c where c.id = comment_reports.comment_id
      )
      where outcome is null and exists (
        select 1 from comments c
        where c.id = comment_reports.comment_id and ${sql.ref(`c.${column}`)} is not null
      )`.execute(db);
  }
  await db.schema
    .createIndex("comment_reports_open")
    .on("comment_reports")
    .columns(["outcome", "created_at"])
    .execute();
}
