// Several processes, one behaviour (docs/architecture.md#overview): two apps on one database, each
// with its own response cache; an edit published through app A empties app B's cache at once,
// through Redis pub/sub or, without Redis, PostgreSQL LISTEN/NOTIFY (also after B's listening
// connection was cut).
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import { type Db, openDb } from "../db/client.ts";
import { engines, type SharedTestDb, sharedTestDb, testConfig } from "../testing/db.ts";
import { registerMember, type TestMember } from "../testing/fixtures.ts";

/** Apps A and B over one database, each on a handle of its own, as two processes would be. */
function twoProcesses(engine: "sqlite" | "postgres", settings: () => Record<string, string>) {
  const s = {} as { shared: SharedTestDb; dbB: Db; a: App; b: App; editor: TestMember };
  beforeAll(async () => {
    s.shared = await sharedTestDb(engine);
    const { DATABASE_URL: databaseUrl, DATA_DIR: dataDir = ":memory:" } = s.shared.env;
    s.dbB = openDb({ databaseUrl, dataDir });
    const config = testConfig({ RESPONSE_CACHE_SECONDS: "600", ...settings() });
    s.a = await buildApp(config, { db: s.shared.db, logger: false });
    s.b = await buildApp(config, { db: s.dbB, logger: false });
    s.editor = await registerMember((o) => s.a.inject(o));
    await s.shared.db.kysely
      .updateTable("users")
      .set({ role: "editor" })
      .where("id", "=", s.editor.id)
      .execute();
  });
  afterAll(async () => {
    await s.a?.close();
    await s.b?.close();
    await s.dbB?.close();
    await s.shared?.db.close();
  });
  return s;
}

/**
 * Reads `url` through `app` until `done` holds for the answer, one read at a time (so the first
 * answer that holds is the one returned), every 5 ms for up to 10 s. @returns the last answer.
 */
async function readUntil(
  app: App,
  url: string,
  done: (answer: { headers: Record<string, unknown>; body: string }) => boolean,
) {
  const deadline = performance.now() + 10_000;
  let answer = await app.inject({ url });
  while (!done(answer) && performance.now() < deadline) {
    await sleep(5);
    answer = await app.inject({ url });
  }
  return answer;
}

/**
 * Publishes an article through A, has B cache its public read, edits its title through A, then
 * reads through B until the new title shows. @returns B's answers: the cached one before the
 * edit and the first one showing the edit.
 */
async function editThroughA(s: ReturnType<typeof twoProcesses>, title: string) {
  const { a, b, editor } = s;
  const created = await a.inject({
    method: "POST",
    url: "/api/articles",
    headers: editor.auth,
    payload: { data: { title, content: "Notes.", status: "published" } },
  });
  expect(created.statusCode).toBe(201);
  const { id, attributes } = created.json().data as { id: number; attributes: { slug: string } };
  const url = `/api/articles?filters[slug][$eq]=${attributes.slug}`;
  // B caches the article (once the notice of its publication, which empties B's cache, is in).
  const before = await readUntil(b, url, (r) => r.headers["x-cache"] === "HIT");
  const edited = await a.inject({
    method: "PUT",
    url: `/api/articles/${id}`,
    headers: editor.auth,
    payload: { data: { title: `${title}, revised` } },
  });
  expect(edited.statusCode).toBe(200);
  // "At once" is not timed (a loaded machine would fail a wall-clock bound): B's own cache keeps
  // the old answer for 600 s, so B showing the edit within the poll's 10 s is the broadcast's doing.
  const after = await readUntil(b, url, (r) => r.body.includes(`${title}, revised`));
  return { before, after };
}

async function expectSeenAtOnce(s: ReturnType<typeof twoProcesses>, title: string) {
  const { before, after } = await editThroughA(s, title);
  expect(before.headers["x-cache"]).toBe("HIT");
  expect(before.body).not.toContain("revised");
  expect(after.body).toContain(`${title}, revised`);
  expect(after.headers["x-cache"]).toBe("MISS");
}

describe.runIf(process.env.REDIS_URL).each(engines)("two processes sharing Redis on %s", (e) => {
  const s = twoProcesses(e, () => ({ REDIS_URL: process.env.REDIS_URL ?? "" }));

  it("an edit published through A empties B's cached answers at once", async () => {
    expect(s.b.services.changeBroadcast.transport).toBe("redis");
    await expectSeenAtOnce(s, "Redis relay");
  });
});

describe.runIf(process.env.DATABASE_URL)("two processes on PostgreSQL without Redis", () => {
  const s = twoProcesses("postgres", () => ({ DATABASE_URL: s.shared.env.DATABASE_URL ?? "" }));

  /** The backends of this database that the apps' broadcasts LISTEN on (one per app). */
  async function listeners(): Promise<number[]> {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where application_name = 'pragmatist change listener' and datname = current_database()
        and state is not null`.execute(s.shared.db.kysely);
    return rows.map((r) => r.pid);
  }

  it("an edit published through A empties B's cached answers at once (LISTEN/NOTIFY)", async () => {
    expect(s.b.services.changeBroadcast.transport).toBe("postgres");
    await expectSeenAtOnce(s, "Notify relay");
  });

  it("listens again after its connection is cut, and hears the next edit", async () => {
    const before = await listeners();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) pid", [before]);
    } finally {
      await admin.end();
    }
    const deadline = performance.now() + 10_000;
    while ((await listeners()).filter((p) => !before.includes(p)).length < before.length) {
      if (performance.now() > deadline) throw new Error("no new LISTEN connection in 10 s");
      await sleep(50);
    }
    await expectSeenAtOnce(s, "After reconnection");
  });
});
