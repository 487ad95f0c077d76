// Kysely queries for a page of a comment thread (docs/product/api.md#api-comment-pages): one level
// by keyset, the replies below it down to a depth, the survivors below deleted comments, and the
// way up from one comment. None reads the whole thread.
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { CommentCursor } from "./comment-cursor.ts";

type Q = Kysely<Database>;

/** One comment of a page's level (top-level comments, or one comment's replies) in its order. */
export interface LevelRow {
  id: number;
  created_at: string;
  deleted_at: string | null;
  likes: number;
}

/** A keyset's columns with the cursor's values, most significant first. */
type Keys = [column: "t.likes" | "t.created_at" | "t.id", value: number | string][];

/**
 * `(k1, k2, …) < (v1, v2, …)` (or `>` ascending), spelled out so both engines use it: rows that
 * come after the cursor in the order.
 */
function afterKeys(
  eb: ExpressionBuilder<{ t: LevelRow }, "t">,
  keys: Keys,
  op: "<" | ">",
): Expression<SqlBool> {
  const [first, ...rest] = keys as [Keys[number], ...Keys];
  const beyond = eb(first[0], op, first[1]);
  if (rest.length === 0) return beyond;
  return eb.or([beyond, eb.and([eb(first[0], "=", first[1]), afterKeys(eb, rest, op)])]);
}

/**
 * One level of a thread after `cursor` (null: from the start), at most `limit` rows: the
 * article's top-level comments in `cursor`'s order (best: likes, then newest; newest; oldest) or
 * the replies of `parent` oldest first. Hidden comments are left out (with them their replies);
 * deleted ones stay (the caller keeps those with a reply readers see). Newest, oldest and replies
 * are a range of an index (migration 023), and so is best (the likes each comment keeps,
 * migration 026).
 */
export async function findLevel(
  db: Q,
  level: { articleId: number; sort: CommentCursor["kind"] } | { parent: number },
  cursor: CommentCursor | null,
  limit: number,
): Promise<LevelRow[]> {
  const best = "articleId" in level && level.sort === "best";
  const rows = db
    .selectFrom("comments as c")
    .select((eb) => [
      "c.id",
      "c.created_at",
      "c.deleted_at",
      best ? eb.ref("c.like_count").as("likes") : sql<number>`0`.as("likes"),
    ])
    .where("c.hidden_at", "is", null)
    .$call((q) =>
      "parent" in level
        ? q.where("c.parent_id", "=", level.parent)
        : q.where("c.article_id", "=", level.articleId).where("c.parent_id", "is", null),
    );
  const desc = "articleId" in level && level.sort !== "oldest";
  const keys: Keys = cursor
    ? [
        ...(best && "likes" in cursor ? ([["t.likes", cursor.likes]] as Keys) : []),
        ["t.created_at", cursor.at],
        ["t.id", cursor.id],
      ]
    : [];
  const dir = desc ? "desc" : "asc";
  const found = await db
    .selectFrom(rows.as("t"))
    .selectAll()
    .$if(keys.length > 0, (q) => q.where((eb) => afterKeys(eb, keys, desc ? "<" : ">")))
    .$if(best, (q) => q.orderBy("t.likes", "desc"))
    .orderBy("t.created_at", dir)
    .orderBy("t.id", dir)
    .limit(limit)
    .execute();
  return found.map((r) => ({ ...r, likes: Number(r.likes) }));
}

/** A comment of a page or below it, as the folding needs it (no text, no author). */
export interface TreeRow {
  id: number;
  parent_id: number | null;
  created_at: string;
  deleted_at: string | null;
}

/**
 * The comments `ids` (`of: "ids"`), or the replies readers may see directly under them (`of:
 * "replies"`: hidden ones left out; on the `comments_replies_order` index), without text.
 */
export async function findTreeRows(
  db: Q,
  ids: number[],
  of: "ids" | "replies",
): Promise<TreeRow[]> {
  if (ids.length === 0) return [];
  const rows = db.selectFrom("comments").select(["id", "parent_id", "created_at", "deleted_at"]);
  return of === "ids"
    ? rows.where("id", "in", ids).execute()
    : rows.where("parent_id", "in", ids).where("hidden_at", "is", null).execute();
}

/**
 * Of the deleted comments `ids`, those with a reply readers read below them (not deleted, and
 * no hidden comment between): they stay as tombstones. Walks down through deleted replies only.
 */
export async function findWithSurvivors(db: Q, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ top: number }>`with recursive d(top, id, deleted_at) as (
      select c.parent_id, c.id, c.deleted_at from comments as c
      where c.parent_id in (${sql.join(ids)}) and c.hidden_at is null
      union all
      select d.top, c.id, c.deleted_at from comments as c join d on c.parent_id = d.id
      where c.hidden_at is null and d.deleted_at is not null
    ) select distinct top from d where deleted_at is null`.execute(db);
  return new Set(rows.map((r) => Number(r.top)));
}

/** A comment on the way from a thread's top-level comment down to a linked one. */
export interface PathRow {
  id: number;
  parent_id: number | null;
  article_id: number;
  hidden_at: string | null;
}

/**
 * The comment `id` and every comment above it, top-level first (a recursive walk up the primary
 * key); empty for an unknown id.
 */
export async function findPath(db: Q, id: number): Promise<PathRow[]> {
  const { rows } = await sql<
    PathRow & { depth: number }
  >`with recursive up(id, parent_id, article_id, hidden_at, depth) as (
      select id, parent_id, article_id, hidden_at, 0 from comments where id = ${id}
      union all
      select p.id, p.parent_id, p.article_id, p.hidden_at, up.depth + 1
      from comments as p join up on p.id = up.parent_id
    ) select id, parent_id, article_id, hidden_at, depth from up order by depth desc`.execute(db);
  return rows.map(({ depth: _depth, ...row }) => row);
}
