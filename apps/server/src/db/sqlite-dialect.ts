// Kysely's SQLite dialect with every bound value written `+?`, so that binding a value never makes
// SQLite prepare the statement again.
import { type QueryCompiler, SqliteDialect, SqliteQueryCompiler } from "kysely";

/**
 * Writes each parameter as `+?`. SQLite (built with SQLITE_ENABLE_STAT4, as better-sqlite3 is)
 * marks a statement for re-preparation on the next bind when the planner looked at a bare
 * parameter: `LIMIT ?`/`OFFSET ?` around the values 0 and 1, and parameters it compares with
 * other expressions (joins, partial indexes, LIKE prefixes); see `sqlite3VdbeReprepareOnBind` in
 * sqlite3.c. Re-preparing runs the query planner again on each execution and costs more than
 * most of our reads themselves (a join by primary key: 14.5 µs with `?`, 2.3 µs with `+?`). The
 * unary plus is a no-op on the value and a parameter has no affinity nor collation either way
 * (https://sqlite.org/datatype3.html#affinity_of_expressions), so results are unchanged and
 * indexes still apply; what is lost is planning by the bound value (STAT4 samples, which we do not
 * collect, and the LIKE-prefix optimisation, which needs a case-sensitive LIKE we do not use).
 */
class StablePlanQueryCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return "+?";
  }
}

/** `SqliteDialect` compiling with `StablePlanQueryCompiler`. */
export class StablePlanSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new StablePlanQueryCompiler();
  }
}
