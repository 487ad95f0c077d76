// A loopback CoinGecko for tests: its /api/v3 paths answered with the real captures in
// ../shared/data/coingecko, with scripted failures (429, 500, a hang) and a log of requests.
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { coinGeckoCaptures } from "./shared-data.ts";

/**
 * A real CoinGecko response captured in ../shared/data/coingecko, parsed (test input only; tests
 * using it skip when `hasCoinGeckoCaptures` is false).
 */
export const capture = (file: string): unknown =>
  JSON.parse(readFileSync(path.join(coinGeckoCaptures, file), "utf8"));

/** A request the loopback CoinGecko received: its path below /api/v3, query and headers. */
export interface Recorded {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}
/** An answer scripted for the next request to a path (see `script`). */
export interface Scripted {
  /** The status to answer with, or "hang" to never answer (until the server closes). */
  status: number | "hang";
  headers?: Record<string, string>;
}

/**
 * A loopback CoinGecko (`/api/v3`): search, coin details, markets, new coins, trending and OHLC,
 * answered with the captures in ../shared/data/coingecko. `script(path, ...)` makes the next
 * requests to `path` fail with the given statuses (or hang) first. Markets come from the 2026-05-03
 * capture (with its 7 d and 30 d changes), by market cap as captured, one page without `ids`.
 */
export async function startFakeCoinGecko() {
  const requests: Recorded[] = [];
  const scripts = new Map<string, Scripted[]>();
  const search = capture("search.json") as { coins: Array<Record<string, string>> };
  const markets = (
    capture("coins-markets-usd-2026-05-03.json") as {
      data: Array<{ id: string; current_price?: number }>;
    }
  ).data;

  function answer(route: string, query: URLSearchParams): [number, unknown] {
    if (route === "/search") {
      const q = (query.get("query") ?? "").toLowerCase();
      const coins = search.coins.filter((c) =>
        [c.id, c.name, c.symbol].some((f) => f?.toLowerCase().includes(q)),
      );
      return [200, { ...search, coins, exchanges: [], nfts: [], categories: [] }];
    }
    if (route === "/search/trending") return [200, capture("trending.json")];
    if (route === "/coins/list/new") return [200, capture("list-new.json")];
    if (route === "/coins/markets") {
      const ids = query.get("ids")?.split(",");
      const size = Number(query.get("per_page") ?? 100);
      const rows = ids ? markets.filter((m) => ids.includes(m.id)) : markets.slice(0, size);
      // The capture has no sparklines; asked for one, each coin gets two points ending at its price.
      if (query.get("sparkline") !== "true") return [200, rows];
      const price = (m: { current_price?: number }) => m.current_price ?? 0;
      return [
        200,
        rows.map((m) => ({ ...m, sparkline_in_7d: { price: [price(m) * 0.99, price(m)] } })),
      ];
    }
    if (route === "/coins/bitcoin") return [200, capture("coin-bitcoin.json")];
    if (route === "/coins/bitcoin/ohlc") return [200, capture("ohlc-bitcoin.json")];
    return [404, { error: "coin not found" }];
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const route = url.pathname.replace(/^\/api\/v3/, "");
    requests.push({ path: route, query: url.searchParams, headers: req.headers });
    const failure = scripts.get(route)?.shift();
    if (failure?.status === "hang") return;
    const [status, body] = failure
      ? [failure.status, { status: { error_code: failure.status, error_message: "scripted" } }]
      : answer(route, url.searchParams);
    res.writeHead(status, { "content-type": "application/json", ...failure?.headers });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    requests,
    count: (route: string) => requests.filter((r) => r.path === route).length,
    last: (route: string) => requests.findLast((r) => r.path === route),
    script(route: string, ...responses: Scripted[]) {
      scripts.set(route, responses);
    },
    reset() {
      requests.length = 0;
      scripts.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
