// Full-text search: FTS5 tables on SQLite; a weighted tsvector table and a trigram-indexed word list on PostgreSQL.
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Creates the search index tables (empty; the search service fills them, see rebuild()).
 * SQLite: articles_fts (porter-stemmed FTS5, contentless with deletes, rowid = article id),
 * articles_fts_words (the unstemmed words, one row per article) read through the fts5vocab table
 * articles_fts_vocab for typo correction, search_state (a change counter for other processes),
 * and a trigger dropping a deleted article from both.
 * PostgreSQL: pg_trgm (in public, tolerating concurrent or earlier creation), search_documents
 * (weights A title, B subtitle and tags, D content; uncompressed; GIN) and search_words (GIN trigram index), with
 * a trigger forgetting a deleted article's document and words.
 * @throws when the engine refuses the DDL (SQLite without FTS5; a PostgreSQL role that may not
 * create pg_trgm).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "sqlite") await upSqlite(db);
  else await upPostgres(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`
    create virtual table articles_fts using fts5(
      title, sub_title, content, tags,
      content = '', contentless_delete = 1,
      tokenize = 'porter unicode61 remove_diacritics 2'
    )
  `.execute(db);
  await sql`
    create virtual table articles_fts_words using fts5(
      words,
      content = '', contentless_delete = 1, detail = none,
      tokenize = 'unicode61 remove_diacritics 2'
    )
  `.execute(db);
  await sql`create virtual table articles_fts_vocab using fts5vocab(articles_fts_words, 'row')`.execute(
    db,
  );
  await sql`
    create table search_state (
      id integer primary key check (id = 1),
      generation integer not null
    )
  `.execute(db);
  await sql`insert into search_state (id, generation) values (1, 0)`.execute(db);
  await sql`
    create trigger articles_search_forget after delete on articles begin
      delete from articles_fts where rowid = old.id;
      delete from articles_fts_words where rowid = old.id;
      update search_state set generation = generation + 1 where id = 1;
    end
  `.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // Extensions are per database: another test schema (or an operator) may have created it, maybe
  // at this very moment. Creating it in public keeps it alive when a test schema is dropped; the
  // block's exception handler is a subtransaction, so losing the race aborts nothing.
  await sql`
    do $$
    begin
      create extension if not exists pg_trgm with schema public;
    exception when unique_violation or duplicate_object then null;
    end
    $$
  `.execute(db);
  await sql`
    create table search_documents (
      article_id integer primary key,
      document tsvector not null,
      words text[] not null
    )
  `.execute(db);
  // Ranking reads every matching tsvector; stored uncompressed, ts_rank over a few thousand
  // articles is several times faster (pglz decompression dominated).
  await sql`alter table search_documents alter column document set storage external`.execute(db);
  await sql`create index search_documents_document on search_documents using gin (document)`.execute(
    db,
  );
  await sql`
    create table search_words (
      word text primary key,
      doc_count integer not null
    )
  `.execute(db);
  await sql`create index search_words_trgm on search_words using gin (word gin_trgm_ops)`.execute(
    db,
  );
  await sql`
    create function search_forget_article() returns trigger language plpgsql as $$
    declare
      gone text[];
    begin
      delete from search_documents where article_id = old.id returning words into gone;
      if gone is not null then
        update search_words set doc_count = doc_count - 1 where word = any(gone);
        delete from search_words where word = any(gone) and doc_count <= 0;
      end if;
      return old;
    end
    $$
  `.execute(db);
  await sql`
    create trigger articles_search_forget after delete on articles
    for each row execute function search_forget_article()
  `.execute(db);
}
