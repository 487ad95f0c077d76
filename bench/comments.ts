// Comments benchmark (docs/product/reader.md#comments): on SQLite, an article with 10,000 comments
// in threads up to depth 8 beside one with 50; autocannon on the first page of each thread (GET
// /api/comment-manager/comments/{slug}?limit=20) and on each article page /p/{slug}, cache off,
// in alternation, and the server's peak memory.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { openDb } from "../apps/server/src/db/client.ts";
import type { Database } from "../apps/server/src/db/schema.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { recountComments } from "../apps/server/src/modules/comments/comment-count.repository.ts";
import { type LoadResult, loadInterleaved, rng, type StartApp } from "./load.ts";

const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 10_000);
/** The small discussion the large one is compared with. */
const FEW = 50;
const MEMBERS = 50;
const MAX_DEPTH = 8;
const SLUG = "bench-comments";
const FEW_SLUG = "bench-comments-few";

/**
 * Writes the published article `slug` and `count` comments under it by `members` (see
 * `generate`), with `trx`.
 */
async function discussion(
  trx: Kysely<Database>,
  members: number[],
  slug: string,
  count: number,
  rand: () => number,
): Promise<void> {
  const now = Date.UTC(2025, 0, 1);
  const iso = (ms: number) => new Date(ms).toISOString();
  const article = await trx
    .insertInto("articles")
    .values({
      slug,
      title: "A long discussion",
      sub_title: "A benchmark discussion",
      content: "Benchmark article.\n\n".repeat(50),
      body: 1,
      excerpt: "Benchmark article.",
      reading_time_minutes: 2,
      publish_date: iso(now),
      status: "published",
      created_at: iso(now),
      updated_at: iso(now),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The comments a reply may still answer (depth below MAX_DEPTH).
  const open: { id: number; depth: number }[] = [];
  for (let i = 0; i < count; i++) {
    const parent = i === 0 || rand() < 0.2 ? null : open[Math.floor(rand() * open.length)];
    const author = members[Math.floor(rand() * members.length)] ?? members[0] ?? 1;
    const at = iso(now + i * 60_000);
    const row = await trx
      .insertInto("comments")
      .values({
        article_id: article.id,
        parent_id: parent?.id ?? null,
        author_id: author,
        content: `Comment ${i}: ${"a considered view on liquidity and risk ".repeat(1 + (i % 6))}`,
        created_at: at,
        updated_at: at,
        deleted_at: i % 50 === 49 ? at : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const depth = (parent?.depth ?? 0) + 1;
    if (depth < MAX_DEPTH) open.push({ id: row.id, depth });
    const likes = Math.floor(rand() * 4);
    for (let l = 0; l < likes; l++) {
      await trx
        .insertInto("comment_likes")
        .values({
          comment_id: row.id,
          user_id: members[(i + l) % members.length] ?? 1,
          created_at: at,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}

/**
 * Fills a fresh SQLite database in `dataDir`: `MEMBERS` members and two published articles,
 * `SLUG` with `COMMENTS` comments and `FEW_SLUG` with `FEW`; each comment starts a thread or
 * answers a random earlier one whose depth is below MAX_DEPTH, a few carry likes, one in 50 is
 * deleted.
 */
async function generate(dataDir: string): Promise<void> {
  const db = openDb({ dataDir });
  await migrateToLatest(db);
  const rand = rng(7);
  const now = Date.UTC(2025, 0, 1);
  const iso = (ms: number) => new Date(ms).toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    const members: number[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const row = await trx
        .insertInto("users")
        .values({
          username: `Bench reader ${i}`,
          email: `bench${i}@example.test`,
          password_hash: null,
          created_at: iso(now),
          updated_at: iso(now),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      members.push(row.id);
    }
    for (const [slug, count] of [
      [SLUG, COMMENTS],
      [FEW_SLUG, FEW],
    ] as const) {
      await discussion(trx, members, slug, count, rand);
    }
    await recountComments(trx, null);
  });
  await db.close();
}

/** The peak resident memory of process `pid` in MiB (Linux `VmHWM`), or null elsewhere. */
function peakMiB(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** `many` / `few` requests a second: how much dearer the large discussion is (1 = the same). */
function costRatio(many: LoadResult, few: LoadResult): number {
  return Math.round((few.requestsPerSecond / Math.max(many.requestsPerSecond, 1)) * 100) / 100;
}

/**
 * Runs the comments benchmark; `startApp` starts the production server on a data folder, with
 * the response cache off. In three alternating rounds each: the first page of each thread (the
 * API, `?limit=20`), then each article page (every request a URL never rendered before, so the
 * page is read and rendered every time).
 * @returns req/s and latency (ms; p95 is autocannon's p97.5, as in run.ts) of each, the cost
 * ratios large / small (target <= 1.5), the first page's size in KiB, the size of the whole
 * thread's answer (the call without parameters, read once) and the server's peak memory in MiB.
 */
export async function runCommentsBench(startApp: StartApp) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-bench-comments-"));
  await generate(dataDir);
  const app = await startApp(dataDir, { SEED_DEMO_CONTENT: "false", RESPONSE_CACHE_SECONDS: "0" });
  try {
    const base = `http://127.0.0.1:${app.port}`;
    const api = (slug: string) => `${base}/api/comment-manager/comments/${slug}?limit=20`;
    const first = await fetch(api(SLUG));
    if (first.status !== 200) throw new Error(`comments answered ${first.status}`);
    const body = Buffer.from(await first.arrayBuffer());
    const [apiMany, apiFew] = await loadInterleaved([
      [`first page, ${COMMENTS} comments`, api(SLUG)],
      [`first page, ${FEW} comments`, api(FEW_SLUG)],
    ]);
    const [pageMany, pageFew] = await loadInterleaved(
      [
        [`article page, ${COMMENTS} comments, cache off`, `${base}/p/${SLUG}`],
        [`article page, ${FEW} comments, cache off`, `${base}/p/${FEW_SLUG}`],
      ],
      3,
      { uniqueQuery: true },
    );
    const peakAfterPages = peakMiB(app.child.pid);
    // The whole thread, once: what the call without parameters still answers.
    const whole = Buffer.from(
      await (await fetch(`${base}/api/comment-manager/comments/${SLUG}`)).arrayBuffer(),
    );
    const apiRatio = costRatio(apiMany, apiFew);
    const pageRatio = costRatio(pageMany, pageFew);
    return {
      comments: COMMENTS,
      few: FEW,
      firstPageKiB: Math.round((body.length / 1024) * 10) / 10,
      wholeThreadKiB: Math.round((whole.length / 1024) * 10) / 10,
      api: {
        many: apiMany,
        few: apiFew,
        ratio: { value: apiRatio, target: "<= 1.5", met: apiRatio <= 1.5 },
      },
      page: {
        many: pageMany,
        few: pageFew,
        ratio: { value: pageRatio, target: "<= 1.5", met: pageRatio <= 1.5 },
      },
      peakMemoryMiB: { afterPages: peakAfterPages, afterWholeThread: peakMiB(app.child.pid) },
    };
  } finally {
    app.child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Prints the comments benchmark's figures; `pct` (when the run measured a baseline) gives a
 * rate's share of it in %.
 */
export function printComments(
  r: Awaited<ReturnType<typeof runCommentsBench>>,
  pct?: (rps: number) => number,
): void {
  const line = (x: LoadResult) =>
    `${x.name}: ${x.requestsPerSecond} req/s${pct ? ` (${pct(x.requestsPerSecond)} % of baseline)` : ""}, p50 ${x.p50ms} ms, p95 ${x.p95ms} ms`;
  for (const x of [r.api.many, r.api.few, r.page.many, r.page.few]) console.log(line(x));
  console.log(
    `cost of ${r.comments} comments over ${r.few}: first page ${r.api.ratio.value}x, article page ${r.page.ratio.value}x (target <= 1.5); ` +
      `first page ${r.firstPageKiB} KiB (the whole thread, without parameters, ${r.wholeThreadKiB} KiB); ` +
      `server peak memory ${r.peakMemoryMiB.afterPages} MiB after the pages, ${r.peakMemoryMiB.afterWholeThread} MiB after one whole-thread read`,
  );
}
