// The studio's article list (docs/product/studio.md#studio-articles): any status, filtered,
// newest first by its own date, read through indexes (migration 029, docs/scale.md#library-memo).
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../../db/client.ts";
import { containsTextIndexed } from "../../db/patterns.ts";
import type { Database } from "../../db/schema.ts";
import type { ArticleState } from "@pragmatist/contracts";
import { hasTerm } from "../articles/articles.repository.ts";
import { base, columns, type StudioArticleRow } from "./studio-articles.repository.ts";

type Q = Kysely<Database>;

/** The filters of the studio's article list; absent ones do not filter. */
export interface StudioArticleFilter {
  /** Part of the title, case-insensitive. */
  q?: string | undefined;
  /** The state readers see at `now` (draft, scheduled, published). */
  state?: ArticleState | undefined;
  /** A type term's name ("News", "Research" …). */
  type?: string | undefined;
  authorId?: number | undefined;
}

/**
 * Articles `a` matching `filter` on `dialect`, states decided at `now` (ISO 8601), without the
 * rows they refer to; the title through its trigram index (migration 029).
 */
function filtered(
  db: Q,
  dialect: Dialect,
  filter: StudioArticleFilter,
  now: string,
  inListOrder = false,
) {
  // For a page in list order on SQLite, `+a.status` (a unary plus disqualifies the term from
  // choosing an index: https://sqlite.org/optoverview.html) keeps the planner from taking the
  // published range of articles_published_covering and sorting all of it, so it walks
  // articles_studio_order and stops at the page's end (17,740 published Research articles: 13
  // ms to under 0.1 ms).
  const status =
    inListOrder && dialect === "sqlite" ? sql<string>`+a.status` : sql.ref<string>("a.status");
  let qb = db.selectFrom("articles as a");
  if (filter.q) {
    const index = { table: "article_titles", id: sql.ref<number>("a.id") } as const;
    qb = qb.where(containsTextIndexed(dialect, [sql.ref("a.title")], filter.q, index));
  }
  if (filter.state === "draft") qb = qb.where(status, "=", "draft");
  if (filter.state === "scheduled") {
    qb = qb.where(status, "=", "published").where("a.publish_date", ">", now);
  }
  if (filter.state === "published") {
    qb = qb.where(status, "=", "published").where("a.publish_date", "<=", now);
  }
  if (filter.authorId !== undefined) qb = qb.where("a.author_id", "=", filter.authorId);
  if (filter.type) qb = qb.where(hasTerm("type", [filter.type], "name"));
  return qb;
}

/**
 * The date the studio's list sorts by (docs/product/studio.md#studio-articles): a draft's last
 * change, any other article's publish date (a scheduled one's is ahead, so it comes first). The
 * expression of the index `articles_studio_order` (migration 029), which serves the order only
 * while the two stay the same.
 */
const listDate = sql<string>`case when a.status = 'draft' then a.updated_at else a.publish_date end`;

/**
 * A page of articles in any status matching `filter` on `dialect`, newest first by `listDate`
 * (ties: the later made first), and the total: the page's ids first, read from indexes alone
 * where the filter allows (`articles_studio_order`, `articles_published_covering`), then their
 * rows; the count reads no row either (docs/scale.md).
 */
export async function listArticles(
  db: Q,
  dialect: Dialect,
  filter: StudioArticleFilter,
  page: { limit: number; offset: number },
  now: string,
): Promise<{ rows: StudioArticleRow[]; total: number }> {
  const matches = filtered(db, dialect, filter, now);
  // A title search's matches are gathered first (a materialized CTE), then ordered, rather than
  // walking articles_studio_order until a page of them is found (every newer article, when
  // they are old ones): members.repository.ts does the same.
  const ids = filter.q
    ? db
        .with(
          (w) => w("m").materialized(),
          () => matches.select(["a.id", listDate.as("list_date")]),
        )
        .selectFrom("m")
        .select("m.id")
        .orderBy("m.list_date", "desc")
        .orderBy("m.id", "desc")
        .limit(page.limit)
        .offset(page.offset)
    : filtered(db, dialect, filter, now, true)
        .select("a.id")
        .orderBy(listDate, "desc")
        .orderBy("a.id", "desc")
        .limit(page.limit)
        .offset(page.offset);
  const [count, rows] = await Promise.all([
    matches.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base(db)
      .select(columns)
      .where("a.id", "in", ids)
      .orderBy(listDate, "desc")
      .orderBy("a.id", "desc")
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}
