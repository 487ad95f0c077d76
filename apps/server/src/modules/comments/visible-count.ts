// What readers count as an article's comments (docs/product/reader.md#comment-thread), as SQL, so
// the cards' and article page's `commentCount` and the thread's count call give one figure.
import { type RawBuilder, sql } from "kysely";

/**
 * The number of comments a reader can read of the article `articleId` (a column reference such as
 * `sql.ref("a.id")`, or a bound value): not deleted, and neither hidden nor under a hidden comment
 * (a recursive walk down from the visible top-level comments, started only for an article that
 * has comments; a deleted comment's replies still count). Runs on SQLite and PostgreSQL.
 */
export function visibleCommentCount(articleId: RawBuilder<unknown> | number): RawBuilder<number> {
  return sql<number>`(case when exists (
    select 1 from comments as c where c.article_id = ${articleId}
  ) then (
    with recursive visible(id, deleted_at) as (
      select c.id, c.deleted_at from comments as c
      where c.article_id = ${articleId} and c.parent_id is null and c.hidden_at is null
      union all
      select c.id, c.deleted_at from comments as c
      join visible as v on c.parent_id = v.id
      where c.hidden_at is null
    )
    select count(*) from visible where deleted_at is null
  ) else 0 end)`;
}
