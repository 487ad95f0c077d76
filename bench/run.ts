// `npm run bench`: load, SSR, search and page-weight benchmarks against a baseline measured in
// the same run (docs/architecture.md#data). Writes bench/results/<name>.json and prints a table.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ensureWebBuild } from "../apps/server/src/testing/web-build.ts";
import {
  CONNECTIONS,
  DURATION,
  firstSlug,
  LIST_PATH,
  load,
  loadInterleaved,
  type LoadResult,
  root,
  signIn,
  startApp,
  startBaseline,
  table,
} from "./load.ts";

const resultsDir = path.join(root, "bench", "results");

/** Initial JavaScript of a page: every script and modulepreload it references, gzip-compressed. */
async function initialJsKiB(base: string, pagePath: string): Promise<number> {
  const html = await (await fetch(base + pagePath)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g))
    srcs.add(m[1] ?? "");
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) srcs.add(m[1] ?? "");
  for (const m of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) srcs.add(m[1] ?? "");
  let bytes = 0;
  for (const src of srcs) {
    if (!src.startsWith("/")) continue;
    const body = Buffer.from(await (await fetch(base + src)).arrayBuffer());
    bytes += gzipSync(body).length;
  }
  return Math.round((bytes / 1024) * 10) / 10;
}

/** Whether a run's tail stays close to its median: p99 at most 10 times p50. */
function tail(r: LoadResult) {
  const value = Math.round((r.p99ms / Math.max(r.p50ms, 1)) * 10) / 10;
  return { value, target: "<= 10", met: value <= 10 };
}

/**
 * `{name}PercentOfBaseline` targets: each run's share of the baseline at least `floor` (a share of
 * the article page's, the Market Data targets in docs/product/markets.md#market-data-pages).
 */
function marketTargets(
  runs: Record<string, LoadResult>,
  floor: number,
  ratio: (r: LoadResult) => number,
) {
  const goal = Math.round(floor * 10) / 10;
  return Object.fromEntries(
    Object.entries(runs).map(([name, r]) => [
      `${name}PercentOfBaseline`,
      { value: ratio(r), target: `>= ${goal}`, met: ratio(r) >= goal },
    ]),
  );
}

const children: ChildProcess[] = [];
process.on("exit", () => children.forEach((c) => c.kill("SIGTERM")));

const { runSearchBench } = await import("./search.ts");
const { runCommentsBench, printComments } = await import("./comments.ts");
const { runAssistantBench } = await import("./assistant.ts");
const { runFanoutBench, printFanout } = await import("./fanout.ts");

// BENCH_ONLY=fanout: only the notification fan-out scenario (a reply's latency in a thread of
// 1,000 participants and in one of 5, the notification email worker mailing meanwhile).
if (process.env.BENCH_ONLY === "fanout") {
  ensureWebBuild();
  const fanout = await runFanoutBench(startApp);
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, "fanout-latest.json"), JSON.stringify(fanout, null, 2));
  printFanout(fanout);
  process.exit(0);
}

// BENCH_ONLY=comments: only the comments scenario (the machine may be shared).
if (process.env.BENCH_ONLY === "comments") {
  ensureWebBuild();
  const comments = await runCommentsBench(startApp);
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, "comments-latest.json"),
    JSON.stringify(comments, null, 2),
  );
  printComments(comments);
  process.exit(0);
}

try {
  ensureWebBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-bench-"));
  const baseline = await startBaseline();
  children.push(baseline.child);
  const app = await startApp(dataDir);
  children.push(app.child);
  console.log(
    "measuring: baseline, /api/articles, /p/{slug}, /markets, /markets/{id} (the last three in 3 alternating rounds; each " +
      DURATION +
      " s, " +
      CONNECTIONS +
      " connections) …",
  );
  const base = `http://127.0.0.1:${app.port}`;
  const slug = await firstSlug(base);

  const member = await signIn(base);
  const cacheOff = await startApp(fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-bench-")), {
    RESPONSE_CACHE_SECONDS: "0",
  });
  children.push(cacheOff.child);
  const offBase = `http://127.0.0.1:${cacheOff.port}`;

  const baselineResult = await load(
    "baseline node:http 2 KB JSON",
    `http://127.0.0.1:${baseline.port}/`,
  );
  const list = await load("GET /api/articles (page of 10)", base + LIST_PATH);
  // The article page and the Market Data pages, compared with one another: in alternation
  // (docs/product/markets.md#market-data-pages).
  const [page, markets, coin] = await loadInterleaved([
    ["GET /p/{slug}, anonymous", `${base}/p/${slug}`],
    ["GET /markets, anonymous", `${base}/markets`],
    ["GET /markets/{id}, anonymous", `${base}/markets/bitcoin`],
  ]);
  const pageSignedIn = await load("GET /p/{slug}, signed in", `${base}/p/${slug}`, member);
  const viewer = await load(
    "GET /api/viewer?article={slug}, signed in",
    `${base}/api/viewer?article=${slug}`,
    member,
  );
  const listFresh = await load("GET /api/articles, cache off", offBase + LIST_PATH);
  const [pageFresh, marketsFresh, coinFresh] = await loadInterleaved([
    ["GET /p/{slug}, cache off", `${offBase}/p/${slug}`],
    ["GET /markets, cache off", `${offBase}/markets`],
    ["GET /markets/{id}, cache off", `${offBase}/markets/bitcoin`],
  ]);
  // Every request a URL never rendered before: what a render itself costs (the render memo,
  // docs/decisions/009-render-memo.md, answers the same content without rendering again).
  const pageRender = await load(
    "GET /p/{slug}?v=<unique>, cache off",
    `${offBase}/p/${slug}`,
    {},
    { uniqueQuery: true },
  );
  const pageKB =
    Math.round(((await (await fetch(`${base}/p/${slug}`)).arrayBuffer()).byteLength / 1000) * 10) /
    10;
  const jsKiB = await initialJsKiB(base, `/p/${slug}`);
  console.log(`generating articles for the search benchmark …`);
  const search = await runSearchBench(root, startApp);
  console.log("measuring an article with 10,000 comments beside one with 50 …");
  const comments = await runCommentsBench(startApp);
  console.log("timing Max's offline answers …");
  const assistant = await runAssistantBench(startApp);
  const firstTokenP95 = Math.max(...assistant.questions.map((q) => q.firstToken.p95ms));

  const ratio = (r: LoadResult) =>
    Math.round((r.requestsPerSecond / baselineResult.requestsPerSecond) * 1000) / 10;
  const results = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    load: [
      baselineResult,
      list,
      page,
      pageSignedIn,
      viewer,
      listFresh,
      pageFresh,
      pageRender,
      markets,
      coin,
      marketsFresh,
      coinFresh,
    ].map((r) => ({ ...r, percentOfBaseline: ratio(r) })),
    targets: {
      articlesPercentOfBaseline: { value: ratio(list), target: ">= 50", met: ratio(list) >= 50 },
      articlesP99ms: { value: list.p99ms, target: "<= 10", met: list.p99ms <= 10 },
      ssrPercentOfBaseline: { value: ratio(page), target: ">= 20", met: ratio(page) >= 20 },
      signedInPercentOfAnonymous: {
        value: Math.round((pageSignedIn.requestsPerSecond / page.requestsPerSecond) * 1000) / 10,
        target: ">= 50",
        met: pageSignedIn.requestsPerSecond >= page.requestsPerSecond / 2,
      },
      signedInP99ms: { value: pageSignedIn.p99ms, target: "<= 50", met: pageSignedIn.p99ms <= 50 },
      viewerP99ms: { value: viewer.p99ms, target: "<= 10", met: viewer.p99ms <= 10 },
      cacheOffPagePercentOfBaseline: {
        value: ratio(pageFresh),
        target: ">= 2",
        met: ratio(pageFresh) >= 2,
      },
      cacheOffPageP99OverP50: tail(pageFresh),
      cacheOffArticlesPercentOfBaseline: {
        // 2x the 1,220 req/s first measured against a 28,198 req/s baseline
        // (docs/decisions/012-public-answers-checked-once.md).
        value: ratio(listFresh),
        target: ">= 8.7",
        met: ratio(listFresh) >= 8.7,
      },
      cacheOffArticlesP99OverP50: tail(listFresh),
      // docs/product/markets.md#market-data-pages: cached at least the article page's ratio, cache
      // off at least half of its.
      ...marketTargets({ markets, coin }, ratio(page), ratio),
      ...marketTargets({ marketsFresh, coinFresh }, ratio(pageFresh) / 2, ratio),
      articlePageKB: { value: pageKB, target: "<= 70", met: pageKB <= 70 },
      searchP95ms: { value: search.p95ms, target: "<= 10", met: search.p95ms <= 10 },
      articlePageInitialJsKiBGzip: { value: jsKiB, target: "<= 120", met: jsKiB <= 120 },
      assistantFirstTokenP95ms: {
        value: firstTokenP95,
        target: "<= 150",
        met: firstTokenP95 <= 150,
      },
    },
    search,
    comments,
    assistant,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `foundation-${results.measuredAt.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify(results, null, 2));
  fs.writeFileSync(
    path.join(resultsDir, "foundation-latest.json"),
    JSON.stringify(results, null, 2),
  );
  table(
    results.load.map((r) => ({
      scenario: r.name,
      "req/s": r.requestsPerSecond,
      "% of baseline": r.percentOfBaseline,
      "p50 ms": r.p50ms,
      "p99 ms": r.p99ms,
      non2xx: r.non2xx,
    })),
  );
  console.log("");
  table(
    Object.entries(results.targets).map(([k, v]) => ({
      target: k,
      value: v.value,
      goal: v.target,
      met: v.met ? "yes" : "NO",
    })),
  );
  console.log(
    `\nsearch over ${search.articles} articles: p50 ${search.p50ms} ms, p95 ${search.p95ms} ms (${search.queries} queries)`,
  );
  const pct = (rps: number) => Math.round((rps / baselineResult.requestsPerSecond) * 1000) / 10;
  printComments(comments, pct);
  for (const q of assistant.questions) {
    console.log(
      `Max, "${q.question}": first token p50 ${q.firstToken.p50ms} ms, p95 ${q.firstToken.p95ms} ms; ` +
        `full answer p50 ${q.fullAnswer.p50ms} ms, p95 ${q.fullAnswer.p95ms} ms ` +
        `(baseline round trip p50 ${assistant.baseline.p50ms} ms, p95 ${assistant.baseline.p95ms} ms; ${assistant.runs} runs)`,
    );
  }
  console.log(`written ${path.relative(root, file)}`);
} finally {
  children.forEach((c) => c.kill("SIGTERM"));
}
