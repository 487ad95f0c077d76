// Prepared queries: a Kysely query built and compiled once per shape, then run again with new
// values, so hot reads skip Kysely's query building and compiling on every request.
import type SQLite from "better-sqlite3";
import {
  type Compilable,
  type CompiledQuery,
  createQueryId,
  type Kysely,
  type LogEvent,
  type RawBuilder,
} from "kysely";
import { LRUCache } from "lru-cache";
import type { Database } from "./schema.ts";

type Q = Kysely<Database>;

/**
 * One value of a prepared query: a scalar, or a list bound one placeholder per element;
 * undefined is a key not given.
 */
export type PreparedValue = string | number | null | undefined | readonly (string | number)[];

/** Where one placeholder's value comes from: the value `key` (element `index` of a list). */
class Slot {
  readonly key: string;
  readonly index: number | null;
  constructor(key: string, index: number | null) {
    this.key = key;
    this.index = index;
  }
}

/**
 * A compiled shape: its SQL, per placeholder the slot it reads or the constant it keeps, and
 * (SQLite, read-only statements) the statement prepared on the connection (`runReadsOn`).
 */
interface Shape<R> {
  compiled: CompiledQuery<R>;
  sources: (Slot | { constant: unknown })[];
  statement: SQLite.Statement | null;
}

/**
 * A SQLite connection prepared reads may run on directly, Kysely's query log to tell, and (a
 * database file) the read snapshot it holds for the rest of the event-loop turn.
 */
interface DirectReads {
  sqlite: SQLite.Database;
  log: (event: LogEvent) => void;
  /** BEGIN and COMMIT on a read-only `sqlite` whose snapshot spans one turn; null in memory. */
  snapshot: { begin: SQLite.Statement; commit: SQLite.Statement } | null;
}

const directReads = new WeakMap<Q, DirectReads>();

/**
 * Lets prepared read-only statements on `kysely` run directly on `sqlite` without Kysely's
 * executor (its connection lock and promise hops cost more than a small read), each reported to
 * `log` as Kysely reports a query (`Db.onQuery` still sees it).
 *
 * With `reader` (a second, read-only connection to the same database file) the reads run there,
 * and those of one event-loop turn share one read transaction (docs/decisions/010): SQLite takes
 * its WAL read lock once per turn instead of once per statement, three system calls that cost
 * more than a small read. `endReadSnapshot` must run before every statement of the writing
 * connection, so a read that follows a write in the same turn sees it; another process's write
 * shows from the next turn on. Without `reader` (an in-memory database, which a second
 * connection cannot open) the reads run on `sqlite` itself while no transaction is open on it;
 * otherwise, and for anything that writes, they go through Kysely and wait their turn. Called by
 * `openDb` (client.ts).
 */
export function runReadsOn(
  kysely: Q,
  sqlite: SQLite.Database,
  reader: SQLite.Database | null,
  log: (event: LogEvent) => void,
) {
  directReads.set(
    kysely,
    reader
      ? {
          sqlite: reader,
          log,
          snapshot: { begin: reader.prepare("BEGIN"), commit: reader.prepare("COMMIT") },
        }
      : { sqlite, log, snapshot: null },
  );
}

/**
 * Ends the read transaction `kysely`'s direct reads hold (runReadsOn), if any: the next read
 * starts a new one and sees every write committed until then.
 */
export function endReadSnapshot(kysely: Q): void {
  const direct = directReads.get(kysely);
  if (direct?.snapshot && direct.sqlite.inTransaction) direct.snapshot.commit.run();
}

/** Opens the turn's read transaction on the reader connection, ended by the next turn. */
function openSnapshot(kysely: Q, direct: DirectReads): void {
  if (!direct.snapshot || direct.sqlite.inTransaction) return;
  direct.snapshot.begin.run();
  setImmediate(() => endReadSnapshot(kysely));
}

/** Runs a read on the connection itself, timed and logged like Kysely's own queries. */
function readDirectly<R>(
  direct: DirectReads,
  statement: SQLite.Statement,
  query: CompiledQuery<R>,
): R[] {
  const started = performance.now();
  try {
    const rows = statement.all(query.parameters) as R[];
    direct.log({ level: "query", query, queryDurationMillis: performance.now() - started });
    return rows;
  } catch (error) {
    direct.log({ level: "error", error, query, queryDurationMillis: performance.now() - started });
    throw error;
  }
}

/** Shapes kept per query and database (the most recently used); others are compiled again. */
const MAX_SHAPES = 128;

/** The shape of `values`: which keys are given and how long each list is. */
function shapeKey(values: Record<string, PreparedValue>): string {
  let key = "";
  for (const name in values) {
    const value = values[name];
    if (value === undefined) continue;
    key += Array.isArray(value) ? `${name}[${value.length}],` : `${name},`;
  }
  return key;
}

/** Slots standing in for `values` while the query is built: one per scalar, one per element. */
function slotsOf(values: Record<string, PreparedValue>): Record<string, unknown> {
  const slots: Record<string, unknown> = {};
  for (const name in values) {
    const value = values[name];
    if (value === undefined) continue;
    slots[name] = Array.isArray(value)
      ? value.map((_, i) => new Slot(name, i))
      : new Slot(name, null);
  }
  return slots;
}

/** Builds `build` over slots, compiles it, and checks every given value became a parameter. */
function compileShape<P extends Record<string, PreparedValue>, R, S>(
  db: Q,
  build: (db: Q, values: P, variant: S) => Compilable<R> | RawBuilder<R>,
  values: P,
  variant: S,
): Shape<R> {
  const slots = slotsOf(values);
  const query = build(db, slots as P, variant);
  const compiled = "isRawBuilder" in query ? query.compile(db) : query.compile();
  const sources = compiled.parameters.map((p) => (p instanceof Slot ? p : { constant: p }));
  const bound = new Set(sources.filter((s) => s instanceof Slot).map((s) => s.key));
  for (const name in values) {
    // A value used any other way (a literal, a condition in JS) would be frozen into the SQL.
    const value = values[name];
    const unbound = value === undefined || (Array.isArray(value) && value.length === 0);
    if (!unbound && !bound.has(name)) {
      throw new Error(`prepared query: "${name}" is not used as a bound parameter`);
    }
  }
  const direct = directReads.get(db);
  const statement = direct ? direct.sqlite.prepare(compiled.sql) : null;
  return { compiled, sources, statement: statement?.reader ? statement : null };
}

/**
 * A query built and compiled once per shape and database, then run with new values. `build`
 * receives stand-ins for `values` and must use them only as bound values (`where(col, "=", v.x)`,
 * `in` lists, `limit`), never in a literal or a JavaScript condition (a value not found among the
 * compiled parameters throws); it may branch on which keys are given and on list lengths. What
 * else changes the SQL (an order, a column set) is the `variant`, named by `variantKey`. A shape
 * is the variant's key, the keys given and each list's length, so `in (…)` lists of each length
 * get their own SQL (the MAX_SHAPES most recently used are kept per database). The query runs
 * through Kysely's `executeQuery`, so the driver, its connection handling, the `log` hook
 * (`Db.onQuery`) and result plugins see it as usual, except a SQLite read while no transaction
 * is open, which runs on the connection directly (`runReadsOn`); a transaction (another Kysely
 * instance) compiles its own shapes.
 * @returns `run(db, values, variant)`, resolving to every row.
 */
export function prepared<P extends Record<string, PreparedValue>, R, S = undefined>(
  build: (db: Q, values: P, variant: S) => Compilable<R> | RawBuilder<R>,
  variantKey: (variant: S) => string = () => "",
): (db: Q, values: P, ...variant: S extends undefined ? [] : [S]) => Promise<R[]> {
  const shapesByDb = new WeakMap<Q, LRUCache<string, Shape<R>>>();
  return async (db, values, ...rest) => {
    const variant = rest[0] as S;
    let shapes = shapesByDb.get(db);
    if (!shapes) {
      shapes = new LRUCache({ max: MAX_SHAPES });
      shapesByDb.set(db, shapes);
    }
    const key = `${variantKey(variant)}|${shapeKey(values)}`;
    let shape = shapes.get(key);
    if (!shape) {
      shape = compileShape(db, build, values, variant);
      shapes.set(key, shape);
    }
    const parameters = shape.sources.map((s) => {
      if (!(s instanceof Slot)) return s.constant;
      const value = values[s.key];
      return s.index === null ? value : (value as readonly unknown[])[s.index];
    });
    const { query, sql } = shape.compiled;
    const compiled: CompiledQuery<R> = { query, sql, parameters, queryId: createQueryId() };
    const direct = shape.statement && directReads.get(db);
    if (direct && shape.statement && (direct.snapshot || !direct.sqlite.inTransaction)) {
      openSnapshot(db, direct);
      return readDirectly(direct, shape.statement, compiled);
    }
    return (await db.executeQuery(compiled)).rows;
  };
}
