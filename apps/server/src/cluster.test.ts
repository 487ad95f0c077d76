// WEB_CONCURRENCY=2 as an operator runs it (docs/architecture.md#overview):
// `node apps/server/src/main.ts` forks two workers sharing the port; each request's log line names
// the worker (pino's `pid`) that served it. A publish through one worker empties the other's cache
// (SQLite: the cluster's IPC), a worker killed is replaced without a lost request, and SIGTERM lets
// a request in progress finish.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "./db/client.ts";
import { TEST_PASSWORD } from "./testing/fixtures.ts";
import {
  type LogLine,
  listeningPort,
  request,
  type ServerProcess,
  startServer,
} from "./testing/server-process.ts";
import { ensureWebBuild } from "./testing/web-build.ts";

const isListening = (l: LogLine) => l.msg.startsWith("Server listening");

describe("WEB_CONCURRENCY=2 on one machine (SQLite, no Redis)", () => {
  let server: ServerProcess;
  let port: number;
  let dataDir: string;
  let sent = 0;

  beforeAll(async () => {
    ensureWebBuild();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-cluster-"));
    server = startServer({
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: "2",
      RESPONSE_CACHE_SECONDS: "600",
    });
    port = listeningPort(await server.waitFor(isListening, 2));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request on a connection of its own, and the pid of the worker whose log line answered it. */
  async function send(options: Parameters<typeof request>[1]) {
    const id = `cluster-${++sent}`;
    const res = await request(port, {
      ...options,
      headers: { "x-request-id": id, ...options.headers },
    });
    const done = await server.waitFor(
      (l) => l.reqId === id && l.msg === "request completed",
      1,
      5000,
    );
    return { ...res, pid: done.pid };
  }
  const workers = () => new Set(server.lines.filter(isListening).map((l) => l.pid));

  it("answers from both workers, never from the primary", async () => {
    const pids = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const res = await send({ path: "/api/health/live" });
      expect(res.status).toBe(200);
      pids.add(res.pid);
    }
    expect([...pids].sort()).toEqual([...workers()].sort());
    expect(pids.has(server.child.pid ?? 0)).toBe(false);
  });

  it("an edit through one worker shows at once on the other, whose cache had the old answer", async () => {
    const signUp = await send({
      method: "POST",
      path: "/api/auth/local/register",
      body: { username: "Cluster Editor", email: "editor@cluster.test", password: TEST_PASSWORD },
    });
    const { jwt, user } = JSON.parse(signUp.body) as { jwt: string; user: { id: number } };
    const db = openDb({ dataDir });
    await db.kysely
      .updateTable("users")
      .set({ role: "editor" })
      .where("id", "=", user.id)
      .execute();
    await db.close();
    const auth = { authorization: `Bearer ${jwt}` };
    const created = await send({
      method: "POST",
      path: "/api/articles",
      headers: auth,
      body: { data: { title: "Worker relay", content: "Notes.", status: "published" } },
    });
    expect(created.status).toBe(201);
    const { id, attributes } = JSON.parse(created.body).data as {
      id: number;
      attributes: { slug: string };
    };
    const url = `/api/articles?filters[slug][$eq]=${attributes.slug}`;
    const cachedBy = new Set<number>();
    for (let i = 0; cachedBy.size < 2 && i < 50; i++) {
      const res = await send({ path: url });
      if (res.headers["x-cache"] === "HIT") cachedBy.add(res.pid);
    }
    expect(cachedBy.size).toBe(2);

    const edited = await send({
      method: "PUT",
      path: `/api/articles/${id}`,
      headers: auth,
      body: { data: { title: "Worker relay, revised" } },
    });
    expect(edited.status).toBe(200);
    // Polled, not timed (a loaded machine fails a wall-clock bound): each worker's own cache would
    // keep the old answer for the cache time, so both showing the edit within 10 s is the relay's.
    const answered = performance.now();
    const showing = new Set<number>();
    while (showing.size < 2 && performance.now() - answered < 10_000) {
      const res = await send({ path: url });
      if (res.body.includes("Worker relay, revised")) showing.add(res.pid);
    }
    expect(showing).toEqual(cachedBy);
  });

  it("starts another worker when one dies; every request meanwhile is answered", async () => {
    const [victim] = workers();
    process.kill(victim ?? 0, "SIGKILL");
    await server.waitFor(
      (l) => l.msg === "worker exited; starting another" && l.workerPid === victim,
    );
    const replaced = server.waitFor(isListening, 3);
    const statuses: number[] = [];
    let up = false;
    void replaced.then(() => (up = true));
    while (!up) {
      statuses.push((await send({ path: "/api/health/live" })).status);
      await sleep(20);
    }
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const pids = new Set<number>();
    for (let i = 0; i < 6; i++) pids.add((await send({ path: "/api/health/live" })).pid);
    expect(pids).toEqual(new Set([...workers()].filter((p) => p !== victim)));
    expect(pids.has((await replaced).pid)).toBe(true);
  });

  it("on SIGTERM each worker finishes the request it is reading, then all exit cleanly", async () => {
    const body = JSON.stringify({ identifier: "nobody@cluster.test", password: TEST_PASSWORD });
    const slow = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/auth/local",
      agent: false,
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "x-request-id": "cluster-slow",
      },
    });
    const answer = new Promise<number>((resolve, reject) => {
      slow.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      slow.on("error", reject);
    });
    slow.write(body.slice(0, 10));
    await server.waitFor((l) => l.reqId === "cluster-slow" && l.msg === "incoming request");
    const running = [...workers()].filter((pid) => isAlive(pid));
    server.child.kill("SIGTERM");
    await server.waitFor((l) => l.msg === "shutting down", running.length);
    slow.end(body.slice(10));
    expect(await answer).toBe(400); // wrong credentials: answered, not cut off
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(running.filter(isAlive)).toEqual([]);
  });
});

/** Whether a process with this pid still runs. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
