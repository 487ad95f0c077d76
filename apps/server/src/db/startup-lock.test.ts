// Several processes starting together on one fresh database ("runs once across the
// fleet"): each migrates and seeds under the start-up lock, so they all come up and the demo
// content is loaded exactly once; and the lock itself lets one holder in at a time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../config.ts";
import { engines, sharedTestDb, temporaryDatabase } from "../testing/db.ts";
import { listeningPort, request, startServer } from "../testing/server-process.ts";
import { ensureWebBuild } from "../testing/web-build.ts";
import { openDb } from "./client.ts";
import { withStartupLock } from "./startup-lock.ts";

const demoArticles = fs
  .readdirSync(path.join(repoRoot, "content/demo/articles"))
  .filter((f) => f.endsWith(".md")).length;

describe.each(engines)("the start-up lock on %s", (engine) => {
  it("lets one process's connection in at a time; the next waits for it", async () => {
    const shared = await sharedTestDb(engine);
    // A second, separate handle on the same database, as another process would open.
    const other = openDb({
      databaseUrl: shared.env.DATABASE_URL,
      dataDir: shared.env.DATA_DIR ?? ":memory:",
    });
    try {
      const events: string[] = [];
      const hold = (db: typeof other, who: string) =>
        withStartupLock(db, async () => {
          events.push(`${who} in`);
          await sleep(300);
          events.push(`${who} out`);
        });
      const first = hold(shared.db, "a");
      // b asks once a holds the lock (polled for; a fixed sleep let b in first on a loaded machine).
      await expect.poll(() => events).toContain("a in");
      await Promise.all([first, hold(other, "b")]);
      expect(events).toEqual(["a in", "a out", "b in", "b out"]);
    } finally {
      await other.close();
      await shared.db.close();
    }
  });

  it("three servers started at once on a fresh database all come up; the demo is loaded once", async () => {
    ensureWebBuild();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-fleet-start-"));
    const database = engine === "postgres" ? await temporaryDatabase("fleet_start") : null;
    const env = {
      DATA_DIR: dataDir,
      SEED_DEMO_CONTENT: "true",
      ...(database && { DATABASE_URL: database.url }),
    };
    const servers = [1, 2, 3].map(() => startServer(env));
    try {
      const listening = await Promise.all(
        servers.map((s) => s.waitFor((l) => l.msg.startsWith("Server listening"))),
      );
      const logged = servers.flatMap((s) => s.lines);
      expect(logged.filter((l) => l.level >= 50)).toEqual([]);
      const loads = logged.filter((l) => l.msg === "demo content loaded");
      expect(loads).toHaveLength(1);
      expect(loads[0]).toMatchObject({ created: demoArticles, skipped: 0 });
      for (const line of listening) {
        const res = await request(listeningPort(line), {
          path: "/api/articles?pagination[pageSize]=1",
        });
        expect(res.status).toBe(200);
        expect(JSON.parse(res.body).meta.pagination.total).toBe(demoArticles);
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
