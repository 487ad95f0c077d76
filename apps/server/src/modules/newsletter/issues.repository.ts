// Kysely queries for newsletter issues: drafts, their articles, the send and cancel transitions,
// the public archive and the click redirects.
import type { Kysely, Selectable } from "kysely";
import type { IssueStatus } from "@pragmatist/contracts";
import type { Database, NewsletterIssuesTable } from "../../db/schema.ts";

type Q = Kysely<Database>;

/** An issue as stored, with its author's name. */
export type IssueRow = Selectable<NewsletterIssuesTable> & { created_by_name: string | null };

const issueColumns = [
  "i.id",
  "i.slug",
  "i.subject",
  "i.intro",
  "i.kind",
  "i.status",
  "i.html",
  "i.text",
  "i.created_by",
  "i.sent_by",
  "i.created_at",
  "i.updated_at",
  "i.send_started_at",
  "i.sent_at",
  "i.cancelled_at",
] as const;

const issues = (db: Q) =>
  db
    .selectFrom("newsletter_issues as i")
    .leftJoin("users as u", "u.id", "i.created_by")
    .select([...issueColumns, "u.username as created_by_name"]);

/** The issue with this id, or null. */
export async function findIssue(db: Q, id: number): Promise<IssueRow | null> {
  return (await issues(db).where("i.id", "=", id).executeTakeFirst()) ?? null;
}

/** The issue with this slug whose send has started (sending, sent or cancelled), or null. */
export async function findStartedIssue(db: Q, slug: string): Promise<IssueRow | null> {
  const row = await issues(db)
    .where("i.slug", "=", slug)
    .where("i.send_started_at", "is not", null)
    .executeTakeFirst();
  return row ?? null;
}

/** A page of issues, newest first; `status` filters. */
export async function listIssues(
  db: Q,
  filter: { status?: IssueStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: IssueRow[]; total: number }> {
  let count = db.selectFrom("newsletter_issues as i");
  let list = issues(db);
  if (filter.status) {
    count = count.where("i.status", "=", filter.status);
    list = list.where("i.status", "=", filter.status);
  }
  const [n, rows] = await Promise.all([
    count.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    list.orderBy("i.id", "desc").limit(page.limit).offset(page.offset).execute(),
  ]);
  return { rows, total: Number(n.n) };
}

/** The archive: issues that went out (sending or sent), newest send first. */
export async function listArchive(
  db: Q,
  page: { limit: number; offset: number },
): Promise<{ rows: IssueRow[]; total: number }> {
  const out = ["sending", "sent"] as const;
  const [n, rows] = await Promise.all([
    db
      .selectFrom("newsletter_issues as i")
      .where("i.status", "in", out)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    issues(db)
      .where("i.status", "in", out)
      .orderBy("i.send_started_at", "desc")
      .orderBy("i.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { rows, total: Number(n.n) };
}

/** Slugs of issues equal to `stem` or `stem-<n>`, for choosing a free one. */
export async function findSlugsLike(db: Q, stem: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("newsletter_issues")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", stem), eb("slug", "like", `${stem}-%`)]))
    .execute();
  return new Set(rows.map((r) => r.slug));
}

/** Inserts a draft and its articles (in order); returns its id. */
export async function insertDraft(
  db: Q,
  draft: Pick<NewsletterIssuesTable, "slug" | "subject" | "intro" | "kind" | "created_by"> & {
    articleIds: number[];
    now: string;
  },
): Promise<number> {
  const { articleIds, now, ...fields } = draft;
  const row = await db
    .insertInto("newsletter_issues")
    .values({ ...fields, status: "draft", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await setArticles(db, row.id, articleIds);
  return row.id;
}

/** Replaces the articles of issue `issueId` with `articleIds`, in that order. */
export async function setArticles(db: Q, issueId: number, articleIds: number[]): Promise<void> {
  await db.deleteFrom("newsletter_issue_articles").where("issue_id", "=", issueId).execute();
  if (articleIds.length === 0) return;
  await db
    .insertInto("newsletter_issue_articles")
    .values(articleIds.map((article_id, position) => ({ issue_id: issueId, article_id, position })))
    .execute();
}

/** Changes a draft's fields; false when the issue is not (or no longer) a draft. */
export async function updateDraft(
  db: Q,
  id: number,
  set: Partial<Pick<NewsletterIssuesTable, "slug" | "subject" | "intro">> & { updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_issues")
    .set(set)
    .where("id", "=", id)
    .where("status", "=", "draft")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a draft (its articles go with it); false when it is not a draft. */
export async function deleteDraft(db: Q, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("newsletter_issues")
    .where("id", "=", id)
    .where("status", "=", "draft")
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The send's compare-and-set: draft → sending with the sender and the frozen rendering. Of
 * several processes asked at once, exactly one gets true.
 */
export async function startSending(
  db: Q,
  id: number,
  input: { sentBy: number; html: string; text: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_issues")
    .set({
      status: "sending",
      sent_by: input.sentBy,
      html: input.html,
      text: input.text,
      send_started_at: input.now,
      updated_at: input.now,
    })
    .where("id", "=", id)
    .where("status", "=", "draft")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** sending → cancelled; false when the issue is not sending. */
export async function markCancelled(db: Q, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_issues")
    .set({ status: "cancelled", cancelled_at: now, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An article as an issue uses it: enough for the mail, the studio and the web version. */
export interface IssueArticleRow {
  issue_id: number;
  id: number;
  slug: string;
  title: string;
  sub_title: string;
  content: string;
  body: number;
  excerpt: string;
  status: string;
  publish_date: string;
  thumbnail_url: string | null;
  thumbnail_width: number | null;
  thumbnail_height: number | null;
}

/** The articles of each of `issueIds`, in each issue's order. */
export async function findIssueArticles(db: Q, issueIds: number[]): Promise<IssueArticleRow[]> {
  if (issueIds.length === 0) return [];
  return db
    .selectFrom("newsletter_issue_articles as ia")
    .innerJoin("articles as a", "a.id", "ia.article_id")
    .leftJoin("media as m", "m.id", "a.thumbnail_id")
    .select([
      "ia.issue_id",
      "a.id",
      "a.slug",
      "a.title",
      "a.sub_title",
      "a.content",
      "a.body",
      "a.excerpt",
      "a.status",
      "a.publish_date",
      "m.url as thumbnail_url",
      "m.width as thumbnail_width",
      "m.height as thumbnail_height",
    ])
    .where("ia.issue_id", "in", issueIds)
    .orderBy("ia.issue_id")
    .orderBy("ia.position")
    .execute();
}

/** Of `ids`, the articles that exist, with their status and publish date. */
export async function findArticleStates(
  db: Q,
  ids: number[],
): Promise<{ id: number; title: string; status: string; publish_date: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("articles")
    .select(["id", "title", "status", "publish_date"])
    .where("id", "in", ids)
    .execute();
}

/** Ids of articles published in [`from`, `to`], newest first, at most `limit`. */
export async function findPublishedBetween(
  db: Q,
  range: { from: string; to: string; limit: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom("articles")
    .select("id")
    .where("status", "=", "published")
    .where("publish_date", ">=", range.from)
    .where("publish_date", "<=", range.to)
    .orderBy("publish_date", "desc")
    .orderBy("id", "desc")
    .limit(range.limit)
    .execute();
  return rows.map((r) => r.id);
}
