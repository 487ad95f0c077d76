// The generated databases of `npm run bench:scale`: a SQLite folder and a PostgreSQL database per
// shape, named by the shape's hash, made once (the app migrates and seeds, the generator fills)
// and reused by later runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { type Db, openDb } from "../apps/server/src/db/client.ts";
import { recountComments } from "../apps/server/src/modules/comments/comment-count.repository.ts";
import { createSearchService } from "../apps/server/src/modules/search/search.service.ts";
import { rng, startApp } from "./load.ts";
import { generateComments, generatePageViews, generateReactions } from "./scale-activity.ts";
import { generateArchive } from "./scale-generate.ts";
import { loadCorpus, type Shape, shapeHash } from "./scale-shape.ts";

/** Where the SQLite folders (and the PostgreSQL databases' upload folders) live (BENCH_SCALE_DIR). */
export const SCALE_DIR = process.env.BENCH_SCALE_DIR ?? path.join(os.tmpdir(), "pragmatist-scale");
/** The PostgreSQL server the databases are created on (BENCH_SCALE_PG_URL; any database of it). */
const PG_URL = process.env.BENCH_SCALE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The database engines measured. */
export type Engine = "sqlite" | "postgres";

/** A generated database, ready to start the app on: its DATA_DIR and env, and how it was made. */
export interface ScaleDatabase {
  engine: Engine;
  /** "demo" or "scale". */
  size: string;
  name: string;
  dataDir: string;
  env: Record<string, string>;
  /** Seconds generating it took in this run; null when an earlier run's was reused. */
  generatedSeconds: number | null;
}

function databaseUrl(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `statement` on the PostgreSQL server's maintenance database. */
async function admin<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return (await client.query<T>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** Whether the PostgreSQL server answers (the PostgreSQL half is left out when it does not). */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await admin("select 1");
    return true;
  } catch {
    return false;
  }
}

/** Whether the PostgreSQL database `name` is running a query (none: its app's work is done). */
export async function postgresBusy(name: string): Promise<boolean> {
  const rows = await admin<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active'",
    [name],
  );
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * An empty PostgreSQL database `name` on the server (an earlier one of that name dropped first),
 * for a restore to write into: its DATABASE_URL and how to drop it.
 */
export async function scratchDatabase(name: string) {
  const drop = () => admin(`drop database if exists ${name} with (force)`).then(() => undefined);
  await drop();
  await admin(`create database ${name}`);
  return { url: databaseUrl(name), drop };
}

/** Starts the app on an empty database once: it migrates and seeds the demo content, then stops. */
async function migrateAndSeed(dataDir: string, env: Record<string, string>): Promise<void> {
  const app = await startApp(dataDir, env);
  const exited = new Promise((resolve) => app.child.once("exit", resolve));
  app.child.kill("SIGTERM");
  await exited;
}

/**
 * Fills a seeded database with `shape` (seeded random source: the same shape gives the same rows),
 * then does what the app and the engine would have done by then: the search index rebuilt and,
 * on PostgreSQL, the id sequences moved past the explicit ids and the tables vacuumed and analyzed (as
 * autovacuum would). SQLite is left without statistics, as the app leaves it.
 */
async function generate(db: Db, shape: Shape): Promise<void> {
  const rand = rng(20_260_101);
  const corpus = await loadCorpus(db.kysely);
  const step = async (label: string, work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  let archive: Awaited<ReturnType<typeof generateArchive>> | undefined;
  await step("articles, members, subscribers", async () => {
    archive = await generateArchive(db.kysely, rand, corpus, shape, Date.now());
  });
  if (!archive) return;
  const built = archive;
  await step("comments, likes, reports, audit log", () =>
    generateComments(db.kysely, rand, corpus, built, shape),
  );
  await step("comments' kept counts", async () => {
    // PostgreSQL plans the recount's walk down each thread from statistics: without them (the
    // table just loaded) it chose to read every comment for every article (over 11 minutes).
    if (db.dialect === "postgres") await sql`analyze comments`.execute(db.kysely);
    await recountComments(db.kysely, null);
  });
  await step("article likes and bookmarks", () => generateReactions(db.kysely, rand, built, shape));
  await step("page views", () => generatePageViews(db.kysely, rand, built, shape));
  await step("search index", () => createSearchService(db).rebuild());
  if (db.dialect === "postgres") {
    for (const table of ["users", "articles", "comments", "newsletter_subscribers", "audit_log"]) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db.kysely,
      );
    }
    await sql`vacuum (analyze)`.execute(db.kysely);
  }
}

/**
 * The SQLite database of `shape` (`size` names it): reused when a finished one is there, else
 * made in `<name>.partial` and renamed when complete.
 */
async function sqliteDatabase(size: string, shape: Shape): Promise<ScaleDatabase> {
  const name = `sqlite-${size}-${shapeHash(shape)}`;
  const dataDir = path.join(SCALE_DIR, name);
  const env = { SEED_DEMO_CONTENT: "false" };
  if (fs.existsSync(path.join(dataDir, "pragmatist.db"))) {
    return { engine: "sqlite", size, name, dataDir, env, generatedSeconds: null };
  }
  const t0 = performance.now();
  const partial = `${dataDir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  await migrateAndSeed(partial, {});
  const db = openDb({ dataDir: partial });
  try {
    await generate(db, shape);
  } finally {
    await db.close();
  }
  fs.renameSync(partial, dataDir);
  const generatedSeconds = Math.round((performance.now() - t0) / 100) / 10;
  return { engine: "sqlite", size, name, dataDir, env, generatedSeconds };
}

/**
 * The PostgreSQL database of `shape`: `pragmatist_scale_<size>_<hash>` (its uploads in a folder of
 * the same name), reused when it exists, else made as `<name>_partial` and renamed when complete.
 */
async function postgresDatabase(size: string, shape: Shape): Promise<ScaleDatabase> {
  const name = `pragmatist_scale_${size}_${shapeHash(shape)}`;
  const dataDir = path.join(SCALE_DIR, name);
  const env = { DATABASE_URL: databaseUrl(name), SEED_DEMO_CONTENT: "false" };
  const exists = await admin("select 1 from pg_database where datname = $1", [name]);
  if (exists.length > 0) {
    return { engine: "postgres", size, name, dataDir, env, generatedSeconds: null };
  }
  const t0 = performance.now();
  const partial = `${name}_partial`;
  await admin(`drop database if exists ${partial}`);
  await admin(`create database ${partial}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  await migrateAndSeed(dataDir, { DATABASE_URL: databaseUrl(partial) });
  const db = openDb({ databaseUrl: databaseUrl(partial), dataDir });
  try {
    await generate(db, shape);
  } finally {
    await db.close();
  }
  await admin(`alter database ${partial} rename to ${name}`);
  const generatedSeconds = Math.round((performance.now() - t0) / 100) / 10;
  return { engine: "postgres", size, name, dataDir, env, generatedSeconds };
}

/**
 * The generated database of `shape` on `engine`, made now when no earlier run left it.
 * @throws when the app cannot start on it or an insert fails (a partial database is left for the
 * next run to replace).
 */
export function scaleDatabase(engine: Engine, size: string, shape: Shape): Promise<ScaleDatabase> {
  fs.mkdirSync(SCALE_DIR, { recursive: true });
  console.log(`${engine} ${size} database (${shapeHash(shape)}) …`);
  return engine === "sqlite" ? sqliteDatabase(size, shape) : postgresDatabase(size, shape);
}
