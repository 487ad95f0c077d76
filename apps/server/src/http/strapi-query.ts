// Strapi v4's REST query language for the public collections: the query string read with qs, then
// pagination, sort, fields and populate checked against the collection's allow-list, and filters
// (strapi-filters.ts); anything unknown is a 400 (docs/product/api.md#api-strapi-query).
import type { FastifyRequest } from "fastify";
import qs from "qs";
import { z } from "zod";
import { MAX_PAGE_SIZE, pageParam, pageSizeParam } from "@pragmatist/contracts";
import { ValidationError } from "../errors.ts";
import { type Condition, type FilterSpec, filtersSchema } from "./strapi-filters.ts";
import { strictQuery } from "./query.ts";

/**
 * How qs may read a query string: 10 levels of brackets (`filters[$or][0][author][username][$eq]`
 * is 5), 100 parameters, lists of at most 100; past a limit it throws instead of cutting silently.
 * qs never writes to prototypes (`allowPrototypes` is off), so `__proto__` keys are dropped.
 */
const QS_OPTIONS = {
  depth: 10,
  strictDepth: true,
  arrayLimit: 100,
  parameterLimit: 100,
  throwOnLimitExceeded: true,
} as const;

/**
 * A route's `preValidation` hook: `request.query` becomes the query string as qs reads it
 * (`pagination[page]=2` is `{ pagination: { page: "2" } }`), as Strapi reads it, so the route's
 * zod schema sees nested objects and lists.
 * @throws ValidationError (400) past the nesting or size limits of `QS_OPTIONS`.
 */
export async function readNestedQuery(request: FastifyRequest): Promise<void> {
  const at = request.url.indexOf("?");
  try {
    request.query = at === -1 ? {} : qs.parse(request.url.slice(at + 1), QS_OPTIONS);
  } catch {
    throw new ValidationError("The query string is nested too deeply or has too many parameters");
  }
}

/** A checked `pagination`: by page (1-based) or by offset (0-based), and whether to count. */
export type Pagination =
  | { kind: "page"; page: number; pageSize: number; withCount: boolean }
  | { kind: "offset"; start: number; limit: number; withCount: boolean };

/** One sort term: a field of the collection and its direction. */
export interface SortTerm {
  field: string;
  direction: "asc" | "desc";
}

/** What `populate` may name under a relation: its fields and its own relations. */
export interface PopulateSpec {
  fields: readonly string[];
  populate?: Readonly<Record<string, PopulateSpec>>;
}

/** A checked `populate`: each relation asked for, with its fields (all when undefined) and relations. */
export interface Populate {
  [relation: string]: { fields: string[] | undefined; populate: Populate };
}

/** A checked query of findOne (`GET /api/{collection}/{id}`). */
export interface StrapiFindOneQuery {
  /** The attributes to answer; all when undefined. */
  fields?: string[] | undefined;
  populate?: Populate | undefined;
}

/** A checked query of find (`GET /api/{collection}`). */
export interface StrapiFindQuery extends StrapiFindOneQuery {
  filters?: Condition | undefined;
  sort?: SortTerm[] | undefined;
  pagination: Pagination;
}

/** A collection's allow-list: what filters, sort, fields and populate may name. */
export interface CollectionSpec {
  filters: FilterSpec;
  sort: readonly string[];
  fields: readonly string[];
  populate: Readonly<Record<string, PopulateSpec>>;
}

type Path = (string | number)[];

function issue(ctx: z.RefinementCtx, path: Path, message: string): undefined {
  ctx.addIssue({ code: "custom", path, message });
  return undefined;
}

/** A string or a list of strings, each maybe comma-separated, as trimmed non-empty names. */
function names(raw: unknown): string[] | undefined {
  const list = typeof raw === "string" ? [raw] : Array.isArray(raw) ? raw : undefined;
  if (!list?.every((v) => typeof v === "string")) return undefined;
  return list.flatMap((v: string) => v.split(",").map((s) => s.trim())).filter(Boolean);
}

/**
 * `fields` (`title,slug`, `fields[0]=title`): names among `allowed`; an empty one (`fields=`,
 * `fields=,`) names nothing and is an issue, as is an unknown name.
 */
function fieldsOf(ctx: z.RefinementCtx, path: Path, raw: unknown, allowed: readonly string[]) {
  const list = names(raw);
  if (!list?.length) return issue(ctx, path, "Expected a field name or a list of field names");
  const unknown = list.find((f) => !allowed.includes(f));
  if (unknown !== undefined) return issue(ctx, path, `Invalid field ${unknown}`);
  return [...new Set(list)];
}

/** Every relation of `specs` with its default fields (`populate=*`: one level, as Strapi). */
function everyRelation(specs: Readonly<Record<string, PopulateSpec>>): Populate {
  return Object.fromEntries(
    Object.keys(specs).map((r) => [r, { fields: undefined, populate: {} }]),
  );
}

/** One `populate[relation]` object: `true`/`*`, or `{ fields, populate }`. */
function relationOf(ctx: z.RefinementCtx, path: Path, raw: unknown, spec: PopulateSpec) {
  if (raw === "true" || raw === "*") return { fields: undefined, populate: {} };
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return issue(ctx, path, "Expected true, * or an object of fields and populate");
  }
  const entries = Object.entries(raw);
  const bad = entries.find(([k]) => k !== "fields" && k !== "populate");
  if (bad) return issue(ctx, [...path, bad[0]], `Invalid parameter ${bad[0]}`);
  const { fields, populate } = raw as { fields?: unknown; populate?: unknown };
  const chosen =
    fields === undefined ? undefined : fieldsOf(ctx, [...path, "fields"], fields, spec.fields);
  const nested =
    populate === undefined
      ? {}
      : populateOf(ctx, [...path, "populate"], populate, spec.populate ?? {});
  return nested && { fields: chosen, populate: nested };
}

/**
 * `populate` (`*`, `author,categories`, `populate[0]=author`, `populate[author][fields][0]=username`,
 * `populate[author][populate]=profilePicture`) against `specs`; an unknown relation is an issue.
 */
function populateOf(
  ctx: z.RefinementCtx,
  path: Path,
  raw: unknown,
  specs: Readonly<Record<string, PopulateSpec>>,
): Populate | undefined {
  const list = names(raw);
  const entries: [string, unknown][] = list
    ? list.map((name) => [name, "true"])
    : typeof raw === "object" && raw !== null
      ? Object.entries(raw)
      : [];
  if (!list && entries.length === 0)
    return issue(ctx, path, "Expected relation names or an object");
  if (list?.includes("*")) return everyRelation(specs);
  const populate: Populate = {};
  for (const [name, value] of entries) {
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) return issue(ctx, list ? path : [...path, name], `Invalid populate ${name}`);
    if (value === "false") continue;
    const relation = relationOf(ctx, [...path, name], value, spec);
    if (!relation) return undefined;
    populate[name] = relation;
  }
  return populate;
}

/** `sort` (`title`, `publishedAt:desc`, `sort[0]=…`, comma lists) as terms over `allowed`. */
function sortOf(ctx: z.RefinementCtx, raw: unknown, allowed: readonly string[]) {
  const list = names(raw);
  if (!list) return issue(ctx, [], "Expected field:asc or field:desc, or a list of them");
  if (list.length > 10) return issue(ctx, [], "At most 10 sort fields");
  const terms: SortTerm[] = [];
  for (const term of list) {
    const [field = "", direction = "asc", ...rest] = term.split(":");
    if (!allowed.includes(field)) return issue(ctx, [], `Invalid sort field ${field}`);
    const dir = direction.toLowerCase();
    if (rest.length > 0 || (dir !== "asc" && dir !== "desc")) {
      return issue(ctx, [], `Invalid sort order ${term}: use ${field}:asc or ${field}:desc`);
    }
    terms.push({ field, direction: dir });
  }
  return terms;
}

/** `withCount`: Strapi's spellings of true and false. */
const withCountParam = z
  .enum(["true", "false", "t", "f", "1", "0"])
  .transform((v) => v === "true" || v === "t" || v === "1");
/** `pagination[start]`: an offset from 0. */
const startParam = z
  .string()
  .regex(/^\d{1,9}$/, "must be a whole number from 0")
  .transform(Number);
/** `pagination[limit]`: a page size, or -1 for the largest page (Strapi's "no limit" under maxLimit). */
const limitParam = z.union([z.literal("-1").transform(() => MAX_PAGE_SIZE), pageSizeParam]);

/** `pagination` by page or by offset, never both (Strapi's PaginationError), sizes clamped to 100. */
function paginationSchema(defaultSize: number) {
  return z
    .object({
      page: pageParam.optional(),
      pageSize: pageSizeParam.optional(),
      start: startParam.optional(),
      limit: limitParam.optional(),
      withCount: withCountParam.optional(),
    })
    .strict()
    .optional()
    .transform((p, ctx): Pagination => {
      const { page, pageSize, start, limit, withCount = true } = p ?? {};
      const byOffset = start !== undefined || limit !== undefined;
      if (byOffset && (page !== undefined || pageSize !== undefined)) {
        issue(ctx, [], "Cannot use both page & offset pagination in the same query");
        return z.NEVER;
      }
      return byOffset
        ? { kind: "offset", start: start ?? 0, limit: limit ?? defaultSize, withCount }
        : { kind: "page", page: page ?? 1, pageSize: pageSize ?? defaultSize, withCount };
    });
}

/** A name, or a list of names (`a,b`, `a[0]=…`). */
const namesInput = z.union([z.string(), z.array(z.string())]);

/**
 * `input` read by `read`, an issue (400) when it gives undefined; `description` for the docs. A
 * reading that gives undefined without raising an issue is refused all the same ("Expected …"),
 * never passed on to a service (docs/product/api.md#api-strapi-query; `fields=` reached one as
 * zod's NEVER).
 */
function checked<I, T>(
  input: z.ZodType<I>,
  read: (ctx: z.RefinementCtx, raw: I) => T | undefined,
  description: string,
) {
  return input
    .transform((raw, ctx) => {
      const issued = ctx.issues.length;
      const value = read(ctx, raw);
      if (value !== undefined) return value;
      if (ctx.issues.length === issued) issue(ctx, [], `Expected ${description}`);
      return z.NEVER;
    })
    .optional()
    .meta({ description });
}

/** The keys findOne and find share: `fields`, `populate` and the publication state. */
function findOneShape(spec: CollectionSpec) {
  return {
    fields: checked(
      namesInput,
      (ctx, raw) => fieldsOf(ctx, [], raw, spec.fields),
      `Attributes to answer, among ${spec.fields.join(", ")}`,
    ),
    populate: checked(
      z.union([z.record(z.string(), z.unknown()), namesInput]),
      (ctx, raw) => populateOf(ctx, [], raw, spec.populate),
      `Relations to populate: * or ${Object.keys(spec.populate).join(", ") || "none"}`,
    ),
    publicationState: z.literal("live").optional(),
    status: z.literal("published").optional(),
  };
}

/**
 * The query of `GET /api/{collection}/{id}` (Strapi's findOne): `fields` and `populate` over
 * `spec`, `publicationState=live` and `status=published` (the only state readers see). Another
 * key, field or relation is an issue naming it (a 400, docs/product/api.md#api-strapi-query).
 */
export function findOneQuerySchema(spec: CollectionSpec) {
  return strictQuery(findOneShape(spec));
}

/**
 * The query of `GET /api/{collection}` (Strapi's find): findOne's, plus `filters`
 * (strapi-filters.ts), `sort` over `spec.sort`, and `pagination` by page (`page`, `pageSize`,
 * default `defaultSize`) or offset (`start`, `limit`), with `withCount`. Sizes above 100 are
 * clamped to 100, as Strapi's `api.rest.maxLimit` (docs/product/api.md#api-conventions).
 */
export function findQuerySchema(spec: CollectionSpec, defaultSize: number) {
  return strictQuery({
    ...findOneShape(spec),
    filters: filtersSchema(spec.filters).optional(),
    sort: checked(
      namesInput,
      (ctx, raw) => sortOf(ctx, raw, spec.sort),
      `field:asc or field:desc, or a list; fields ${spec.sort.join(", ")}`,
    ),
    pagination: paginationSchema(defaultSize),
  });
}
