// Kysely's PostgreSQL dialect, introspecting only the schema the connection works in.
import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type TableMetadata,
  sql,
} from "kysely";
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from "kysely/migration";

/** Kysely's own bookkeeping tables (the migrator's), left out unless asked for, as Kysely does. */
const KYSELY_TABLES = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

/**
 * Lists the tables and views of the connection's `current_schema()` alone, by name and without
 * columns: what Kysely's migrator asks of it (does its bookkeeping table exist yet).
 *
 * Kysely's `PostgresIntrospector.getTables` reads every column of every table in every schema
 * and resolves each table by name (`pg_get_serial_sequence`). Another schema's table dropped
 * meanwhile then fails our start-up with 42P01 "relation does not exist", and one whose drop is
 * not yet committed makes it wait on that transaction's lock: another application sharing the
 * database, or a test file dropping its schema while another one migrates. This reads `pg_class`
 * by schema and takes no lock on any table.
 */
class CurrentSchemaIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    super(db);
    this.#db = db;
  }

  override async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class as c
      join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p', 'f')
      order by c.relname`.execute(this.#db);
    return rows
      .filter((r) => options.withInternalKyselyTables || !KYSELY_TABLES.has(r.name))
      .map((r) => ({
        name: r.name,
        schema: r.schema,
        isView: r.kind === "v",
        isForeign: r.kind === "f",
        columns: [],
      }));
  }
}

/** `PostgresDialect` introspecting with `CurrentSchemaIntrospector`. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
