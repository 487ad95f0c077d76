// Notification fan-out benchmark (docs/product/reader.md#notification-fan-out, decision 030): on SQLite,
// replies posted in a thread of 1,000 participants and in one of 5, in alternation, with the
// server's notification email worker mailing into a loopback SMTP sink meanwhile; the reply's
// latency (POST /api/comment-manager/subcomments/{id}) in each, and what was mailed.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { type Db, openDb } from "../apps/server/src/db/client.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import type { Database } from "../apps/server/src/db/schema.ts";
import { recountComments } from "../apps/server/src/modules/comments/comment-count.repository.ts";
import { createSessionTokens } from "../apps/server/src/modules/accounts/sessions.ts";
import { insertArticle } from "../apps/server/src/testing/fixtures.ts";
import { startSmtpSink } from "../apps/server/src/testing/smtp-sink.ts";
import type { StartApp } from "./load.ts";

/** The large thread's participants: members who each wrote a comment under its article. */
const MANY = 1000;
/** The small thread's participants. */
const FEW = 5;
/** Replies measured in each thread; each replier writes 5 (limits.md: 5 a minute per member). */
const REPLIES = Number(process.env.BENCH_FANOUT_REPLIES ?? 200);
const PER_REPLIER = 5;
/** Replies not measured first in each thread (the server's JIT and caches warming up). */
const WARMUP = 10;
/** Time between two replies, in ms: REPLIES × 2 of them span more than the worker's 30 s poll. */
const GAP_MS = Number(process.env.BENCH_FANOUT_GAP_MS ?? 100);
/** Every how many replies one mentions a participant ("@{name}"): mention lookup over the thread. */
const MENTION_EVERY = 4;

/** One thread of the benchmark: its participants' comments (reply targets) and names. */
interface Thread {
  slug: string;
  comments: number[];
  names: string[];
  /** The members who reply in it (none of them a participant before). */
  repliers: number[];
}

/** Inserts verified members `{name} {i}`; returns their ids in order. */
export async function members(trx: Kysely<Database>, name: string, count: number, at: string) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await trx
      .insertInto("users")
      .values({
        username: `${name} ${i}`,
        email: `${name.toLowerCase().replace(/ /g, ".")}.${i}@example.test`,
        email_verified_at: at,
        password_hash: null,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** Inserts the published article `slug` ("A discussion of {count}", dated `at`); returns its id. */
export function discussionArticle(
  db: Db,
  slug: string,
  count: number,
  at: string,
): Promise<number> {
  return insertArticle(db, {
    slug,
    title: `A discussion of ${count}`,
    content: "Benchmark article.",
    publishDate: at,
  });
}

/** One top-level comment on `article` by each of `count` new participants. */
async function thread(
  trx: Kysely<Database>,
  article: { id: number; slug: string },
  name: string,
  count: number,
  replierCount: number,
  at: string,
): Promise<Thread> {
  const people = await members(trx, name, count, at);
  const comments: number[] = [];
  for (const author of people) {
    const row = await trx
      .insertInto("comments")
      .values({
        article_id: article.id,
        parent_id: null,
        author_id: author,
        content: "A considered view on liquidity and risk.",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    comments.push(row.id);
  }
  await recountComments(trx, [article.id]);
  const repliers = await members(trx, `${name} replier`, replierCount, at);
  return { slug: article.slug, comments, names: people.map((_, i) => `${name} ${i}`), repliers };
}

/** A reply's latency in ms, and whether it mentioned someone. */
interface Timed {
  ms: number;
  mention: boolean;
}

/** Percentile `p` (0 to 100) of `values`, nearest rank, rounded to 0.1 ms. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const v = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return Math.round(v * 10) / 10;
}

/** Two threads on a fresh SQLite database in a new folder, and the replies' SMTP sink. */
async function prepare() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-bench-fanout-"));
  const sink = await startSmtpSink({ parse: false });
  const db = openDb({ dataDir });
  await migrateToLatest(db);
  const at = new Date(Date.now() - 60_000).toISOString();
  const repliersPerThread = Math.ceil((REPLIES + WARMUP) / PER_REPLIER);
  const article = async (slug: string, count: number) => ({
    slug,
    id: await discussionArticle(db, slug, count, at),
  });
  const [manyArticle, fewArticle] = [
    await article("bench-fanout-many", MANY),
    await article("bench-fanout-few", FEW),
  ];
  const [many, few] = await db.kysely
    .transaction()
    .execute(async (trx) => [
      await thread(trx, manyArticle, "Fan", MANY, repliersPerThread, at),
      await thread(trx, fewArticle, "Few", FEW, repliersPerThread, at),
    ]);
  return { dataDir, sink, db, many, few };
}

/**
 * Posts replies on the server at `base` as the threads' repliers (sessions signed with `secret`):
 * WARMUP in each, then REPLIES in each, alternating, one every GAP_MS.
 * @returns the latencies of the measured ones per thread, and how long they took in all (s).
 */
async function postReplies(base: string, secret: string, threads: [Thread, Thread]) {
  const tokens = createSessionTokens(secret);
  const auth = new Map<number, string>();
  for (const id of threads.flatMap((t) => t.repliers)) {
    auth.set(id, `Bearer ${await tokens.issue({ userId: id, tokenVersion: 0 })}`);
  }
  const posted = new Map<Thread, number>();
  const reply = async (t: Thread): Promise<Timed> => {
    const n = posted.get(t) ?? 0;
    posted.set(t, n + 1);
    const parent = t.comments[n % t.comments.length] as number;
    const replier = t.repliers[Math.floor(n / PER_REPLIER)] as number;
    const mention = n % MENTION_EVERY === 0 ? ` @${t.names[(n * 7 + 3) % t.names.length]},` : "";
    const start = performance.now();
    const res = await fetch(`${base}/api/comment-manager/subcomments/${parent}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: auth.get(replier) ?? "" },
      body: JSON.stringify({ content: `Reply ${n}:${mention} I see it differently.` }),
    });
    await res.arrayBuffer();
    const ms = performance.now() - start;
    if (res.status !== 201) throw new Error(`a reply answered ${res.status}`);
    return { ms, mention: mention !== "" };
  };
  for (let i = 0; i < WARMUP; i++) for (const t of threads) await reply(t);
  const times = new Map<Thread, Timed[]>(threads.map((t) => [t, []]));
  const started = performance.now();
  for (let i = 0; i < REPLIES; i++) {
    for (const t of i % 2 === 0 ? threads : [...threads].reverse()) {
      times.get(t)?.push(await reply(t));
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
  }
  return { times, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

/** The notifications in `db`: all, mentions, and claimed for a mail. */
async function notificationCounts(db: Db) {
  const count = async (where: "all" | "mention" | "mailed") => {
    let q = db.kysely.selectFrom("notifications").select((eb) => eb.fn.countAll<number>().as("n"));
    if (where === "mention") q = q.where("kind", "=", "mention");
    if (where === "mailed") q = q.where("emailed_at", "is not", null);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  return {
    created: await count("all"),
    mentions: await count("mention"),
    mailed: await count("mailed"),
  };
}

/**
 * Runs the fan-out benchmark; `startApp` starts the production server on a data folder. The
 * server mails "at once" notifications with no gathering delay into a loopback SMTP sink at a pace
 * that never binds, its worker polling every 30 s as in production. Replies (`postReplies`) each
 * answer another participant's comment (in the small thread, the same 5 over and over: a reply
 * storm), one in MENTION_EVERY mentioning a participant; then it waits (45 s at most) for the
 * worker to mail every notification.
 * @returns each thread's reply latency (ms, p50/p99, measured by the client; p50 of those with a
 * mention), the p50 and p99 ratios many / few, and what was mailed: notifications, mails, and
 * the most mails one member got.
 */
export async function runFanoutBench(startApp: StartApp) {
  const { dataDir, sink, db, many, few } = await prepare();
  const secret = randomBytes(32).toString("hex");
  const app = await startApp(dataDir, {
    SEED_DEMO_CONTENT: "false",
    APP_SECRET: secret,
    SMTP_URL: sink.url,
    NOTIFICATION_EMAIL_DELAY_SECONDS: "0",
    NEWSLETTER_RATE_PER_MINUTE: "1000000",
  });
  const mails = () => [...sink.deliveredTo.values()];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  try {
    const { times, seconds } = await postReplies(`http://127.0.0.1:${app.port}`, secret, [
      many,
      few,
    ]);
    const duringReplies = sum(mails());
    const deadline = Date.now() + 45_000;
    for (let c = await notificationCounts(db); c.mailed < c.created && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 500));
      c = await notificationCounts(db);
    }
    const stat = (t: Thread) => {
      const all = times.get(t) ?? [];
      const ms = all.map((x) => x.ms);
      const mentioning = all.filter((x) => x.mention).map((x) => x.ms);
      return {
        replies: ms.length,
        p50ms: percentile(ms, 50),
        p99ms: percentile(ms, 99),
        mentioning: { replies: mentioning.length, p50ms: percentile(mentioning, 50) },
      };
    };
    const [m, f] = [stat(many), stat(few)];
    return {
      participants: { many: MANY, few: FEW },
      gapMs: GAP_MS,
      windowSeconds: seconds,
      many: m,
      few: f,
      p50Ratio: Math.round((m.p50ms / Math.max(f.p50ms, 0.1)) * 100) / 100,
      p99Ratio: Math.round((m.p99ms / Math.max(f.p99ms, 0.1)) * 100) / 100,
      notifications: await notificationCounts(db),
      mails: {
        sent: sum(mails()),
        duringReplies,
        recipients: mails().length,
        mostToOneMember: Math.max(0, ...mails()),
      },
    };
  } finally {
    app.child.kill("SIGTERM");
    await db.close();
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints the fan-out benchmark's figures. */
export function printFanout(r: Awaited<ReturnType<typeof runFanoutBench>>): void {
  for (const [name, x] of [
    [`${r.participants.many} participants`, r.many],
    [`${r.participants.few} participants`, r.few],
  ] as const) {
    console.log(
      `reply in a thread of ${name}: ${x.replies} replies, p50 ${x.p50ms} ms, p99 ${x.p99ms} ms; the ${x.mentioning.replies} with a mention p50 ${x.mentioning.p50ms} ms`,
    );
  }
  console.log(
    `${r.participants.many} over ${r.participants.few}: p50 ratio ${r.p50Ratio}, p99 ratio ${r.p99Ratio}; ` +
      `${r.notifications.created} notifications (${r.notifications.mentions} mentions), ${r.notifications.mailed} mailed ` +
      `in ${r.mails.sent} mails to ${r.mails.recipients} members (${r.mails.duringReplies} while the replies were measured, over ${r.windowSeconds} s), ` +
      `at most ${r.mails.mostToOneMember} to one member`,
  );
}
