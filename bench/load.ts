// Shared pieces of the benchmarks: the load generator's settings, one load run, a seeded random
// source for generated data, and the signature of the server starter run.ts hands to each bench.
import type { ChildProcess } from "node:child_process";
import autocannon from "autocannon";

/** Seconds each load run lasts (BENCH_DURATION, default 10). */
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Concurrent connections of every load run (issue #2: 50). */
export const CONNECTIONS = 50;

export interface LoadResult {
  name: string;
  url: string;
  requestsPerSecond: number;
  p50ms: number;
  /** autocannon's p97.5, the closest percentile it reports to p95. */
  p95ms: number;
  p99ms: number;
  non2xx: number;
  errors: number;
}

/** Starts the production server on a data folder and resolves once it answers /api/health. */
export type StartApp = (
  dataDir: string,
  env?: Record<string, string>,
) => Promise<{ child: ChildProcess; port: number }>;

/** Loads `url` with CONNECTIONS connections for DURATION seconds; latencies in ms. */
export async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    pipelining: 1,
    headers,
  });
  return {
    name,
    url: new URL(url).pathname + new URL(url).search,
    requestsPerSecond: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p95ms: r.latency.p97_5,
    p99ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** A deterministic pseudo-random source in [0, 1) (a linear congruential generator). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
