// Strapi v4's `filters` parameter (`filters[$or][0][title][$containsi]=…`), checked against a
// collection's allow-list of fields, relations and operators and turned into a condition tree
// that the module's repository binds as parameters (docs/product/api.md#api-strapi-query).
import { z } from "zod";
import { MAX_QUERY_LENGTH } from "@pragmatist/contracts";

/** How a field's filter values are read: text as given, numbers, or dates (ISO 8601 out). */
export type FieldType = "text" | "number" | "date";

/** What a collection's `filters` may name: its fields with their types, and relations to filter through. */
export interface FilterSpec {
  fields: Readonly<Record<string, FieldType>>;
  relations?: Readonly<Record<string, FilterSpec>>;
}

/** A filter value after checking: a string, a number, or a date as an ISO 8601 string. */
export type FilterValue = string | number;

/** The operators of Strapi v4's filters that compare one field with one value. */
const scalarOperators = ["$eq", "$ne", "$lt", "$lte", "$gt", "$gte"] as const;
/** The operators that read a list of values ($between: exactly two). */
const listOperators = ["$in", "$notIn", "$between"] as const;
/** The operators on text only: case-insensitive equality and substring tests. */
const textOperators = [
  "$eqi",
  "$nei",
  "$contains",
  "$notContains",
  "$containsi",
  "$notContainsi",
  "$startsWith",
  "$startsWithi",
  "$endsWith",
  "$endsWithi",
] as const;
/** The operators that test for a missing value; their value is `true` or `false`. */
const nullOperators = ["$null", "$notNull"] as const;

/**
 * Every field operator the query language accepts (Strapi v4 REST filters,
 * docs/product/api.md#api-strapi-query).
 */
export const filterOperators = [
  ...scalarOperators,
  ...listOperators,
  ...textOperators,
  ...nullOperators,
] as const;
/** One of `filterOperators`. */
export type FilterOperator = (typeof filterOperators)[number];

/** A checked filter: a tree of `$and`, `$or` and `$not` over field tests and relation tests. */
export type Condition =
  | { kind: "and"; of: Condition[] }
  | { kind: "or"; of: Condition[] }
  | { kind: "not"; of: Condition }
  | {
      kind: "field";
      field: string;
      operator: Exclude<FilterOperator, NullOperator | ListOperator>;
      value: FilterValue;
    }
  | { kind: "field"; field: string; operator: ListOperator; value: FilterValue[] }
  | { kind: "field"; field: string; operator: NullOperator; value: boolean }
  | { kind: "relation"; relation: string; where: Condition };

type NullOperator = (typeof nullOperators)[number];
type ListOperator = (typeof listOperators)[number];

/** The most values a list operator takes, and the most tests one `filters` parameter holds. */
const MAX_LIST = 100;
const MAX_TESTS = 50;

type Path = (string | number)[];
/** Where issues go, and how many tests were read so far. */
interface Ctx {
  zod: z.RefinementCtx;
  tests: number;
}

function fail(ctx: Ctx, path: Path, message: string): undefined {
  ctx.zod.addIssue({ code: "custom", path, message });
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** qs gives `a[0]=…&a[1]=…` as an array, or as an object with index keys past its array limit. */
function asList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Object.keys(value).every((k) => /^\d+$/.test(k))) {
    return Object.values(value);
  }
  return undefined;
}

/** One value of `field` read as its type, or an issue at `path`. */
function readValue(ctx: Ctx, path: Path, field: string, type: FieldType, raw: unknown) {
  if (typeof raw !== "string") return fail(ctx, path, `${field}: expected one value`);
  if (type === "text") {
    return raw.length <= MAX_QUERY_LENGTH
      ? raw
      : fail(ctx, path, `${field}: at most ${MAX_QUERY_LENGTH} characters`);
  }
  if (type === "number") {
    return /^-?\d{1,15}(\.\d{1,6})?$/.test(raw)
      ? Number(raw)
      : fail(ctx, path, `${field}: expected a number`);
  }
  const time = /^\d{4}-\d{2}-\d{2}/.test(raw) ? Date.parse(raw) : Number.NaN;
  return Number.isFinite(time)
    ? new Date(time).toISOString()
    : fail(ctx, path, `${field}: expected an ISO 8601 date`);
}

/** `field operator raw` as a test, or issues at `path` (unknown operator, wrong type, bad value). */
function fieldTest(
  ctx: Ctx,
  path: Path,
  field: string,
  type: FieldType,
  operator: string,
  raw: unknown,
): Condition | undefined {
  if (++ctx.tests > MAX_TESTS) return fail(ctx, path, `At most ${MAX_TESTS} filter tests`);
  if (!(filterOperators as readonly string[]).includes(operator)) {
    return fail(ctx, path, `Invalid operator ${operator}`);
  }
  const op = operator as FilterOperator;
  if ((textOperators as readonly string[]).includes(op) && type !== "text") {
    return fail(ctx, path, `Operator ${op} applies to text fields only, not ${field}`);
  }
  if (op === "$null" || op === "$notNull") {
    if (raw !== "true" && raw !== "false") return fail(ctx, path, `${op}: expected true or false`);
    return { kind: "field", field, operator: op, value: raw === "true" };
  }
  if (op === "$in" || op === "$notIn" || op === "$between") {
    const list = asList(raw) ?? [raw];
    if (list.length > MAX_LIST) return fail(ctx, path, `${op}: at most ${MAX_LIST} values`);
    if (op === "$between" && list.length !== 2)
      return fail(ctx, path, "$between: expected 2 values");
    const values = list.map((v, i) => readValue(ctx, [...path, i], field, type, v));
    if (values.some((v) => v === undefined)) return undefined;
    return { kind: "field", field, operator: op, value: values as FilterValue[] };
  }
  const value = readValue(ctx, path, field, type, raw);
  return value === undefined ? undefined : { kind: "field", field, operator: op, value };
}

function allOf(of: Condition[]): Condition {
  return of.length === 1 && of[0] ? of[0] : { kind: "and", of };
}

/** The tests on one field: `filters[f]=v` ($eq), `filters[f][0]=…` ($in) or `filters[f][$op]=…`. */
function fieldTests(
  ctx: Ctx,
  path: Path,
  field: string,
  type: FieldType,
  raw: unknown,
): Condition | undefined {
  if (typeof raw === "string") return fieldTest(ctx, path, field, type, "$eq", raw);
  const list = asList(raw);
  if (list) return fieldTest(ctx, path, field, type, "$in", list);
  if (!isRecord(raw)) return fail(ctx, path, `${field}: expected a value or operators`);
  const tests: Condition[] = [];
  for (const [operator, value] of Object.entries(raw)) {
    const test =
      operator === "$not"
        ? notOf(fieldTests(ctx, [...path, operator], field, type, value))
        : fieldTest(ctx, [...path, operator], field, type, operator, value);
    if (test) tests.push(test);
  }
  return allOf(tests);
}

function notOf(of: Condition | undefined): Condition | undefined {
  return of && { kind: "not", of };
}

/** `$and`/`$or`: a list of filter objects, each read in the same scope. */
function groupOf(
  ctx: Ctx,
  path: Path,
  kind: "and" | "or",
  raw: unknown,
  spec: FilterSpec,
): Condition | undefined {
  const list = asList(raw);
  if (!list) return fail(ctx, path, `$${kind}: expected a list of filters`);
  const of = list.map((item, i) => filtersOf(ctx, [...path, i], item, spec));
  if (of.some((c) => c === undefined)) return undefined;
  return { kind, of: of as Condition[] };
}

/** A filter object in the scope of `spec`: its keys are fields, relations, `$and`, `$or`, `$not`. */
function filtersOf(ctx: Ctx, path: Path, raw: unknown, spec: FilterSpec): Condition | undefined {
  if (!isRecord(raw)) return fail(ctx, path, "Filters must be an object of fields");
  const tests: (Condition | undefined)[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const at = [...path, key];
    const type = Object.hasOwn(spec.fields, key) ? spec.fields[key] : undefined;
    const relation =
      spec.relations && Object.hasOwn(spec.relations, key) ? spec.relations[key] : undefined;
    if (key === "$and" || key === "$or")
      tests.push(groupOf(ctx, at, key === "$and" ? "and" : "or", value, spec));
    else if (key === "$not") tests.push(notOf(filtersOf(ctx, at, value, spec)));
    else if (type) tests.push(fieldTests(ctx, at, key, type, value));
    else if (relation) {
      const where = filtersOf(ctx, at, value, relation);
      tests.push(where && { kind: "relation", relation: key, where });
    } else tests.push(fail(ctx, at, `Invalid key ${key}`));
  }
  if (tests.some((c) => c === undefined)) return undefined;
  return allOf(tests as Condition[]);
}

/**
 * The `filters` parameter of a collection as qs parsed it, checked against `spec`: keys are the
 * spec's fields (with `$eq`, `$ne`, `$lt`, `$lte`, `$gt`, `$gte`, `$in`, `$notIn`, `$between`,
 * `$null`, `$notNull`, and on text also `$eqi`, `$nei`, `$contains`, `$notContains`, `$containsi`,
 * `$notContainsi`, `$startsWith`, `$startsWithi`, `$endsWith`, `$endsWithi`), its relations (a
 * filter object in the relation's scope), and `$and`, `$or` (lists) and `$not`, nested freely
 * (Strapi v4 REST API filters, docs/product/api.md#api-strapi-query). Numbers and dates are checked
 * and dates normalised to ISO 8601; at most 50 tests, 100 values a list, 200 characters a value.
 * An unknown key or operator, or a bad value, is an issue naming it at its path (a 400
 * ValidationError); nothing unchecked reaches a query.
 */
export function filtersSchema(spec: FilterSpec) {
  return z
    .record(z.string(), z.unknown())
    .transform((raw, zod) => filtersOf({ zod, tests: 0 }, [], raw, spec) ?? z.NEVER)
    .meta({
      description: `Strapi v4 filters: fields ${Object.keys(spec.fields).join(", ")}${
        spec.relations ? `; relations ${Object.keys(spec.relations).join(", ")}` : ""
      }; operators ${filterOperators.join(" ")}, and $and, $or, $not`,
    });
}
