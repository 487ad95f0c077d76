// Indexes for the studio's lists at the size of a grown publication (docs/scale.md): the article
// list's order, and part of a title, a username or an email found without reading every row.
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * The studio's article order as one expression: a draft's last change, any other article's
 * publish date (studio-articles.repository.ts `listDate`, which must stay the same expression).
 */
const listDate = sql`(case when status = 'draft' then updated_at else publish_date end)`;

/**
 * Adds `articles_studio_order` on (`listDate`, id, status, publish_date, author_id): the studio's
 * article list newest first is a range of it, and its state and author filters read no row.
 * Replaces `users_live_newest` (migration 024) with the same partial index holding `deleted_at`
 * too: SQLite takes an index as covering only when it holds every column a query names, the
 * partial index's own condition included, so counting the live members read each row (100,000
 * rows: 27 ms; 6 ms from the index alone). Then what `containsText` searches, by engine:
 * - SQLite: FTS5 tables with the trigram tokenizer, `article_titles` over articles' titles and
 *   `member_names` over users' usernames and emails (external content: the text stays in its
 *   table), filled now and kept so by triggers after every insert, delete and update of those
 *   columns, whoever writes them. A phrase of 3 characters or more finds the rows containing it
 *   (`trigramCandidates` in db/patterns.ts).
 * - PostgreSQL: GIN indexes with `gin_trgm_ops` (pg_trgm, migration 002) on `lower(title)`,
 *   `lower(username)` and `lower(coalesce(email, ''))`, the expressions `containsText` compares,
 *   which serve its `like` directly.
 * @throws when the engine refuses the DDL.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`
    create index articles_studio_order on articles (${listDate}, id, status, publish_date, author_id)
  `.execute(db);
  await db.schema.dropIndex("users_live_newest").execute();
  await db.schema
    .createIndex("users_live_newest")
    .on("users")
    .columns(["created_at", "id", "deleted_at"])
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
  if (dialect === "postgres") {
    await sql`create index articles_title_trgm on articles using gin (lower(title) gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index users_username_trgm on users using gin (lower(username) gin_trgm_ops)`.execute(
      db,
    );
    await sql`
      create index users_email_trgm on users using gin (lower(coalesce(email, '')) gin_trgm_ops)
    `.execute(db);
    return;
  }
  await trigramTable(db, "article_titles", "articles", ["title"]);
  await trigramTable(db, "member_names", "users", ["username", "email"]);
}

/**
 * An FTS5 trigram table `name` over `columns` of `table` (rowid: its `id`), filled from it and
 * kept in step by triggers (the external content tables of https://sqlite.org/fts5.html). The
 * names are constants of the migrations that call it (this one, 033).
 */
export async function trigramTable(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  const cols = columns.join(", ");
  const values = (row: "new" | "old") => columns.map((c) => `${row}.${c}`).join(", ");
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create virtual table ${name} using fts5(
    ${cols}, content = '${table}', content_rowid = 'id', tokenize = 'trigram'
  )`);
  await run(`insert into ${name} (${name}) values ('rebuild')`);
  const add = `insert into ${name} (rowid, ${cols}) values (new.id, ${values("new")});`;
  const remove = `insert into ${name} (${name}, rowid, ${cols}) values ('delete', old.id, ${values("old")});`;
  await run(`create trigger ${name}_insert after insert on ${table} begin ${add} end`);
  await run(`create trigger ${name}_delete after delete on ${table} begin ${remove} end`);
  await run(`create trigger ${name}_update after update of ${cols} on ${table} begin
    ${remove} ${add}
  end`);
}
