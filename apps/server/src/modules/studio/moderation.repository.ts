// Kysely queries for moderation: the queue of reported comments, what became of reports, and bans
// from commenting.
import type { ReportOutcome } from "@pragmatist/contracts";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

type Q = Kysely<Database>;

/**
 * A comment as moderation lists it, with its author (null fields when the account is gone;
 * `author_banned` is the ban's date), its article, and its reports: how many, how many open, and
 * when the last came (ISO 8601; null without reports).
 */
export interface ModeratedRow {
  comment_id: number;
  content: string;
  created_at: string;
  hidden_at: string | null;
  deleted_at: string | null;
  author_id: number | null;
  author_username: string | null;
  author_deleted_at: string | null;
  author_banned: string | null;
  article_id: number;
  article_slug: string;
  article_title: string;
  report_count: number;
  open_reports: number;
  last_reported_at: string | null;
}

/** Which comments a moderation list holds, and in which order. */
export interface ModeratedFilter {
  /** "open": with a report no moderator answered; "any": reported at all; null: any comment. */
  reports: "open" | "any" | null;
  /** Only comments hidden from readers. */
  hidden: boolean;
  memberId: number | null;
  articleId: number | null;
  /** "reported": most recently reported first; "recent": newest comment first. */
  order: "reported" | "recent";
}

/** Each reported comment's counts: reports, open reports, the last report's time. */
function reportCounts(db: Q) {
  return db
    .selectFrom("comment_reports")
    .select((eb) => [
      "comment_id",
      eb.fn.countAll<number>().as("n"),
      eb.fn
        .sum<number>(sql<number>`case when ${sql.ref("outcome")} is null then 1 else 0 end`)
        .as("open"),
      eb.fn.max("created_at").as("last"),
    ])
    .groupBy("comment_id");
}

/** The comments `filter` selects, with their article, author, ban and report counts. */
function moderated(db: Q, filter: ModeratedFilter) {
  return db
    .selectFrom("comments as c")
    .innerJoin("articles as a", "a.id", "c.article_id")
    .leftJoin(reportCounts(db).as("r"), "r.comment_id", "c.id")
    .$if(filter.reports === "open", (qb) => qb.where("r.open", ">", 0))
    .$if(filter.reports === "any", (qb) => qb.where("r.n", ">", 0))
    .$if(filter.hidden, (qb) => qb.where("c.hidden_at", "is not", null))
    .$if(filter.memberId !== null, (qb) => qb.where("c.author_id", "=", filter.memberId))
    .$if(filter.articleId !== null, (qb) => qb.where("c.article_id", "=", filter.articleId));
}

/** A page of the comments `filter` selects, in its order, and how many there are. */
export async function listModerated(
  db: Q,
  filter: ModeratedFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ModeratedRow[]; total: number }> {
  const [count, rows] = await Promise.all([
    moderated(db, filter)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    moderated(db, filter)
      .leftJoin("users as u", "u.id", "c.author_id")
      .leftJoin("comment_bans as b", "b.user_id", "c.author_id")
      .select([
        "c.id as comment_id",
        "c.content",
        "c.created_at",
        "c.hidden_at",
        "c.deleted_at",
        "c.author_id",
        "u.username as author_username",
        "u.deleted_at as author_deleted_at",
        "b.created_at as author_banned",
        "a.id as article_id",
        "a.slug as article_slug",
        "a.title as article_title",
        "r.n as report_count",
        "r.open as open_reports",
        "r.last as last_reported_at",
      ])
      .$if(filter.order === "reported", (qb) => qb.orderBy("r.last", "desc"))
      .orderBy("c.created_at", "desc")
      .orderBy("c.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      report_count: Number(r.report_count ?? 0),
      open_reports: Number(r.open_reports ?? 0),
      last_reported_at: r.last_reported_at ?? null,
    })),
    total: Number(count.n),
  };
}

/**
 * The reasons given in the reports of these comments, with their notes, newest first (empty
 * reasons left out).
 */
export async function findReasons(
  db: Q,
  commentIds: number[],
): Promise<{ comment_id: number; reason: string; note: string | null }[]> {
  if (commentIds.length === 0) return [];
  const rows = await db
    .selectFrom("comment_reports")
    .select(["comment_id", "reason", "note"])
    .where("comment_id", "in", commentIds)
    .where("reason", "is not", null)
    .where("reason", "<>", "")
    .orderBy("created_at", "desc")
    .execute();
  return rows.flatMap((r) =>
    r.reason ? [{ comment_id: r.comment_id, reason: r.reason, note: r.note }] : [],
  );
}

/** The last answer to reports of each of these comments: outcome, moderator and time. */
export async function findResolutions(
  db: Q,
  commentIds: number[],
): Promise<
  {
    comment_id: number;
    outcome: ReportOutcome;
    resolved_by: number | null;
    resolved_by_username: string | null;
    resolved_at: string;
  }[]
> {
  if (commentIds.length === 0) return [];
  const rows = await db
    .selectFrom("comment_reports as r")
    .leftJoin("users as u", "u.id", "r.resolved_by")
    .select([
      "r.comment_id",
      "r.outcome",
      "r.resolved_by",
      "u.username as resolved_by_username",
      "r.resolved_at",
    ])
    .where("r.comment_id", "in", commentIds)
    .where("r.outcome", "is not", null)
    .orderBy("r.resolved_at", "desc")
    .execute();
  const latest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.comment_id)) latest.set(row.comment_id, row);
  return [...latest.values()].flatMap((r) =>
    r.outcome && r.resolved_at ? [{ ...r, outcome: r.outcome, resolved_at: r.resolved_at }] : [],
  );
}

/**
 * Answers the comment's open reports with `outcome`, by `by` at `at` (ISO 8601).
 * @returns how many reports were open.
 */
export async function answerReports(
  db: Q,
  commentId: number,
  answer: { outcome: ReportOutcome; by: number; at: string },
): Promise<number> {
  const result = await db
    .updateTable("comment_reports")
    .set({ outcome: answer.outcome, resolved_by: answer.by, resolved_at: answer.at })
    .where("comment_id", "=", commentId)
    .where("outcome", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether a comment with this id exists (deleted ones too). */
export async function commentExists(db: Q, commentId: number): Promise<boolean> {
  const row = await db
    .selectFrom("comments")
    .select("id")
    .where("id", "=", commentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's ban, or null. */
export async function findBan(
  db: Q,
  userId: number,
): Promise<{
  user_id: number;
  reason: string;
  banned_by: number | null;
  banned_by_username: string | null;
  created_at: string;
} | null> {
  const row = await db
    .selectFrom("comment_bans as b")
    .leftJoin("users as u", "u.id", "b.banned_by")
    .select([
      "b.user_id",
      "b.reason",
      "b.banned_by",
      "u.username as banned_by_username",
      "b.created_at",
    ])
    .where("b.user_id", "=", userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Bans a member from commenting, or replaces the reason of an existing ban. */
export async function upsertBan(
  db: Q,
  ban: { userId: number; reason: string; bannedBy: number },
  now: string,
): Promise<void> {
  await db
    .insertInto("comment_bans")
    .values({ user_id: ban.userId, reason: ban.reason, banned_by: ban.bannedBy, created_at: now })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet((eb) => ({
        reason: eb.ref("excluded.reason"),
        banned_by: eb.ref("excluded.banned_by"),
        created_at: eb.ref("excluded.created_at"),
      })),
    )
    .execute();
}

/** Lifts a ban. @returns false when the member was not banned. */
export async function deleteBan(db: Q, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("comment_bans")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
