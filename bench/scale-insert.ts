// Bulk inserts for the scale generator: multi-row INSERTs, several to a transaction, through Kysely
// on either engine.
import type { Insertable, Kysely } from "kysely";
import type { Database } from "../apps/server/src/db/schema.ts";

/** Bound parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMETERS_PER_STATEMENT = 30_000;
/** Statements committed together. */
const STATEMENTS_PER_TRANSACTION = 8;

/**
 * A buffer of rows for one table: `add` collects, and every
 * STATEMENTS_PER_TRANSACTION statements' worth of rows (each statement as many rows as fit in
 * PARAMETERS_PER_STATEMENT parameters) is written in one transaction; `flush` writes the rest.
 * `count` is the rows added so far. `parent`, the buffer of the rows these refer to (by foreign
 * key), is flushed before each write.
 */
export function inserter<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  columns: number,
  parent?: { flush(): Promise<void> },
) {
  const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / columns));
  let rows: Insertable<Database[T]>[] = [];
  let count = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    await parent?.flush();
    const batch = rows;
    rows = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < batch.length; i += perStatement) {
        await trx
          .insertInto(table)
          .values(batch.slice(i, i + perStatement) as never)
          .execute();
      }
    });
  };
  return {
    async add(row: Insertable<Database[T]>) {
      rows.push(row);
      count++;
      if (rows.length >= perStatement * STATEMENTS_PER_TRANSACTION) await flush();
    },
    flush,
    get count() {
      return count;
    },
  };
}

/** The next free id of `table` (1 on an empty one): generated rows take explicit ids from it. */
export async function nextId(
  db: Kysely<Database>,
  table: "users" | "articles" | "comments" | "newsletter_subscribers" | "audit_log",
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}
