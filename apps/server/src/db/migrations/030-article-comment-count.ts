// Each article's count of the comments readers can read kept on its row, so an article page and
// every card read one column instead of walking the article's whole thread per request
// (docs/decisions/028-reads-that-do-not-grow-with-the-archive.md, docs/scale.md).
import { type Kysely, sql } from "kysely";

/**
 * Adds `articles.comment_count` and fills it with the readers' count of each article's comments
 * (docs/product/reader.md#comment-thread: not deleted, neither hidden nor under a hidden comment;
 * a deleted comment's replies count). From then on the comments module writes it in the
 * transaction of every post, delete, hide and unhide (comment-count.repository.ts `applyVisibility`).
 * The same SQL on SQLite and PostgreSQL. @throws when the engine refuses the DDL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("articles")
    .addColumn("comment_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update articles set comment_count = (
      with recursive visible(id, deleted_at) as (
        select c.id, c.deleted_at from comments as c
        where c.article_id = articles.id and c.parent_id is null and c.hidden_at is null
        union all
        select c.id, c.deleted_at from comments as c
        join visible as v on c.parent_id = v.id
        where c.hidden_at is null
      )
      select count(*) from visible where deleted_at is null
    )
    where exists (select 1 from comments as c where c.article_id = articles.id)
  `.execute(db);
}
