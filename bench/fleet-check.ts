// `npm run fleet:check`: nginx on docs/deploy/nginx.conf in front of 3 production processes on one
// PostgreSQL database, Redis and S3, all on this machine, and what a fleet must do
// (docs/deploy/README.md). Prints one line per claim; exits 1 when any fails.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { multipart } from "../apps/server/src/testing/multipart.ts";
import { readAnswer } from "../apps/server/src/testing/ui-stream.ts";
import { ensureWebBuild } from "../apps/server/src/testing/web-build.ts";
import {
  type AppProcess,
  createFleet,
  type Fleet,
  freePort,
  loadDuring,
  type LoadTally,
  loopbackAddress,
  request,
} from "./fleet-kit.ts";
import { nginxFailTimeoutSeconds, startNginx } from "./fleet-nginx.ts";
import { firstSlug, LIST_PATH } from "./load.ts";
import { cachedAnswers, createPeople, type Person, writesDuring } from "./fleet-steps.ts";

/** Long enough that only an invalidation, never the TTL, can explain a change seen at once. */
const RESPONSE_CACHE_SECONDS = 30;
/** How long a publish may take to reach the other processes' caches ("at once"). */
const PROPAGATION_MS = 1500;

const failures: string[] = [];

/** Runs one claim and prints `ok` or `FAIL` with what it found; a failure does not stop the rest. */
async function claim(text: string, run: () => Promise<string | void>): Promise<void> {
  const started = Date.now();
  try {
    const detail = await run();
    console.log(`ok    ${text}${detail ? ` (${detail})` : ""} [${Date.now() - started} ms]`);
  } catch (err) {
    failures.push(text);
    console.log(`FAIL  ${text}\n      ${err instanceof Error ? err.message : String(err)}`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` every 50 ms until it is true or `ms` pass; the time it took, in ms. */
async function within(ms: number, read: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await read())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(50);
  }
  return Date.now() - started;
}

/** A member's picture uploaded and chosen on A: B and C name it on the profile and serve it. */
async function avatarClaim(from: string, member: Person, [a, b, c]: AppProcess[]) {
  const png = await sharp({
    create: { width: 96, height: 96, channels: 3, background: "#2f6f5e" },
  })
    .png()
    .toBuffer();
  const form = multipart([{ field: "files", filename: "me.png", type: "image/png", data: png }]);
  const auth = { authorization: `Bearer ${member.jwt}` };
  const upload = await request(from, `${a!.url}/api/upload`, {
    method: "POST",
    headers: { ...auth, ...form.headers },
    body: form.payload,
  });
  assert.equal(upload.status, 201, `upload on A: ${upload.body}`);
  const [{ id }] = JSON.parse(upload.body.toString()) as [{ id: number }];
  const put = await request(from, `${a!.url}/api/users/${member.id}`, {
    method: "PUT",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ profilePicture: id }),
  });
  assert.equal(put.status, 200, `profile picture on A: ${put.body}`);
  const { profilePicture } = JSON.parse(put.body.toString()) as { profilePicture: { url: string } };
  const onA = await request(from, a!.url + profilePicture.url);
  for (const p of [b!, c!]) {
    const profile = await request(from, `${p.url}/api/users/${member.id}`);
    const seen = JSON.parse(profile.body.toString()) as { profilePicture?: { url: string } };
    assert.equal(seen.profilePicture?.url, profilePicture.url, `${p.name}'s profile`);
    const image = await request(from, p.url + profilePicture.url);
    assert.equal(image.status, 200, `${p.name} GET ${profilePicture.url}`);
    assert.equal(image.headers["content-type"], "image/webp");
    assert.ok(image.body.equals(onA.body), `${p.name} serves other bytes than A`);
  }
  return `${profilePicture.url}, ${onA.body.length} bytes`;
}

/**
 * B and C hold the article list in their caches; an editor publishes on A; both list the new
 * article within PROPAGATION_MS, far inside their cache time.
 */
async function publishClaim(from: string, editor: Person, [a, b, c]: AppProcess[]) {
  const listOn = async (p: AppProcess) => (await request(from, p.url + LIST_PATH)).body.toString();
  for (const p of [b!, c!]) {
    await listOn(p);
    const warm = await request(from, p.url + LIST_PATH);
    assert.equal(warm.headers["x-cache"], "HIT", `${p.name} has the list in its cache`);
  }
  const slug = `fleet-${Date.now()}`;
  const created = await request(from, `${a!.url}/api/articles`, {
    method: "POST",
    headers: { authorization: `Bearer ${editor.jwt}`, "content-type": "application/json" },
    body: JSON.stringify({
      data: {
        title: "Published on one process, read on all",
        slug,
        content: "A fleet check article.",
        types: ["News"],
        status: "published",
        publishDate: new Date(Date.now() - 60_000).toISOString(),
      },
    }),
  });
  assert.equal(created.status, 201, `publish on A: ${created.body}`);
  const times = [];
  for (const p of [b!, c!]) {
    try {
      times.push(await within(PROPAGATION_MS, async () => (await listOn(p)).includes(slug)));
    } catch {
      throw new Error(
        `${p.name} still serves its cached list without the article published on A ` +
          `${PROPAGATION_MS} ms later (cache time ${RESPONSE_CACHE_SECONDS} s): ` +
          "no cross-process invalidation",
      );
    }
  }
  return `seen on B after ${times[0]} ms, on C after ${times[1]} ms; cache time ${RESPONSE_CACHE_SECONDS} s`;
}

/** Each process renders the article page itself: the same bytes, so one ETag (decision 008). */
async function samePageClaim(from: string, slug: string, processes: AppProcess[]) {
  const etags: string[] = [];
  for (const p of processes) {
    const page = await request(from, `${p.url}/p/${slug}`, {
      headers: { "accept-encoding": "br" },
    });
    etags.push(String(page.headers.etag));
  }
  const named = processes.map((p, i) => `${p.name} ${etags[i]}`).join(", ");
  assert.equal(new Set(etags).size, 1, named);
  return etags[0];
}

/** One visitor (one cookie) asks Max on A, then B, then C: the third question is refused. */
async function creditsClaim(from: string, processes: AppProcess[]) {
  let cookie = "";
  const answers = [];
  for (const p of processes) {
    const res = await request(from, `${p.url}/api/assistant/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie && { cookie }) },
      body: JSON.stringify({ text: "What is the price of bitcoin?" }),
    });
    assert.equal(res.status, 200, `chat on ${p.name}: ${res.body}`);
    const set = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    cookie ||= set.map((c) => c.split(";")[0]).join("; ");
    answers.push((await readAnswer(res.body.toString())).message.metadata);
  }
  assert.deepEqual(answers[0]?.credits, { used: 1, limit: 2, remaining: 1 }, "A's answer");
  assert.deepEqual(answers[1]?.credits, { used: 2, limit: 2, remaining: 0 }, "B's answer");
  assert.equal(answers[2]?.limited, true, "C answered a third question");
  return "answered on A and B, refused on C";
}

/** The GETs the load sends: cached public reads and private ones that always reach a process. */
function loadPaths(slug: string): string[] {
  return [
    `/p/${slug}`,
    LIST_PATH,
    `/api/viewer?article=${slug}`,
    "/api/studio/articles?pageSize=5",
  ];
}

/** What of the load failed: answers other than 2xx, connection errors, timeouts. */
function failedLoad({ non2xx, errors, timeouts }: LoadTally) {
  return { non2xx, errors, timeouts };
}

/**
 * Load and writes through nginx while `event` happens to the fleet: no GET may fail, and no write
 * answered 201 may be missing from the database afterwards.
 */
async function underLoad(
  fleet: Fleet,
  from: string,
  editor: Person,
  slug: string,
  event: () => Promise<void>,
) {
  const { tally, value: writes } = await loadDuring(
    fleet.publicUrl,
    loadPaths(slug),
    () => writesDuring(from, fleet.publicUrl, fleet.databaseUrl, editor, event),
    { headers: { authorization: `Bearer ${editor.jwt}` } },
  );
  assert.ok(tally.requests > 100, `only ${tally.requests} requests under load`);
  assert.deepEqual(failedLoad(tally), { non2xx: 0, errors: 0, timeouts: 0 }, JSON.stringify(tally));
  assert.deepEqual(writes.lost, [], "writes answered 201 but not in the database");
  const refusals = writes.refused.length ? ` (${writes.refused.join(", ")})` : "";
  const report = `${tally.requests} GETs, none failed; ${writes.acknowledged} writes answered 201, all stored; ${writes.refused.length} refused${refusals}`;
  return { writes, report };
}

/** B is killed (SIGKILL) in the middle of load and writes, then started again. */
async function crashClaim(fleet: Fleet, from: string, editor: Person, slug: string) {
  const b = fleet.processes[1]!;
  try {
    const { report } = await underLoad(fleet, from, editor, slug, async () => {
      await sleep(1500);
      await b.stop("SIGKILL");
      await sleep(3000);
    });
    return report;
  } finally {
    await b.start();
  }
}

/** A, B and C restarted one after another (SIGTERM, start, ready, pause) under load and writes. */
async function rollingClaim(fleet: Fleet, from: string, editor: Person, slug: string) {
  // nginx leaves a process out for fail_timeout after it refused a connection: restarting the next
  // one sooner could leave none in.
  const pause = (nginxFailTimeoutSeconds() + 1) * 1000;
  // When each process was down, for a failure's message: the load's errors carry their time too.
  const began = Date.now();
  const stops: string[] = [];
  const { writes, report } = await underLoad(fleet, from, editor, slug, async () => {
    for (const p of fleet.processes) {
      await p.stop("SIGTERM");
      stops.push(`${p.name} stopped after ${Date.now() - began} ms`);
      await p.start();
      await sleep(pause);
    }
  }).catch((err: unknown) => {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${stops.join("; ")}`);
  });
  // A closing process serves what reaches it (app.ts return503OnClosing); only a POST nginx sent
  // on a kept-alive connection as the process closed it can fail (502), unread, so unapplied.
  assert.deepEqual(
    writes.refused.filter((why) => why !== "502"),
    [],
    "writes refused by a closing process",
  );
  assert.equal(writes.appliedAnyway, 0, "a refused write was stored: a retry would double it");
  return writes.refused.length ? `${report}, none of them applied` : report;
}

/** The last problems in nginx's error log in `dir`, printed to tell what failed. */
function printNginxErrors(dir: string): void {
  const log = fs.readFileSync(path.join(dir, "error.log"), "utf8");
  // Warnings and errors, and the client connections nginx saw reset or cut short (info).
  const lines = log
    .split("\n")
    .filter(
      (l) =>
        /\[(warn|error|crit|alert|emerg)\]/.test(l) ||
        (/\[info\]/.test(l) && /reset|prematurely|timed out|failed/.test(l)),
    );
  console.log(
    `\nnginx error.log (last ${Math.min(lines.length, 20)} of ${lines.length} problems):`,
  );
  for (const line of lines.slice(-20)) console.log(`  ${line}`);
}

async function main(): Promise<number> {
  ensureWebBuild();
  const nginxPort = await freePort();
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const metricsToken = `fleet-check-${"x".repeat(24)}-${process.pid}`;
  const fleet = await createFleet(3, publicUrl, {
    RESPONSE_CACHE_SECONDS: String(RESPONSE_CACHE_SECONDS),
    METRICS_TOKEN: metricsToken,
  });
  const from = loopbackAddress();
  const nginx = await startNginx({
    port: nginxPort,
    upstreams: fleet.processes.map((p) => p.port),
    workers: 1,
  }).catch(async (err: unknown) => {
    await fleet.close();
    throw err;
  });
  try {
    const a = fleet.processes[0]!;
    await Promise.all(fleet.processes.map((p) => p.start()));
    console.log(
      `nginx ${nginx.url} (docs/deploy/nginx.conf) in front of ` +
        fleet.processes.map((p) => `${p.name} :${p.port}`).join(", ") +
        ", started at once on one fresh database",
    );
    const slug = await firstSlug(a.url);
    const { editor, member } = await createPeople(from, publicUrl, fleet.env);
    await claim("nginx caches public answers by the app's Cache-Control, never private ones", () =>
      cachedAnswers(from, publicUrl, slug, member, metricsToken, a),
    );
    await claim("a public page is the same bytes (one ETag) from every process", () =>
      samePageClaim(from, slug, fleet.processes),
    );
    await claim("an avatar uploaded through A is served by B and C", () =>
      avatarClaim(from, member, fleet.processes),
    );
    await claim("a publish through A shows at once in B's and C's cached answers", () =>
      publishClaim(from, editor, fleet.processes),
    );
    await claim("an anonymous visitor's 2 Max credits hold across processes", () =>
      creditsClaim(from, fleet.processes),
    );
    await claim("SIGKILL of B under load loses no GET and no acknowledged write", () =>
      crashClaim(fleet, from, editor, slug),
    );
    await claim("a rolling restart (SIGTERM, start, ready; one at a time) drops no request", () =>
      rollingClaim(fleet, from, editor, slug),
    );
  } finally {
    if (failures.length) printNginxErrors(nginx.dir);
    await nginx.stop();
    await fleet.close();
  }
  console.log(failures.length ? `\n${failures.length} claim(s) failed` : "\nall claims hold");
  return failures.length ? 1 : 0;
}

process.exitCode = await main();
