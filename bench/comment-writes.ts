// Comment writes benchmark (docs/scale.md#comment-writes): the cost a write pays for the article's
// kept comment count (`articles.comment_count`), on SQLite and PostgreSQL. An article with
// BENCH_COMMENT_WRITES_THREAD comments (10,000: threads to depth 8, 1 in 50 deleted) beside one
// with 10; in each, in alternation, a member replies (POST /api/comment-manager/subcomments/{id})
// and deletes the reply (DELETE /api/comment-manager/comments/{id}), through the app in this
// process (Fastify `inject`: routes, service, notifications, no network). Prints the median and
// p90 of each and the ratios large / small; writes bench/results/comment-writes-latest.json.
//
//   node bench/comment-writes.ts        BENCH_SCALE_ENGINES=sqlite  BENCH_COMMENT_WRITES_ROUNDS=60
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { buildApp } from "../apps/server/src/app.ts";
import type { Db, Dialect } from "../apps/server/src/db/client.ts";
import { createSessionTokens } from "../apps/server/src/modules/accounts/sessions.ts";
import { recountComments } from "../apps/server/src/modules/comments/comment-count.repository.ts";
import { sharedTestDb, testConfig } from "../apps/server/src/testing/db.ts";
import { discussionArticle, members, percentile } from "./fanout.ts";
import { rng, root } from "./load.ts";
import { inserter, nextId } from "./scale-insert.ts";

const LARGE = Number(process.env.BENCH_COMMENT_WRITES_THREAD ?? 10_000);
const SMALL = 10;
/** Reply-and-delete rounds measured in each thread, after WARMUP rounds not measured. */
const ROUNDS = Number(process.env.BENCH_COMMENT_WRITES_ROUNDS ?? 40);
const WARMUP = 5;
/** Replies a member may post in a minute (docs/product/limits.md): a new replier every 5. */
const PER_REPLIER = 5;
const MAX_DEPTH = 8;
const PG_URL = process.env.BENCH_SCALE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = "test-secret-test-secret-test-secret-0123";

/**
 * A published article with `count` comments by `authors`: 1 in 5 starts a thread, the rest
 * answer a random comment above depth MAX_DEPTH; 1 in 50 is deleted. Explicit ids (the bulk
 * inserter's), then its kept count is written. @returns the article's slug and comment ids.
 */
async function discussion(db: Db, slug: string, count: number, authors: number[]) {
  const k = db.kysely;
  const at = new Date(Date.now() - 86_400_000).toISOString();
  const articleId = await discussionArticle(db, slug, count, at);
  const rand = rng(count);
  const rows = inserter(k, "comments", 8);
  const open: { id: number; depth: number }[] = [];
  const ids: number[] = [];
  let id = await nextId(k, "comments");
  for (let i = 0; i < count; i++, id++) {
    const parent = i === 0 || rand() < 0.2 ? null : open[Math.floor(rand() * open.length)];
    await rows.add({
      id,
      article_id: articleId,
      parent_id: parent?.id ?? null,
      author_id: authors[i % authors.length] as number,
      content: `Comment ${i}: a considered view on liquidity and risk.`,
      created_at: at,
      updated_at: at,
      deleted_at: i % 50 === 49 ? at : null,
    });
    const depth = (parent?.depth ?? 0) + 1;
    if (depth < MAX_DEPTH) open.push({ id, depth });
    ids.push(id);
  }
  await rows.flush();
  await recountComments(k, [articleId]);
  return { slug, ids: ids.filter((_, i) => i % 50 !== 49) };
}

type App = Awaited<ReturnType<typeof buildApp>>;
type Thread = { name: string; ids: number[] };

/**
 * WARMUP + ROUNDS rounds in `threads`, alternating which goes first: in each a member (a new one
 * every PER_REPLIER replies, `auth`) replies to one of its comments, then deletes the reply.
 * @returns per thread name, the latencies of the measured replies and deletes, in ms.
 */
async function timeWrites(app: App, threads: Thread[], auth: string[]) {
  const times = new Map(
    threads.map((t) => [t.name, { reply: [] as number[], remove: [] as number[] }]),
  );
  let n = 0;
  const round = async (t: Thread, keep: boolean) => {
    const authorization = auth[Math.floor(n / PER_REPLIER)] as string;
    const parent = t.ids[(n * 7919) % t.ids.length] as number;
    n++;
    let start = performance.now();
    const posted = await app.inject({
      method: "POST",
      url: `/api/comment-manager/subcomments/${parent}`,
      headers: { authorization },
      payload: { content: `Reply ${n}: I see it differently.` },
    });
    const reply = performance.now() - start;
    if (posted.statusCode !== 201) throw new Error(`a reply answered ${posted.statusCode}`);
    start = performance.now();
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/comment-manager/comments/${posted.json().id}`,
      headers: { authorization },
    });
    const remove = performance.now() - start;
    if (removed.statusCode !== 200) throw new Error(`a delete answered ${removed.statusCode}`);
    if (keep) {
      times.get(t.name)?.reply.push(reply);
      times.get(t.name)?.remove.push(remove);
    }
  };
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    for (const t of i % 2 === 0 ? threads : [...threads].reverse()) await round(t, i >= WARMUP);
  }
  return (name: string) => times.get(name) ?? { reply: [], remove: [] };
}

/** p50 and p90 of each write in each thread, and the p50s' ratio large / small. */
function summary(large: { reply: number[]; remove: number[] }, small: typeof large) {
  const stat = (ms: number[]) => ({ p50: percentile(ms, 50), p90: percentile(ms, 90) });
  const ratio = (a: number[], b: number[]) =>
    Math.round((percentile(a, 50) / Math.max(percentile(b, 50), 0.1)) * 100) / 100;
  return {
    reply: {
      large: stat(large.reply),
      small: stat(small.reply),
      ratio: ratio(large.reply, small.reply),
    },
    remove: {
      large: stat(large.remove),
      small: stat(small.remove),
      ratio: ratio(large.remove, small.remove),
    },
  };
}

/** Measures one engine: the two threads on a fresh database, then the rounds. */
async function measure(engine: Dialect) {
  if (engine === "postgres") process.env.DATABASE_URL = PG_URL;
  const shared = await sharedTestDb(engine);
  const db = shared.db;
  const app = await buildApp(testConfig({ ...shared.env, APP_SECRET: SECRET }), {
    db,
    logger: false,
  });
  try {
    const at = new Date().toISOString();
    const authors = await members(db.kysely, "Author", 50, at);
    const threads = [
      { name: "large", ...(await discussion(db, "bench-writes-large", LARGE, authors)) },
      { name: "small", ...(await discussion(db, "bench-writes-small", SMALL, authors)) },
    ];
    if (engine === "postgres") {
      await sql`select setval(pg_get_serial_sequence('comments', 'id'), (select max(id) from comments))`.execute(
        db.kysely,
      );
      await sql`analyze`.execute(db.kysely);
    }
    const repliers = await members(
      db.kysely,
      "Replier",
      Math.ceil((2 * (ROUNDS + WARMUP)) / PER_REPLIER),
      at,
    );
    const tokens = createSessionTokens(SECRET);
    const auth: string[] = [];
    for (const r of repliers)
      auth.push(`Bearer ${await tokens.issue({ userId: r, tokenVersion: 0 })}`);
    const of = await timeWrites(app, threads, auth);
    return {
      engine,
      rounds: ROUNDS,
      threads: { large: LARGE, small: SMALL },
      ...summary(of("large"), of("small")),
    };
  } finally {
    await app.close();
    await db.close();
  }
}

const engines = (process.env.BENCH_SCALE_ENGINES ?? "sqlite,postgres").split(",") as Dialect[];
const results = [];
for (const engine of engines) {
  const r = await measure(engine);
  results.push(r);
  console.log(
    `${engine}: reply in ${LARGE} / ${SMALL} comments p50 ${r.reply.large.p50} / ${r.reply.small.p50} ms (p90 ${r.reply.large.p90} / ${r.reply.small.p90}), ratio ${r.reply.ratio}; ` +
      `delete p50 ${r.remove.large.p50} / ${r.remove.small.p50} ms (p90 ${r.remove.large.p90} / ${r.remove.small.p90}), ratio ${r.remove.ratio}`,
  );
}
const out = path.join(root, "bench", "results");
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, "comment-writes-latest.json"), JSON.stringify(results, null, 2));
