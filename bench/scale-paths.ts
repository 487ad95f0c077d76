// The paths `npm run bench:scale` measures on one started app, and how: sequential timed requests,
// the server's peak memory after each.
import fs from "node:fs";
import { ADMIN_EMAIL, HOT_SLUG, READER_EMAIL, SCALE_PASSWORD } from "./scale-generate.ts";

/** Seconds of sequential requests per path (BENCH_SCALE_SECONDS, default 3). */
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 3);

/** Who asks: nobody, the reader with thousands of bookmarks, or the admin. */
export type Viewer = "anonymous" | "reader" | "admin";

/** One measured path: `group` decides its target (reader 2x, studio 3x of demo). */
export interface PathSpec {
  /** The same at every size (the name may carry a page number). */
  key: string;
  name: string;
  group: "reader" | "studio";
  url: string;
  viewer: Viewer;
}

/** One path's figures on one database; latencies in ms, memory in MB (VmHWM after the path). */
export interface PathResult {
  key: string;
  name: string;
  url: string;
  status: number;
  requests: number;
  p50ms: number;
  p99ms: number;
  peakRssMb: number;
}

/** A process's VmHWM (peak resident set) or VmRSS from /proc, in MB; 0 where /proc is missing. */
export function memoryMb(pid: number | undefined, field: "VmHWM" | "VmRSS"): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** A process's CPU time so far (user + system, /proc/{pid}/stat), in seconds; 0 without /proc. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Waits until the process `pid` is quiet: under 10 % of a CPU for 3 seconds in a row while `busy`
 * (e.g. its database still running its queries) says no (its start-up work done, e.g. the indexes
 * it builds in the background), or `limitMs` has passed.
 * @returns the time waited, in ms.
 */
export async function untilQuiet(
  pid: number | undefined,
  busy: () => Promise<boolean> = () => Promise.resolve(false),
  limitMs = 900_000,
): Promise<number> {
  const t0 = performance.now();
  let quiet = 0;
  let last = cpuSeconds(pid);
  while (quiet < 3 && performance.now() - t0 < limitMs) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now = cpuSeconds(pid);
    quiet = now - last < 0.1 && !(await busy()) ? quiet + 1 : 0;
    last = now;
  }
  return Math.round(performance.now() - t0);
}

/**
 * Signs in with the generated account `email` (SCALE_PASSWORD) on the app at `base`.
 * @returns the headers of its session (the session cookie and its member hint).
 * @throws Error when the app refuses the sign-in.
 */
export async function signInAs(base: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/local`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ identifier: email, password: SCALE_PASSWORD }),
  });
  const { jwt } = (await res.json()) as { jwt?: string };
  if (!jwt) throw new Error(`could not sign in as ${email}: ${res.status}`);
  return { cookie: `pragmatist_session=${jwt}; pragmatist_member=1` };
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

type Page = { meta: { pagination: { pageCount: number } } };

/**
 * The paths measured on the app at `base`: deep pages are page 500 or the last page when there
 * are fewer; the article page is the hot article's (HOT_SLUG, its 2,000 comments at scale).
 */
export async function pathsOf(base: string): Promise<PathSpec[]> {
  const one = await json<{ data: { id: number }[] }>(
    `${base}/api/articles?filters[slug][$eq]=${HOT_SLUG}`,
  );
  const hotId = one.data[0]?.id ?? 0;
  const pages = async (query: string, size: number) =>
    Math.min(
      500,
      (await json<Page>(`${base}/api/articles?${query}pagination[pageSize]=${size}`)).meta
        .pagination.pageCount,
    );
  const homeDeep = await pages("", 10);
  const categoryDeep = await pages("filters[categories][slug][$eq]=bitcoin&", 12);
  const author = "maya-okafor";
  const r = (name: string, url: string, viewer: Viewer = "anonymous"): PathSpec => ({
    key: name.replace(/ \d+/g, " N"),
    name,
    group: "reader",
    url,
    viewer,
  });
  const s = (name: string, url: string): PathSpec => ({
    ...{ key: name, name, group: "studio" },
    ...{ url, viewer: "admin" },
  });
  return [
    r("home page", "/"),
    r(
      `home list, page ${homeDeep} (API)`,
      `/api/articles?pagination[page]=${homeDeep}&pagination[pageSize]=10`,
    ),
    r("category page", "/categories/bitcoin"),
    r(`category page ${categoryDeep}`, `/categories/bitcoin?page=${categoryDeep}`),
    r("author page", `/authors/${author}`),
    r("article page, hot article", `/p/${HOT_SLUG}`),
    r("comments API, hot article", `/api/comment-manager/comments/${HOT_SLUG}`),
    // What the article page asks (comments-api.ts): a page of the thread, not the whole of it.
    r(
      "comments API, first page, hot article",
      `/api/comment-manager/comments/${HOT_SLUG}?limit=20`,
    ),
    r("search, common word", "/api/fuzzy-search/search?query=bitcoin"),
    r("search, rare word", "/api/fuzzy-search/search?query=authorised"),
    r("search, typo", "/api/fuzzy-search/search?query=stablecoinn%20liquidty"),
    r(
      "Strapi query API",
      "/api/articles?filters[categories][slug][$eq]=defi&filters[title][$containsi]=staking&sort=publishDate:desc&pagination[pageSize]=10",
    ),
    r(
      "Strapi query API, excerpt",
      "/api/articles?filters[excerpt][$containsi]=liquidity&pagination[pageSize]=10",
    ),
    r("articles by author name (API)", `/api/articles/params?author=${author}`),
    r("viewer, reader with bookmarks", `/api/viewer?article=${HOT_SLUG}`, "reader"),
    r("sitemap index", "/sitemap.xml"),
    r("articles sitemap", "/sitemaps/articles.xml"),
    r("feed", "/feed.xml"),
    s("studio articles, filter", "/api/studio/articles?status=published&type=Research"),
    s("studio articles, search", "/api/studio/articles?q=bitcoin"),
    s("studio members", "/api/studio/members"),
    s("studio members, search", "/api/studio/members?q=reader12"),
    s("studio subscribers", "/api/studio/subscribers"),
    s("moderation queue", "/api/studio/reports"),
    s("studio comments, reported", "/api/studio/comments?show=reported"),
    s("audit log", "/api/studio/audit"),
    s("article stats, hot article", `/api/studio/articles/${hotId}/stats`),
  ];
}

const percentile = (sorted: number[], p: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;

/** Times requests to `url` one at a time: at least 5, then up to 200 while `budgetMs` lasts. */
async function timed(url: string, headers: Record<string, string>, budgetMs: number) {
  const times: number[] = [];
  let status = 0;
  const end = performance.now() + budgetMs;
  while (times.length < 5 || (times.length < 200 && performance.now() < end)) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    status = res.status;
  }
  return { status, times: times.sort((a, b) => a - b) };
}

/**
 * Measures `spec` on the app at `base` (server process `pid`): 3 warm-up requests, then requests
 * one at a time (at least 5, at most 200, for SECONDS seconds): the latency of one request with
 * nothing queued before it, to sub-millisecond precision (autocannon's are whole milliseconds,
 * and most demo-size paths answer in under one).
 */
export async function measurePath(
  base: string,
  pid: number | undefined,
  spec: PathSpec,
  headers: Record<string, string>,
): Promise<PathResult> {
  const url = base + spec.url;
  for (let i = 0; i < 3; i++) await (await fetch(url, { headers })).arrayBuffer();
  const { status, times } = await timed(url, headers, SECONDS * 1000);
  return {
    ...{ key: spec.key, name: spec.name, url: spec.url, status, requests: times.length },
    ...{ p50ms: percentile(times, 0.5), p99ms: percentile(times, 0.99) },
    peakRssMb: memoryMb(pid, "VmHWM"),
  };
}

/** The session headers of each viewer on the app at `base` (signing in the reader and the admin). */
export async function viewers(base: string): Promise<Record<Viewer, Record<string, string>>> {
  return {
    anonymous: {},
    reader: await signInAs(base, READER_EMAIL),
    admin: await signInAs(base, ADMIN_EMAIL),
  };
}
