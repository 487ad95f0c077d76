// The app's PostgreSQL sessions (JIT off, db/client.ts), and migrating one schema while other
// schemas of the same database change (db/postgres-dialect.ts):
// the start-up must not read, nor fail over, tables that are not its own.
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { type Db, withJitOff } from "./client.ts";
import { sharedTestDb } from "../testing/db.ts";

/** The schema `db`'s connections work in. */
async function schemaOf(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(db.kysely);
  return rows[0]?.name ?? "";
}

describe.skipIf(!process.env.DATABASE_URL)("the app's PostgreSQL sessions", () => {
  it("run without JIT compilation, keeping the address's own options (its schema)", async () => {
    const { db } = await sharedTestDb("postgres");
    try {
      const { rows } = await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(
        db.kysely,
      );
      expect(rows[0]?.jit).toBe("off");
      expect(await schemaOf(db)).toMatch(/^t_/);
    } finally {
      await db.close();
    }
  });
});

describe("the app's PostgreSQL address", () => {
  it("lets an operator's own jit setting in the address win", () => {
    const url = withJitOff("postgres://u:p%40ss@db.example:5432/site?options=-c%20jit%3Don");
    const parsed = new URL(url);
    expect(parsed.searchParams.get("options")).toBe("-c jit=off -c jit=on");
    expect(parsed.password).toBe("p%40ss");
    expect(withJitOff("postgres://db.example/site")).toBe(
      "postgres://db.example/site?options=-c+jit%3Doff",
    );
  });
});

describe.skipIf(!process.env.DATABASE_URL)("migrations beside other schemas on postgres", () => {
  it("introspects the connection's own schema only", async () => {
    const [mine, other] = [await sharedTestDb("postgres"), await sharedTestDb("postgres")];
    try {
      const tables = await mine.db.kysely.introspection.getTables({
        withInternalKyselyTables: true,
      });
      expect(tables.map((t) => t.name)).toContain("kysely_migration");
      expect(tables.map((t) => t.name)).toContain("articles");
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([await schemaOf(mine.db)]));
      expect(await schemaOf(other.db)).not.toBe(await schemaOf(mine.db));
    } finally {
      await mine.db.close();
      await other.db.close();
    }
  });

  it("migrates fresh schemas while another schema's tables come and go", async () => {
    const other = await sharedTestDb("postgres");
    const otherSchema = await schemaOf(other.db);
    const churn = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await churn.connect();
    let migrating = true;
    // Another application, or another test file dropping its schema: tables dropped and made
    // again, each drop committed at once, all the while.
    const churning = (async () => {
      for (let i = 0; migrating; i++) {
        await churn.query(`create table ${otherSchema}.t${i} (id serial primary key, note text)`);
        await churn.query(`drop table ${otherSchema}.t${i}`);
      }
    })();
    try {
      for (let i = 0; i < 15; i++) {
        const fresh = await sharedTestDb("postgres");
        await fresh.db.close();
      }
    } finally {
      migrating = false;
      await churning;
      await churn.end();
      await other.db.close();
    }
  });
});
