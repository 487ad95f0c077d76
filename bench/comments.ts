// Comments benchmark (docs/product/reader.md#comments): one article with 500 comments in threads up
// to depth 5 on SQLite, then autocannon on GET /api/comment-manager/comments/{slug} and on the
// article page /p/{slug}.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDb } from "../apps/server/src/db/client.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { load, rng, type StartApp } from "./load.ts";

const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 500);
const MEMBERS = 50;
const MAX_DEPTH = 5;
const SLUG = "bench-comments";

/**
 * Fills a fresh SQLite database in `dataDir`: `MEMBERS` members, one published article and
 * `COMMENTS` comments; each comment starts a thread or answers a random earlier one whose depth
 * is below 5, a few carry likes, one in 50 is deleted.
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
    const article = await trx
      .insertInto("articles")
      .values({
        slug: SLUG,
        title: "A long discussion",
        sub_title: "Five hundred comments deep",
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
    const placed: { id: number; depth: number }[] = [];
    for (let i = 0; i < COMMENTS; i++) {
      const open = placed.filter((p) => p.depth < MAX_DEPTH);
      const parent =
        placed.length === 0 || rand() < 0.2 ? null : open[Math.floor(rand() * open.length)];
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
      placed.push({ id: row.id, depth: (parent?.depth ?? 0) + 1 });
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
  });
  await db.close();
}

/**
 * Runs the comments benchmark; `startApp` starts the production server on a data folder.
 * @returns req/s and latency (ms; p95 is autocannon's p97.5, as in run.ts) of the comments API
 * and of the server-rendered article page (anonymous, so the page may come from the response
 * cache; the comments API is never cached), and the size of one comments response in KiB.
 */
export async function runCommentsBench(startApp: StartApp) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-bench-comments-"));
  await generate(dataDir);
  const app = await startApp(dataDir, { SEED_DEMO_CONTENT: "false" });
  try {
    const base = `http://127.0.0.1:${app.port}`;
    const first = await fetch(`${base}/api/comment-manager/comments/${SLUG}`);
    if (first.status !== 200) throw new Error(`comments answered ${first.status}`);
    const body = Buffer.from(await first.arrayBuffer());
    const page = await fetch(`${base}/p/${SLUG}`);
    await page.arrayBuffer();
    const api = await load("comments API", `${base}/api/comment-manager/comments/${SLUG}`);
    const ssr =
      page.status === 200 ? await load("article page with comments", `${base}/p/${SLUG}`) : null;
    return {
      comments: COMMENTS,
      responseKiB: Math.round((body.length / 1024) * 10) / 10,
      api,
      ssr,
    };
  } finally {
    app.child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
