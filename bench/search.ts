// Search benchmark: 10,000 generated articles on SQLite, then p50/p95 latency of varied queries
// (with typos) through GET /api/fuzzy-search/search, one request at a time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDb } from "../apps/server/src/db/client.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { createSearchService } from "../apps/server/src/modules/search/search.service.ts";
import { rng, type StartApp } from "./load.ts";

const ARTICLES = Number(process.env.BENCH_SEARCH_ARTICLES ?? 10_000);
const WORDS =
  "ethereum staking validator rollup bitcoin mempool fee stablecoin liquidity bridge wallet custody restaking solana cosmos governance token unlock market volatility derivatives funding oracle lending collateral yield treasury settlement consensus finality sequencer blob data availability privacy regulation exchange flows inflation issuance supply demand network security audit exploit upgrade fork client node miner hashrate difficulty halving layer protocol interoperability arbitrage slippage orderbook custody etf".split(
    " ",
  );
const QUERIES = [
  "etherum stakng",
  "bitcoin mempool",
  "stablecoin liquidity",
  "rollup sequencer",
  "solanna validator",
  "restakng risk",
  "bridge securty",
  "halving hashrate",
  "oracle lending collateral",
  "governance token unlock",
  "data availability blob",
  "etf flows",
  '"staking',
  "yield -treasury",
  "consensus NEAR finality",
  "wallet OR custody",
  "((exploit",
  "derivatives funding",
  "privacy regulation",
  "interoperability",
];

/** Fills a fresh SQLite database in `dataDir` with `ARTICLES` generated, indexed articles. */
async function generate(dataDir: string): Promise<void> {
  const db = openDb({ dataDir });
  await migrateToLatest(db);
  const search = createSearchService(db);
  const rand = rng(42);
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)] ?? "crypto";
  const sentence = (n: number) => Array.from({ length: n }, pick).join(" ");
  const now = new Date().toISOString();
  const batch = 500;
  for (let start = 0; start < ARTICLES; start += batch) {
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(start + batch, ARTICLES); i++) {
        const title = `${sentence(4)} ${i}`;
        const content = Array.from({ length: 20 }, () => sentence(15)).join(". ");
        const row = await trx
          .insertInto("articles")
          .values({
            slug: `generated-${i}`,
            title,
            sub_title: sentence(10),
            content,
            body: 1,
            excerpt: content.slice(0, 200),
            reading_time_minutes: 2,
            publish_date: new Date(Date.UTC(2022, 0, 1) + i * 3_600_000).toISOString(),
            status: "published",
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await search.index({ id: row.id, title, subTitle: "", content, tags: [pick(), pick()] });
      }
    });
  }
  await db.close();
}

/** Runs the search benchmark; `startApp` starts the production server on a data folder. */
export async function runSearchBench(_root: string, startApp: StartApp) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-bench-search-"));
  await generate(dataDir);
  const app = await startApp(dataDir, { SEED_DEMO_CONTENT: "false" });
  try {
    const base = `http://127.0.0.1:${app.port}/api/fuzzy-search/search?query=`;
    for (const q of QUERIES) await (await fetch(base + encodeURIComponent(q))).arrayBuffer();
    const times: number[] = [];
    let hits = 0;
    for (let round = 0; round < 10; round++) {
      for (const q of QUERIES) {
        const t0 = performance.now();
        const res = await fetch(base + encodeURIComponent(q));
        const body = (await res.json()) as { articles: unknown[] };
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`search answered ${res.status} for ${q}`);
        hits += body.articles.length > 0 ? 1 : 0;
      }
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) =>
      Math.round((times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0) * 100) /
      100;
    return {
      articles: ARTICLES,
      queries: times.length,
      queriesWithHits: hits,
      p50ms: pct(0.5),
      p95ms: pct(0.95),
    };
  } finally {
    app.child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
