// Each comment's number of likes kept on its row, so the thread's "best" order is a range of an
// index instead of counting every top-level comment's likes per request
// (docs/product/api.md#api-comments, docs/scale.md).
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Adds `comments.like_count` (the comment's rows in `comment_likes`), fills it, and keeps it so
 * with triggers after every insert into and delete from `comment_likes`, whoever writes them (the
 * like toggle, an account's deletion, an import), on both engines; a PostgreSQL restore loads
 * its data before it creates triggers, so restored counts are not counted twice. Adds
 * `comments_best_order` on (article_id, parent_id, like_count, created_at, id): an article's
 * top-level comments most liked first, then newest, from any cursor.
 * @throws when the engine refuses the DDL.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable("comments")
    .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update comments set like_count =
      (select count(*) from comment_likes l where l.comment_id = comments.id)
  `.execute(db);
  if (dialect === "sqlite") {
    await sql`
      create trigger comment_likes_counted after insert on comment_likes begin
        update comments set like_count = like_count + 1 where id = new.comment_id;
      end
    `.execute(db);
    await sql`
      create trigger comment_likes_uncounted after delete on comment_likes begin
        update comments set like_count = like_count - 1 where id = old.comment_id;
      end
    `.execute(db);
  } else {
    await sql`
      create function comment_like_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update comments set like_count = like_count + 1 where id = new.comment_id;
        else
          update comments set like_count = like_count - 1 where id = old.comment_id;
        end if;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger comment_likes_counted after insert or delete on comment_likes
      for each row execute function comment_like_count()
    `.execute(db);
  }
  await db.schema
    .createIndex("comments_best_order")
    .on("comments")
    .columns(["article_id", "parent_id", "like_count", "created_at", "id"])
    .execute();
}
