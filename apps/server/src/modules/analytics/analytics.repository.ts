// Kysely queries for page-view analytics; each takes the db (or a transaction) first.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

type Q = Kysely<Database>;

/**
 * Records one page view in one transaction: remembers (day, path, visitor) unless already seen,
 * adds one to the day's views of the path (and to its visitors when the visitor is new), and one
 * to the day's views from `source` when given. The primary keys make concurrent duplicates safe.
 * @returns true when this visitor had not viewed this path on this day before.
 */
export async function recordView(
  db: Q,
  view: { day: string; path: string; visitor: string; source: string | null },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("page_view_visitors")
      .values({ day: view.day, path: view.path, visitor: view.visitor })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    const isNew = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    await trx
      .insertInto("page_views_daily")
      .values({ day: view.day, path: view.path, views: 1, visitors: isNew ? 1 : 0 })
      .onConflict((oc) =>
        oc.columns(["day", "path"]).doUpdateSet((eb) => ({
          views: eb("page_views_daily.views", "+", 1),
          visitors: eb("page_views_daily.visitors", "+", eb.ref("excluded.visitors")),
        })),
      )
      .execute();
    if (view.source !== null) {
      await trx
        .insertInto("page_view_sources_daily")
        .values({ day: view.day, source: view.source, views: 1 })
        .onConflict((oc) =>
          oc.columns(["day", "source"]).doUpdateSet((eb) => ({
            views: eb("page_view_sources_daily.views", "+", 1),
          })),
        )
        .execute();
    }
    return isNew;
  });
}

/** Deletes the visitor hashes of days before `day` (YYYY-MM-DD); the daily counts stay. */
export async function deleteVisitorsBefore(db: Q, day: string): Promise<void> {
  await db.deleteFrom("page_view_visitors").where("day", "<", day).execute();
}

/** Views and visitors per UTC day of one path between two days (YYYY-MM-DD, inclusive). */
export async function findDailyViews(
  db: Q,
  path: string,
  from: string,
  to: string,
): Promise<{ day: string; views: number; visitors: number }[]> {
  return db
    .selectFrom("page_views_daily")
    .select(["day", "views", "visitors"])
    .where("path", "=", path)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .orderBy("day")
    .execute();
}
