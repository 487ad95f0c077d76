// Display names unique as a reader sees them (docs/product/messages.md#messages-accounts):
// `users.username_key`.
import { type Kysely, sql } from "kysely";
import { nameKey } from "../../text/display-names.ts";

/**
 * Adds `users.username_key` (text/display-names.ts `nameKey`: case, look-alike letters, spacing
 * and punctuation folded) with a unique index; deleted members keep none (they all read "Deleted
 * member"). Existing live members are keyed oldest first; a later member whose name reads like an
 * earlier one's keeps it, keyed with its id appended, so no name changes under anyone while no new
 * member can take it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("username_key", "text").execute();
  const rows = await sql<{ id: number; username: string }>`
    select id, username from users where deleted_at is null order by id`.execute(db);
  const seen = new Set<string>();
  for (const row of rows.rows) {
    const key = nameKey(row.username);
    const unique = seen.has(key) ? `${key}#${row.id}` : key;
    seen.add(unique);
    await sql`update users set username_key = ${unique} where id = ${row.id}`.execute(db);
  }
  await db.schema
    .createIndex("users_username_key")
    .on("users")
    .column("username_key")
    .unique()
    .execute();
}
