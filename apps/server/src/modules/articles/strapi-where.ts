// Strapi v4 filters and sorts (http/strapi-filters.ts, http/strapi-query.ts) as Kysely SQL: each
// field is a fixed column, each relation a fixed EXISTS subquery, each value a bound parameter.
import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Dialect } from "../../db/client.ts";
import {
  containsTextIndexed,
  escapeLike,
  likeText,
  lowerText,
  type TrigramIndex,
} from "../../db/patterns.ts";
import type { Condition } from "../../http/strapi-filters.ts";
import type { SortTerm } from "../../http/strapi-query.ts";

/** A relation of a scope: its own scope, and the test over the related rows. */
export interface RelationScope {
  scope: WhereScope;
  /**
   * Whether a related row matches `where` (any related row without `where`), true or false, never
   * null: `exists (select … where <link to the outer row> and <where>)`, or the outer row's link
   * column among the ids of the matching rows (one uncorrelated subquery, read once, not per row).
   */
  exists(where?: Expression<SqlBool>): Expression<SqlBool>;
}

/** A field's trigram index (migrations 029 and 033): its table, the column in it, the row id. */
export interface TrigramField {
  table: TrigramIndex;
  /** The column of `table` the field is, when it holds more than one. */
  column?: string;
  /** The SQL reference of the id column `table`'s rowids are (`a.id`). */
  id: string;
}

/** Where a collection's field names point: a column reference per field, a subquery per relation. */
export interface WhereScope {
  /** The SQL reference of each filterable or sortable field, e.g. `{ title: "a.title" }`. */
  columns: Readonly<Record<string, string>>;
  relations?: Readonly<Record<string, RelationScope>>;
  /**
   * The trigram index of a field's column, by field: a test every match of which contains the
   * value (`CONTAINING`) finds its candidates through it (`containsTextIndexed`) instead of
   * testing every row in range, so its count grows with the matches, not the archive.
   */
  trigram?: Readonly<Record<string, TrigramField>>;
}

/**
 * The text operators whose every match contains the value in any case (`$eqi`: equals it), so a
 * trigram index of the column can give their candidates; the operator's own test still decides.
 */
const CONTAINING = new Set([
  "$containsi",
  "$contains",
  "$startsWith",
  "$startsWithi",
  "$endsWith",
  "$endsWithi",
  "$eqi",
]);

type FieldCondition = Extract<Condition, { kind: "field" }>;
type Sql = RawBuilder<SqlBool>;

/** A condition that always holds (an empty `$and`, a relation test with no condition of its own). */
export const TRUE: Sql = sql<SqlBool>`1 = 1`;
const FALSE: Sql = sql<SqlBool>`1 = 0`;

/** Case-sensitive substring, prefix and suffix tests, the same on SQLite and PostgreSQL. */
function textTest(
  col: Sql,
  op: "$contains" | "$startsWith" | "$endsWith",
  v: string,
  dialect: Dialect,
) {
  const length = sql.lit([...v].length);
  if (op === "$startsWith") return sql<SqlBool>`substr(${col}, 1, ${length}) = ${v}`;
  if (op === "$endsWith")
    return sql<SqlBool>`substr(${col}, length(${col}) - ${length} + 1) = ${v}`;
  return dialect === "sqlite"
    ? sql<SqlBool>`instr(${col}, ${v}) > 0`
    : sql<SqlBool>`strpos(${col}, ${v}) > 0`;
}

/**
 * One field test as SQL on `column`, through its trigram index when it has one and the operator
 * is one of `CONTAINING`: the index's candidates (`containsTextIndexed`), then the test itself.
 */
function fieldSql(
  c: FieldCondition,
  column: string,
  dialect: Dialect,
  trigram?: TrigramField,
): Sql {
  const test = plainFieldSql(c, column, dialect);
  if (!trigram || !CONTAINING.has(c.operator)) return test;
  const v = String(c.value);
  const { table, column: indexed } = trigram;
  const index = { table, id: sql.ref<number>(trigram.id), ...(indexed && { column: indexed }) };
  const found = containsTextIndexed(dialect, [sql.ref(column)], v, index);
  return c.operator === "$containsi" ? found : sql<SqlBool>`(${found} and ${test})`;
}

/** One field test as SQL on `column`; operators are fixed fragments, values bound parameters. */
function plainFieldSql(c: FieldCondition, column: string, dialect: Dialect): Sql {
  const col = sql.ref(column) as Sql;
  switch (c.operator) {
    case "$null":
    case "$notNull":
      return (c.operator === "$null") === c.value
        ? sql<SqlBool>`${col} is null`
        : sql<SqlBool>`${col} is not null`;
    case "$in":
      return c.value.length === 0 ? FALSE : sql<SqlBool>`${col} in (${sql.join(c.value)})`;
    case "$notIn":
      return c.value.length === 0 ? TRUE : sql<SqlBool>`${col} not in (${sql.join(c.value)})`;
    case "$between":
      return sql<SqlBool>`${col} between ${c.value[0]} and ${c.value[1]}`;
    case "$eq":
      return sql<SqlBool>`${col} = ${c.value}`;
    case "$ne":
      return sql<SqlBool>`${col} <> ${c.value}`;
    case "$lt":
      return sql<SqlBool>`${col} < ${c.value}`;
    case "$lte":
      return sql<SqlBool>`${col} <= ${c.value}`;
    case "$gt":
      return sql<SqlBool>`${col} > ${c.value}`;
    case "$gte":
      return sql<SqlBool>`${col} >= ${c.value}`;
  }
  const v = String(c.value);
  switch (c.operator) {
    case "$eqi":
      return sql<SqlBool>`lower(${col}) = ${lowerText(v)}`;
    case "$nei":
      return sql<SqlBool>`lower(${col}) <> ${lowerText(v)}`;
    case "$containsi":
      return likeText(col, `%${escapeLike(v)}%`);
    case "$notContainsi":
      return sql<SqlBool>`not (${likeText(col, `%${escapeLike(v)}%`)})`;
    case "$startsWithi":
      return likeText(col, `${escapeLike(v)}%`);
    case "$endsWithi":
      return likeText(col, `%${escapeLike(v)}`);
    case "$notContains":
      return sql<SqlBool>`not (${textTest(col, "$contains", v, dialect)})`;
    default:
      return textTest(col, c.operator, v, dialect);
  }
}

/**
 * What `condition` gives on a row whose every column is null, in SQL's three-valued logic (null:
 * unknown): how a LEFT JOIN's missing related row fares, as Strapi's relation filters read it.
 */
function onNullRow(condition: Condition): boolean | null {
  switch (condition.kind) {
    case "and":
    case "or": {
      const values = condition.of.map(onNullRow);
      const decisive = condition.kind === "and" ? false : true;
      if (values.includes(decisive)) return decisive;
      return values.includes(null) ? null : !decisive;
    }
    case "not": {
      const value = onNullRow(condition.of);
      return value === null ? null : !value;
    }
    case "relation":
      return onNullRow(condition.where);
    case "field":
      if (condition.operator === "$null") return condition.value;
      if (condition.operator === "$notNull") return !condition.value;
      if (condition.operator === "$in" && condition.value.length === 0) return false;
      if (condition.operator === "$notIn" && condition.value.length === 0) return true;
      return null;
  }
}

/**
 * A relation test, with Strapi's LEFT JOIN meaning: a related row matches `where`, or there is no
 * related row and `where` holds on the missing one (`filters[author][id][$null]=true` keeps the
 * articles without an author).
 */
function relationSql(relation: RelationScope, where: Condition, dialect: Dialect): Sql {
  const matched = relation.exists(whereOf(where, relation.scope, dialect));
  return onNullRow(where) === true
    ? sql<SqlBool>`(${matched} or not ${relation.exists()})`
    : (matched as Sql);
}

/**
 * `condition` (checked by http/strapi-filters.ts against the same field names) as a SQL boolean
 * over `scope`: `$and`/`$or`/`$not` as `and`/`or`/`not`, a field test on its column, a relation
 * test as its EXISTS subquery (`relationSql`). Case-insensitive operators compare `lower()` of both sides (ASCII
 * letters only on SQLite, as everywhere in docs/product/api.md#api-articles); `$contains`,
 * `$startsWith` and `$endsWith` are case-sensitive on both engines. Every value is a bound
 * parameter (OWASP SQL Injection Prevention Cheat Sheet, option 1).
 * @throws Error for a field or relation missing from `scope` (a spec and a scope that disagree).
 */
export function whereOf(condition: Condition, scope: WhereScope, dialect: Dialect): Sql {
  switch (condition.kind) {
    case "and":
    case "or": {
      if (condition.of.length === 0) return condition.kind === "and" ? TRUE : FALSE;
      const parts = condition.of.map((c) => whereOf(c, scope, dialect));
      return sql<SqlBool>`(${sql.join(parts, condition.kind === "and" ? sql` and ` : sql` or `)})`;
    }
    case "not":
      return sql<SqlBool>`not (${whereOf(condition.of, scope, dialect)})`;
    case "relation": {
      const relation = scope.relations?.[condition.relation];
      if (!relation) throw new Error(`No relation ${condition.relation} in this scope`);
      return relationSql(relation, condition.where, dialect);
    }
    case "field": {
      const column = scope.columns[condition.field];
      if (!column) throw new Error(`No column for ${condition.field}`);
      return fieldSql(condition, column, dialect, scope.trigram?.[condition.field]);
    }
  }
}

/** `sort` terms as ORDER BY items over `scope`'s columns, then `tiebreak` (unless already sorted on). */
export function orderOf(
  sort: SortTerm[],
  scope: WhereScope,
  tiebreak: { column: string; direction: "asc" | "desc" }[],
): { column: string; direction: "asc" | "desc" }[] {
  const order = sort.map((t) => {
    const column = scope.columns[t.field];
    if (!column) throw new Error(`No column for ${t.field}`);
    return { column, direction: t.direction };
  });
  const used = new Set(order.map((o) => o.column));
  return [...order, ...tiebreak.filter((t) => !used.has(t.column))];
}
