// Prepared queries (db/prepared.ts) answer what the same Kysely query answers, compile once per
// shape, refuse values they would bake into the SQL, and on SQLite never read around an open
// transaction; on SQLite and PostgreSQL. On a SQLite file, reads share one snapshot per turn and
// still see every write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, freshDb, type SharedTestDb, sharedTestDb } from "../testing/db.ts";
import { insertUser } from "../testing/fixtures.ts";
import { type Db, openDb, type QueryTiming } from "./client.ts";
import { prepared } from "./prepared.ts";

describe.each(engines)("prepared queries on %s", (engine) => {
  let db: Db;
  const ids: number[] = [];

  beforeAll(async () => {
    db = await freshDb(engine);
    for (const name of ["Ada", "Ben", "Cleo", "Dev"]) {
      ids.push(await insertUser(db, { username: name, email: `${name}@example.test` }));
    }
  });
  afterAll(() => db.close());

  it("answers as the query built each time, for each list length, building once per shape", async () => {
    let builds = 0;
    const usersIn = prepared((k, v: { ids: number[]; role: string }) => {
      builds += 1;
      return k
        .selectFrom("users")
        .select(["id", "username"])
        .where("id", "in", v.ids)
        .where("role", "=", v.role)
        .orderBy("id");
    });
    const lists = [[ids[0]!], [ids[1]!, ids[2]!], [ids[3]!], [ids[2]!, ids[0]!], ids];
    for (const list of lists) {
      const expected = await db.kysely
        .selectFrom("users")
        .select(["id", "username"])
        .where("id", "in", list)
        .where("role", "=", "member")
        .orderBy("id")
        .execute();
      expect(await usersIn(db.kysely, { ids: list, role: "member" })).toEqual(expected);
    }
    expect(await usersIn(db.kysely, { ids: [ids[0]!], role: "admin" })).toEqual([]);
    // Lists of 1, 2 and 4 values: three shapes, whatever the values.
    expect(builds).toBe(3);
  });

  it("refuses a value the query does not bind, which would be frozen into its SQL", async () => {
    const literal = prepared((k, v: { name: string }) =>
      k
        .selectFrom("users")
        .select("id")
        .where("username", "=", v.name === "Ada" ? "Ada" : "Ben"),
    );
    await expect(literal(db.kysely, { name: "Ada" })).rejects.toThrow(/"name" is not used/);
  });

  it("tells the query listeners of every run (the database metrics)", async () => {
    const seen: QueryTiming[] = [];
    const stop = db.onQuery((t) => seen.push(t));
    const one = prepared((k, v: { id: number }) =>
      k.selectFrom("users").select("username").where("id", "=", v.id),
    );
    try {
      expect(await one(db.kysely, { id: ids[1]! })).toEqual([{ username: "Ben" }]);
    } finally {
      stop();
    }
    expect(seen).toEqual([{ operation: "select", durationMs: expect.any(Number), failed: false }]);
  });

  it("never sees what an open transaction wrote and then rolled back", async () => {
    const named = prepared((k, v: { name: string }) =>
      k.selectFrom("users").select("username").where("username", "=", v.name),
    );
    let read: Promise<{ username: string }[]> | undefined;
    const rolledBack = db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("users")
        .values({
          username: "Ghost",
          email: "ghost@example.test",
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-01T00:00:00.000Z",
        })
        .execute();
      // Another request reads while the transaction is open, then the transaction fails.
      read = named(db.kysely, { name: "Ghost" });
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error("rolled back");
    });
    await expect(rolledBack).rejects.toThrow("rolled back");
    expect(await read).toEqual([]);
  });
});

describe("prepared reads on a SQLite file (one read snapshot per event-loop turn)", () => {
  let shared: SharedTestDb;
  const nameOf = prepared((k, v: { id: number }) =>
    k.selectFrom("users").select("username").where("id", "=", v.id),
  );
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  beforeAll(async () => {
    shared = await sharedTestDb("sqlite");
  });
  afterAll(() => shared.db.close());

  it("sees a write made after a read of the same turn", async () => {
    const { kysely } = shared.db;
    const id = await insertUser(shared.db, { username: "Before", email: "before@example.test" });
    await nextTurn();
    expect(await nameOf(kysely, { id })).toEqual([{ username: "Before" }]);
    await kysely.updateTable("users").set({ username: "After" }).where("id", "=", id).execute();
    expect(await nameOf(kysely, { id })).toEqual([{ username: "After" }]);
  });

  it("sees another connection's write from the next turn on, and holds no lock past it", async () => {
    const { kysely } = shared.db;
    const id = await insertUser(shared.db, { username: "Elsewhere", email: "else@example.test" });
    const other = openDb({ dataDir: shared.env.DATA_DIR! });
    try {
      await nextTurn();
      expect(await nameOf(kysely, { id })).toEqual([{ username: "Elsewhere" }]);
      await other.kysely
        .updateTable("users")
        .set({ username: "Moved" })
        .where("id", "=", id)
        .execute();
      await nextTurn();
      expect(await nameOf(kysely, { id })).toEqual([{ username: "Moved" }]);
      await nextTurn();
      // No read transaction is left open: a checkpoint that must wait for every reader completes.
      const [result] = other.sqlite!.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
      expect(result?.busy).toBe(0);
    } finally {
      await other.close();
    }
  });
});
