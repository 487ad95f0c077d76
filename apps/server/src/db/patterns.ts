// Case-insensitive text matching shared by the queries that search or filter text (studio lists,
// members, subscribers, article terms and authors, Strapi filters). Both sides are lowered by the
// database itself, so a value and a column always fold alike: SQLite's lower() folds ASCII only,
// and lowering one side in JavaScript made "Énergie" unable to match "Énergie" there.
import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Dialect } from "./client.ts";

/** `text` with `\`, `%` and `_` escaped, to match literally in a LIKE pattern with `escape '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `lower(x)` of a bound text value; the cast settles PostgreSQL's type for the parameter. */
export function lowerText(value: string): RawBuilder<string> {
  return sql<string>`lower(cast(${value} as text))`;
}

/**
 * `lower(column) like lower(pattern) escape '\'`: a case-insensitive LIKE with a pattern built from
 * escaped text (`escapeLike`), the pattern a bound parameter.
 */
export function likeText(column: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${lowerText(pattern)} escape '\\'`;
}

/** True where `column` contains `text` literally, in any case (`likeText` of `%text%`). */
export function containsText(column: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return likeText(column, `%${escapeLike(text)}%`);
}

/** True where `column` equals one of `values` in any case: `lower(column) in (lower(?), …)`. */
export function equalsTextIn(column: Expression<unknown>, values: string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) in (${sql.join(values.map(lowerText))})`;
}

/**
 * The SQLite FTS5 trigram tables, each over one table's text columns: `article_titles` (title)
 * and `member_names` (username, email) of migration 029, `article_texts` (sub_title, slug,
 * excerpt) of migration 033.
 */
export type TrigramIndex = "article_titles" | "member_names" | "article_texts";

/**
 * True where one of `columns` contains `text` (`containsText` of each, or'd), found through the
 * engine's index of those columns (migrations 029 and 033) instead of reading every row: on
 * PostgreSQL the GIN trigram indexes serve `containsText` as it is; on SQLite the rows come from
 * the FTS5 trigram table `index.table` (rowids matching `text` as a phrase, any case; only in its
 * column `index.column` when given), then `containsText` keeps exactly its own answer. A `text`
 * under 3 characters has no trigram: every row is read. `index.id` is the id column
 * `index.table`'s rowids are (`u.id`, `a.id`).
 */
export function containsTextIndexed(
  dialect: Dialect,
  columns: Expression<unknown>[],
  text: string,
  index: { table: TrigramIndex; id: Expression<number>; column?: string },
): RawBuilder<SqlBool> {
  const any = sql<SqlBool>`(${sql.join(
    columns.map((c) => containsText(c, text)),
    sql` or `,
  )})`;
  if (dialect !== "sqlite" || [...text].length < 3) return any;
  const phrase = `${index.column ? `{${index.column}} : ` : ""}"${text.replaceAll('"', '""')}"`;
  const fts = sql.table(index.table);
  return sql<SqlBool>`(${index.id} in (select rowid from ${fts} where ${fts} match ${phrase}) and ${any})`;
}
