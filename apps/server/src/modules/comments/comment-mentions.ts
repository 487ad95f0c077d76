// The members comments mention (docs/product/reader.md#mentions): who may be mentioned under an
// article, storing whom a comment mentions (`comment_mentions`, migration 027), where each stored
// mention leads when its comment is shown, and the composer's suggestions. The notification mail
// and the studio's moderation lists read the links here too (.dependency-cruiser.cjs).
import { authorSlug, MENTION_SUGGESTIONS_MAX, type MentionSuggestion } from "@pragmatist/contracts";
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import { containsText, escapeLike, likeText } from "../../db/patterns.ts";
import type { Database } from "../../db/schema.ts";
import type { RenderedMention } from "../../text/comment-markdown.ts";
import { findMentions, type MentionCandidate } from "../../text/mentions.ts";

type Q = Kysely<Database>;

/**
 * The members a comment under the article may mention: live authors of its comments that are not
 * deleted, and its author (docs/product/reader.md#mentions). Driven by the article's comments
 * (index comments_article_author), so the cost grows with the thread, not with the members table.
 */
export async function findMentionCandidates(db: Q, articleId: number): Promise<MentionCandidate[]> {
  return db
    .selectFrom(participants(db, articleId).as("p"))
    .innerJoin("users as u", "u.id", "p.id")
    .select(["u.id", "u.username"])
    .where("u.deleted_at", "is", null)
    .execute();
}

/** The ids of the authors of the article's comments that are not deleted, and of the article. */
function participants(db: Q, articleId: number) {
  return db
    .selectFrom("comments as c")
    .select("c.author_id as id")
    .where("c.article_id", "=", articleId)
    .where("c.deleted_at", "is", null)
    .where("c.author_id", "is not", null)
    .union(
      db
        .selectFrom("articles as a")
        .select("a.author_id as id")
        .where("a.id", "=", articleId)
        .where("a.author_id", "is not", null),
    );
}

/**
 * Stores, with `db` (the post's or edit's transaction), the members `comment.content` mentions
 * among `findMentionCandidates` (text/mentions.ts `findMentions`, at most MAX_MENTIONS), in place
 * of any stored before. @returns their ids in the order they first appear.
 */
export async function storeMentions(
  db: Q,
  comment: { id: number; articleId: number; content: string },
): Promise<number[]> {
  await db.deleteFrom("comment_mentions").where("comment_id", "=", comment.id).execute();
  if (!comment.content.includes("@")) return [];
  const ids = findMentions(comment.content, await findMentionCandidates(db, comment.articleId));
  if (ids.length > 0) {
    await db
      .insertInto("comment_mentions")
      .values(ids.map((userId) => ({ comment_id: comment.id, user_id: userId })))
      .execute();
  }
  return ids;
}

/** A member `u` who may be mentioned now: a live account, not banned from commenting. */
const mentionable = sql<SqlBool>`u.deleted_at is null
  and not exists (select 1 from comment_bans as b where b.user_id = u.id)`;

/** Which comments the links are for: these ids, or every comment of one article. */
export type MentionScope = { commentIds: readonly number[] } | { articleId: number };

/**
 * What decides where a mention of member `u` under the article `articleId` (a value, or a column
 * of the query) leads at `now`:
 * whether they have an author page (a published, past-dated article), and their newest comment
 * readers see under the article (not deleted, not hidden; null when none).
 */
function linkColumns(articleId: Expression<number> | number, now: string) {
  return [
    sql<boolean>`exists (select 1 from articles as p where p.author_id = u.id
      and p.status = 'published' and p.publish_date <= ${now})`.as("has_page"),
    sql<number | null>`(select max(o.id) from comments as o where o.article_id = ${articleId}
      and o.author_id = u.id and o.deleted_at is null and o.hidden_at is null)`.as("newest"),
  ] as const;
}

/**
 * A member's mention as the renderer takes it: their author page `/authors/{slug}` when they
 * have one (docs/product/reader.md#author-pages), else their newest comment readers see under
 * the article `/p/{slug}#comment-{id}`; null (shown as text) when neither.
 */
function toLink(row: {
  username: string;
  slug: string;
  has_page: unknown;
  newest: number | null;
}): RenderedMention | null {
  if (row.has_page) return { username: row.username, href: `/authors/${authorSlug(row.username)}` };
  if (row.newest === null) return null;
  return { username: row.username, href: `/p/${row.slug}#comment-${row.newest}` };
}

/**
 * Where the stored mentions of the comments in `scope` lead at `now` (ISO 8601), by comment id
 * (docs/product/reader.md#mentions): each mentioned member's current username and `toLink`'s
 * `href`. A deleted or banned member, or one with no page and no comment readers see there, is
 * left out: their mention shows as text. One statement whatever the comments.
 */
export async function findMentionLinks(
  db: Q,
  scope: MentionScope,
  now: string,
): Promise<Map<number, RenderedMention[]>> {
  if ("commentIds" in scope && scope.commentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("comment_mentions as m")
    .innerJoin("comments as c", "c.id", "m.comment_id")
    .innerJoin("articles as a", "a.id", "c.article_id")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select([
      "m.comment_id",
      "u.username",
      "a.slug",
      ...linkColumns(sql.ref<number>("c.article_id"), now),
    ])
    .where(mentionable)
    .$call((q) =>
      "articleId" in scope
        ? q.where("c.article_id", "=", scope.articleId)
        : q.where("m.comment_id", "in", [...scope.commentIds]),
    )
    .execute();
  const links = new Map<number, RenderedMention[]>();
  for (const row of rows) {
    const link = toLink(row);
    if (link) links.set(row.comment_id, [...(links.get(row.comment_id) ?? []), link]);
  }
  return links;
}

/**
 * The members of `content`'s mentions under the article `articleId` as the renderer would link
 * them at `now`, before anything is stored (the composer's preview): `findMentions` among the
 * candidates, then `toLink` of each mentionable one; none without an article (null).
 */
export async function previewMentionLinks(
  db: Q,
  articleId: number | null,
  content: string,
  now: string,
): Promise<RenderedMention[]> {
  if (articleId === null || !content.includes("@")) return [];
  const ids = findMentions(content, await findMentionCandidates(db, articleId));
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("users as u")
    .innerJoin("articles as a", (j) => j.on("a.id", "=", articleId))
    .select(["u.username", "a.slug", ...linkColumns(articleId, now)])
    .where("u.id", "in", ids)
    .where(mentionable)
    .execute();
  return rows.flatMap((row) => toLink(row) ?? []);
}

/**
 * Up to MENTION_SUGGESTIONS_MAX members `askerId` may mention under the article whose username
 * contains `q` in any case (docs/product/reader.md#mentions): the `findMentionCandidates` rule,
 * without the asker and members banned from commenting; names starting with `q` first, then by
 * name. The candidates are read through the article's comments (index comments_article_author)
 * and cut by the database (LIMIT), so a thread of thousands costs one index range.
 */
export async function suggestMentions(
  db: Q,
  query: { articleId: number; askerId: number; q: string },
): Promise<MentionSuggestion[]> {
  const prefix = likeText(sql.ref("u.username"), `${escapeLike(query.q)}%`);
  // Driven by the participants (a range of comments_article_author), each member then read by
  // its primary key: the members table is never walked, whatever the planner's statistics say.
  const rows = await db
    .selectFrom(participants(db, query.articleId).as("p"))
    .innerJoin("users as u", "u.id", "p.id")
    .leftJoin("media as md", "md.id", "u.profile_picture_id")
    .select(["u.id", "u.username", "md.url as avatar"])
    .where("u.id", "!=", query.askerId)
    .where(mentionable)
    .where(containsText(sql.ref("u.username"), query.q))
    .orderBy(sql`case when ${prefix} then 0 else 1 end`)
    .orderBy(sql`lower(u.username)`)
    .orderBy("u.id")
    .limit(MENTION_SUGGESTIONS_MAX)
    .execute();
  return rows.map((r) => ({ id: r.id, username: r.username, avatar: r.avatar ?? null }));
}
