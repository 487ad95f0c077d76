// The published library's version, kept by the database itself, so the library memo's check of
// "has the library changed?" is two index seeks whatever the archive's size
// (docs/scale.md#library-memo).
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Adds `library_version` (one row: `version`, a number that only grows), raised by triggers after
 * every write that can change what readers see of the published library, whoever writes it (the
 * studio, an import, a bulk load): an article inserted or deleted while published, and an
 * update of `status`, `publish_date` or `updated_at` (every edit sets it) of an article that was
 * or becomes published. Drafts, clicks and comment counts do not raise it. A scheduled article
 * going out is no write: the memo reads the newest past publish date beside the version
 * (`findLibraryState`).
 * @throws when the engine refuses the DDL.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("library_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await sql`insert into library_version (id, version) values (1, 1)`.execute(db);
  const raise = sql`update library_version set version = version + 1 where id = 1`;
  if (dialect === "sqlite") {
    await sql`
      create trigger library_article_added after insert on articles
      when new.status = 'published' begin ${raise}; end
    `.execute(db);
    await sql`
      create trigger library_article_removed after delete on articles
      when old.status = 'published' begin ${raise}; end
    `.execute(db);
    await sql`
      create trigger library_article_changed
      after update of status, publish_date, updated_at on articles
      when old.status = 'published' or new.status = 'published' begin ${raise}; end
    `.execute(db);
  } else {
    await sql`
      create function library_version_raise() returns trigger language plpgsql as $$
      begin
        ${raise};
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger library_article_added after insert on articles
      for each row when (new.status = 'published') execute function library_version_raise()
    `.execute(db);
    await sql`
      create trigger library_article_removed after delete on articles
      for each row when (old.status = 'published') execute function library_version_raise()
    `.execute(db);
    await sql`
      create trigger library_article_changed
      after update of status, publish_date, updated_at on articles
      for each row when (old.status = 'published' or new.status = 'published')
      execute function library_version_raise()
    `.execute(db);
  }
}
