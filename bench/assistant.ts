// Max benchmark (docs/product/max.md#assistant): the offline model's time to the first streamed
// token and to the whole answer over HTTP, for a token question and a research question, against a
// round-trip baseline.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { StartApp } from "./load.ts";

const RUNS = Number(process.env.BENCH_ASSISTANT_RUNS ?? 40);
/** Questions per member, under the member rate limit (30 per 10 minutes). */
const PER_MEMBER = 25;

/** Median and 95th percentile of a series of timings, in milliseconds. */
export interface LatencySummary {
  p50ms: number;
  p95ms: number;
}

/** What the assistant benchmark measured (written to bench/results). */
export interface AssistantBenchResult {
  runs: number;
  /** GET /api/health round trips in the same run: what any request costs on this machine. */
  baseline: LatencySummary;
  questions: Array<{ question: string; firstToken: LatencySummary; fullAnswer: LatencySummary }>;
}

function summarize(ms: number[]): LatencySummary {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50ms: Math.round(at(0.5) * 10) / 10, p95ms: Math.round(at(0.95) * 10) / 10 };
}

/** Posts one question and times the first `text-delta` event and the end of the stream. */
async function timeAnswer(base: string, jwt: string, text: string) {
  const started = performance.now();
  const res = await fetch(`${base}/api/assistant/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ text }),
  });
  if (!res.ok || !res.body) throw new Error(`chat answered ${res.status}`);
  let firstToken: number | null = null;
  let seen = "";
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    seen += decoder.decode(chunk, { stream: true });
    if (firstToken === null && seen.includes('"type":"text-delta"')) {
      firstToken = performance.now() - started;
    }
  }
  if (firstToken === null) throw new Error(`no text streamed: ${seen.slice(0, 300)}`);
  return { firstToken, full: performance.now() - started };
}

/**
 * Starts the production server with the demo content and the offline model and snapshot, signs
 * members up (from distinct forwarded addresses, so the sign-up limit does not interfere) and asks
 * each question RUNS times in sequence.
 */
export async function runAssistantBench(startApp: StartApp): Promise<AssistantBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-bench-assistant-"));
  const { child, port } = await startApp(dataDir, {
    TRUST_PROXY: "true",
    SEED_DEMO_CONTENT: "true",
    LLM_BASE_URL: "",
    COINGECKO_API_KEY: "",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const questions = ["Give me the key market stats for Solana", "How do rollups scale Ethereum?"];
    const jwts: string[] = [];
    const membersNeeded = Math.ceil((RUNS * questions.length + 4) / PER_MEMBER);
    for (let i = 0; i < membersNeeded; i++) {
      const res = await fetch(`${base}/api/auth/local/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.200.0.${i + 1}` },
        body: JSON.stringify({
          username: `Bench asker ${i}`,
          email: `asker${i}@example.test`,
          password: "a long enough passphrase",
        }),
      });
      if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
      jwts.push(((await res.json()) as { jwt: string }).jwt);
    }
    let asked = 0;
    const nextJwt = () => jwts[Math.floor(asked++ / PER_MEMBER)]!;
    // Warm up: the first answers load the snapshot and compile the paths.
    for (const q of questions) await timeAnswer(base, nextJwt(), q);

    const health: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      health.push(performance.now() - t);
    }
    const results = [];
    for (const question of questions) {
      const first: number[] = [];
      const full: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = await timeAnswer(base, nextJwt(), question);
        first.push(t.firstToken);
        full.push(t.full);
      }
      results.push({ question, firstToken: summarize(first), fullAnswer: summarize(full) });
    }
    return { runs: RUNS, baseline: summarize(health), questions: results };
  } finally {
    child.kill("SIGTERM");
  }
}
