// The readers' count of an article's comments, kept on its row (`articles.comment_count`, migration
// 030): its one definition, the whole thread's recount for bulk loads, and what one comment's
// write adds or takes (docs/product/reader.md#comment-thread).
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

type Q = Kysely<Database>;

/**
 * How many comments readers can read from the comments `anchor` selects (a condition on
 * `comments as c`) down (docs/product/reader.md#comment-thread): not deleted, and neither hidden
 * nor under a hidden comment (a recursive walk down from the anchor's comments that are not
 * hidden, so a deleted comment's replies still count). The one definition of the readers' count:
 * an article's (`recountComments`) and a branch's (`applyVisibility`). The same SQL on SQLite and
 * PostgreSQL.
 */
function visibleCount(anchor: RawBuilder<unknown>) {
  return sql<number>`(
  with recursive visible(id, deleted_at) as (
    select c.id, c.deleted_at from comments as c
    where ${anchor} and c.hidden_at is null
    union all
    select c.id, c.deleted_at from comments as c
    join visible as v on c.parent_id = v.id
    where c.hidden_at is null
  )
  select count(*) from visible where deleted_at is null
)`;
}

/**
 * Writes the readers' count of comments (`articles.comment_count`, migration 030) of the
 * articles `articleIds`, or of every article that has comments when null, walking each whole
 * thread: for bulk loads (the benchmarks' generators) at their end. The writes of one comment
 * (`insert`, `softDelete`, `setHidden`) change the count by what they change instead
 * (`applyVisibility`), in their own transaction, so the cards, the article page and the count
 * call read one column.
 */
export async function recountComments(db: Q, articleIds: number[] | null): Promise<void> {
  let update = db
    .updateTable("articles")
    .set({ comment_count: visibleCount(sql`c.article_id = articles.id and c.parent_id is null`) });
  update =
    articleIds === null
      ? update.where(({ exists, selectFrom }) =>
          exists(
            selectFrom("comments as c").select("c.id").whereRef("c.article_id", "=", "articles.id"),
          ),
        )
      : update.where("id", "in", articleIds);
  await update.execute();
}

/**
 * How many of the comment `id` and its ancestors are hidden (a recursive walk up): readers see
 * it only when none is. `id` null (above a top-level comment) counts none.
 */
export function hiddenOnPath(id: number | null) {
  return sql<number>`(with recursive up(id, parent_id, hidden_at) as (
      select id, parent_id, hidden_at from comments where id = ${id}
      union all
      select p.id, p.parent_id, p.hidden_at from comments as p join up on p.id = up.parent_id
    ) select count(*) from up where hidden_at is not null)`;
}

/**
 * Takes the write lock of the article's row (of `target.articleId`, or of the comment
 * `target.commentId`'s article) until the transaction `db` ends: the first statement of every
 * comment write that changes the kept count. On PostgreSQL a concurrent write under the same
 * article waits here, and its later statements (READ COMMITTED reads anew at each) see this one's
 * committed rows: a reply posted while its parent is hidden is counted once, by one of the two,
 * never by both or neither. SQLite's writes are serial already; the statement changes nothing.
 */
export async function lockArticleCount(
  db: Q,
  target: { articleId: number } | { commentId: number },
): Promise<void> {
  const article =
    "articleId" in target
      ? sql<number>`${target.articleId}`
      : sql<number>`(select article_id from comments where id = ${target.commentId})`;
  await db
    .updateTable("articles")
    .set({ comment_count: sql`comment_count` })
    .where("id", "=", article)
    .execute();
}

/**
 * Adds to the kept count of the comment `id`'s article what a write on it changes for readers
 * (the rule of `visibleCount`), when nothing on the path up from `above` (the comment itself for
 * a delete, its parent for an insert, a hide or an unhide) is hidden: `sign` × the branch's
 * visible size as it is at this point of the write (`branch` true: the comment and its visible
 * replies, read before a hide and after an unhide), or `sign` × 1 (`branch` false: one comment
 * posted or deleted). One statement writes the article's row.
 */
export async function applyVisibility(
  db: Q,
  write: { id: number; above: "self" | "parent"; sign: 1 | -1; branch: boolean },
): Promise<void> {
  const own = await db
    .selectFrom("comments")
    .select(["article_id", "parent_id"])
    .where("id", "=", write.id)
    .executeTakeFirst();
  if (!own) return;
  const above = hiddenOnPath(write.above === "self" ? write.id : own.parent_id);
  const size = write.branch ? visibleCount(sql`c.id = ${write.id}`) : sql<number>`1`;
  await db
    .updateTable("articles")
    .set({
      comment_count: sql`comment_count + case when ${above} = 0 then ${sql.lit(write.sign)} * ${size} else 0 end`,
    })
    .where("id", "=", own.article_id)
    .execute();
}

/** How many of the article's comments readers can read (its kept `comment_count`). */
export async function countVisible(db: Q, articleId: number): Promise<number> {
  const row = await db
    .selectFrom("articles")
    .select("comment_count")
    .where("id", "=", articleId)
    .executeTakeFirst();
  return row?.comment_count ?? 0;
}
