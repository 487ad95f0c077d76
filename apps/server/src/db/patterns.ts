// Case-insensitive text matching shared by the queries that search or filter text (studio lists,
// members, subscribers, article terms and authors, Strapi filters). Both sides are lowered by the
// database itself, so a value and a column always fold alike: SQLite's lower() folds ASCII only,
// and lowering one side in JavaScript made "Énergie" unable to match "Énergie" there.
import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";

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
