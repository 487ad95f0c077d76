// `npm run market:snapshot [dataDir]`: builds Max's offline market snapshot
// (modules/market/snapshot.json) from CoinGecko captures and daily price files (default
// ../shared/data). One capture governs token data (docs/product/max.md#market-data); the rest is
// joined to it without contradicting it.
import { readFileSync, readdirSync, existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import type { TokenData } from "@pragmatist/contracts";
import { repoRoot } from "../config.ts";
import {
  type CoinDetails,
  type CoinMarket,
  type MarketBody,
  type NewListings,
  type TrendingList,
  missingFigures,
  newTokensFromCoinGecko,
  tokenFromCoinGecko,
  trendingFromCoinGecko,
} from "../modules/market/coingecko-bodies.ts";

import {
  SNAPSHOT_ATTRIBUTION,
  SNAPSHOT_FILE,
  type SnapshotData,
  type SnapshotSeries,
} from "../modules/market/snapshot.ts";

/** The capture that governs token data: CoinGecko /coins/markets of 2026-05-03 (250 coins). */
const MARKETS_FILE = "coins-markets-usd-2026-05-03.json";
/** CoinGecko's daily prices of 2025, one `<coingecko-id>.csv` per coin. */
const CLOSES_DIR = "coingecko-daily-close-2025";
/** True daily candles kept per coin before the daily closes take over: two years. */
const OHLC_KEEP_DAYS = 730;
/** Significant digits kept per price: Yahoo's figures are single-precision floats (about 7). */
const PRICE_DIGITS = 7;
const DAY_SECONDS = 86_400;
const OHLC_HEADER = "Date,Open,High,Low,Close,Volume,Dividends,Stock Splits";
const CLOSES_HEADER = "date,coingecko_coin_id,coin_symbol,coin_name,price_usd,price_eur,price_chf";

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/** A positive price from a CSV cell, rounded to PRICE_DIGITS; a bad cell stops the build. */
function price(file: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${file}: bad price "${text}"`);
  return Number(value.toPrecision(PRICE_DIGITS));
}

/** Stops the build when `times` (Unix s) are not one day apart: "the last n days" would be wrong. */
function assertDaily(file: string, times: number[]): void {
  times.forEach((time, i) => {
    const previous = times[i - 1];
    if (previous !== undefined && time - previous !== DAY_SECONDS) {
      throw new Error(`${file}: days are not one apart at ${new Date(time * 1000).toISOString()}`);
    }
  });
}

/**
 * The 2026-05-03 capture's coins with their details where a `coin-{id}*.json` capture exists
 * (description, homepage, categories: the newest such file wins), each dated by its own
 * `last_updated`; and the capture's own time.
 */
function marketTokens(dir: string): { asOf: string; tokens: MarketBody<TokenData>[] } {
  const capture = readJson<{ updated: string; data: CoinMarket[] }>(path.join(dir, MARKETS_FILE));
  const detailFiles = readdirSync(dir)
    .filter((f) => /^coin-[a-z0-9-]+?(-\d{4}-\d{2}-\d{2})?\.json$/.test(f))
    .sort();
  const details = new Map<string, CoinDetails>();
  for (const file of detailFiles) {
    const coin = readJson<CoinDetails>(path.join(dir, file));
    details.set(coin.id, coin); // sorted: a dated file follows the undated one
  }
  const tokens = capture.data.map((market) =>
    tokenFromCoinGecko(details.get(market.id) ?? null, market, new Date(market.last_updated)),
  );
  return { asOf: new Date(capture.updated).toISOString(), tokens };
}

/** A Yahoo price file's last OHLC_KEEP_DAYS rows (`Date,Open,High,Low,Close,...`) as candles. */
function yahooCandles(file: string): SnapshotSeries["candles"] {
  const [header, ...lines] = readFileSync(file, "utf8").trim().split(/\r?\n/);
  if (header !== OHLC_HEADER) throw new Error(`${file}: unexpected header "${header}"`);
  const candles = lines.slice(-OHLC_KEEP_DAYS).map((line) => {
    const [date, open, high, low, close] = line.split(",");
    const time = Date.parse(date?.replace(" ", "T") ?? "") / 1000;
    if (!Number.isInteger(time)) throw new Error(`${file}: bad date "${date}"`);
    const row: SnapshotSeries["candles"][number] = [time, 0, 0, 0, 0];
    [open, high, low, close].forEach((cell, i) => (row[i + 1] = price(file, cell)));
    return row;
  });
  assertDaily(
    file,
    candles.map(([time]) => time),
  );
  return candles;
}

/** A CoinGecko daily-price file (`DD-MM-YYYY` dates, USD) as its coin and its prices by day. */
function dailyCloses(file: string) {
  const [header, ...lines] = readFileSync(file, "utf8").trim().split(/\r?\n/);
  if (header !== CLOSES_HEADER) throw new Error(`${file}: unexpected header "${header}"`);
  const rows = lines.map((line) => {
    const [date, id, symbol, name, usd] = line.split(",");
    const [dd, mm, yyyy] = (date ?? "").split("-");
    const time = Date.parse(`${yyyy}-${mm}-${dd}T00:00:00Z`) / 1000;
    if (!Number.isInteger(time)) throw new Error(`${file}: bad date "${date}"`);
    return { time, id: id ?? "", symbol: symbol ?? "", name: name ?? "", usd: price(file, usd) };
  });
  const first = rows[0];
  if (!first) throw new Error(`${file}: no prices`);
  assertDaily(
    file,
    rows.map((r) => r.time),
  );
  return { coin: first, times: rows.map((r) => r.time), prices: rows.map((r) => r.usd) };
}

/**
 * One series per coin with price files: Yahoo's true daily candles (matched by ticker to the best
 * ranked coin) followed, where CoinGecko's 2025 daily prices continue them without a gap, by those
 * prices; coins with daily prices only get those alone.
 */
function priceSeries(pricesDir: string, tokens: MarketBody<TokenData>[]): SnapshotSeries[] {
  const series = new Map<string, SnapshotSeries>();
  for (const file of readdirSync(pricesDir).filter((f) => f.endsWith("-USD.csv"))) {
    const ticker = file.replace(/-USD\.csv$/, "").toLowerCase();
    const token = tokens.find((t) => t.symbol.toLowerCase() === ticker);
    if (!token) throw new Error(`${file}: no market coin has the ticker ${ticker}`);
    const candles = yahooCandles(path.join(pricesDir, file));
    const { id, symbol, name } = token;
    series.set(id, { id, symbol, name, asOf: "", candles, closes: null });
  }
  const closesDir = path.join(pricesDir, CLOSES_DIR);
  for (const file of readdirSync(closesDir).filter((f) => f.endsWith(".csv"))) {
    const { coin, times, prices } = dailyCloses(path.join(closesDir, file));
    const known = series.get(coin.id);
    const lastCandle = known?.candles.at(-1);
    if (known && lastCandle && times[0] !== lastCandle[0] + DAY_SECONDS) {
      throw new Error(`${file}: does not continue the candles of ${coin.id}`);
    }
    const from = new Date((times[0] ?? 0) * 1000).toISOString();
    const base = known ?? { id: coin.id, symbol: coin.symbol, name: coin.name, candles: [] };
    series.set(coin.id, { ...base, asOf: "", closes: { from, prices } });
  }
  return [...series.values()]
    .map((s) => ({ ...s, asOf: seriesEnd(s) }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** ISO 8601 day of a series' last figure: its last daily price, else its last candle's open. */
function seriesEnd(s: SnapshotSeries): string {
  const lastCandle = s.candles.at(-1)?.[0] ?? 0;
  const end = s.closes
    ? Date.parse(s.closes.from) / 1000 + (s.closes.prices.length - 1) * DAY_SECONDS
    : lastCandle;
  return new Date(end * 1000).toISOString();
}

/** The figures of TokenData a coin outside the markets capture may have from another file. */
type KnownFigures = Partial<
  Pick<
    TokenData,
    | "rank"
    | "priceUsd"
    | "change24hPercent"
    | "change7dPercent"
    | "change30dPercent"
    | "marketCapUsd"
  >
>;

/**
 * A coin outside the markets capture: its name, the `figures` another file gives, every other
 * figure null and listed as missing, no details, dated `asOf` (that file's capture).
 */
function tokenOutsideMarkets(
  coin: { id: string; symbol: string; name: string },
  asOf: string,
  figures: KnownFigures = {},
): MarketBody<TokenData> {
  const body: MarketBody<TokenData> = {
    id: coin.id,
    symbol: coin.symbol,
    name: coin.name,
    rank: null,
    priceUsd: null,
    change24hPercent: null,
    change7dPercent: null,
    change30dPercent: null,
    marketCapUsd: null,
    volume24hUsd: null,
    high24hUsd: null,
    low24hUsd: null,
    circulatingSupply: null,
    maxSupply: null,
    athUsd: null,
    athDate: null,
    athChangePercent: null,
    fdvUsd: null,
    totalSupply: null,
    atlUsd: null,
    atlDate: null,
    atlChangePercent: null,
    missing: [],
    description: "",
    homepage: null,
    categories: [],
    asOf,
    ...figures,
  };
  return { ...body, missing: missingFigures(body) };
}

/**
 * A coin known only from its price files, priced by its last daily price, with the 24 h, 7 d and
 * 30 d changes those prices give, dated by that day; what the files lack is listed as missing.
 */
function tokenFromSeries(s: SnapshotSeries): MarketBody<TokenData> {
  const closes = s.closes?.prices ?? s.candles.map((c) => c[4]);
  const change = (days: number) => {
    const now = closes.at(-1);
    const then = closes.at(-1 - days);
    return now !== undefined && then !== undefined ? ((now - then) / then) * 100 : null;
  };
  return tokenOutsideMarkets(s, s.asOf, {
    priceUsd: closes.at(-1) ?? null,
    change24hPercent: change(1),
    change7dPercent: change(7),
    change30dPercent: change(30),
  });
}

/**
 * Builds the snapshot from `dataDir` (holding `coingecko/` and `prices/`). Token data is the
 * 2026-05-03 capture; coins found only elsewhere (trending, price files, new listings) are added
 * with what those files hold, each dated by its own capture and saying what is missing. Trending
 * coins in the capture are priced as their token data (one price per coin).
 */
function buildSnapshot(dataDir: string): SnapshotData {
  const coingecko = path.join(dataDir, "coingecko");
  const { asOf, tokens: markets } = marketTokens(coingecko);
  const byId = new Map(markets.map((t) => [t.id, t]));

  // trending.json carries no time; it was captured with global.json (same commit), which does.
  const global = readJson<{ data: { updated_at: number } }>(path.join(coingecko, "global.json"));
  const listedTrending = trendingFromCoinGecko(
    readJson<TrendingList>(path.join(coingecko, "trending.json")),
    new Date(global.data.updated_at * 1000),
  );
  const trendingOnly = listedTrending.tokens
    .filter((t) => !byId.has(t.id))
    .map((t) => trendingToken(t, listedTrending.asOf));
  const trending = {
    ...listedTrending,
    tokens: listedTrending.tokens.map((t) => {
      const token = byId.get(t.id);
      if (!token) return t;
      const { priceUsd, change24hPercent, marketCapUsd, rank } = token;
      return { ...t, rank, priceUsd, change24hPercent, marketCapUsd, pricedAt: token.asOf };
    }),
  };

  const listed = readJson<NewListings>(path.join(coingecko, "list-new.json"));
  const newest = Math.max(...listed.map((c) => c.activated_at));
  const newTokens = newTokensFromCoinGecko(listed, new Date(newest * 1000));

  const ohlc = priceSeries(path.join(dataDir, "prices"), markets);
  for (const t of trendingOnly) byId.set(t.id, t);
  const seriesOnly = ohlc.filter((s) => !byId.has(s.id)).map(tokenFromSeries);
  for (const t of seriesOnly) byId.set(t.id, t);
  const listedOnly = newTokens.tokens.filter((t) => !byId.has(t.id)).map(listedToken);

  const withHistory = new Set(ohlc.map((s) => s.id));
  const tokens = [...markets, ...trendingOnly, ...seriesOnly, ...listedOnly].map((t) =>
    withHistory.has(t.id) ? t : { ...t, missing: [...t.missing, "price history"] },
  );
  return {
    attribution: SNAPSHOT_ATTRIBUTION,
    asOf,
    sources: {
      tokens:
        `CoinGecko /coins/markets (usd, 24h/7d/30d changes) captured ${asOf}: market-cap ranks ` +
        "1-150 and 351-450, with /coins/{id} details where captured; then coins known only from " +
        "trending, the price files or new listings, each dated by its own capture",
      trending:
        "CoinGecko /search/trending, dated by the /global capture taken with it; coins in the " +
        "markets capture are priced from it (pricedAt)",
      newTokens: "CoinGecko /coins/list/new (the API documentation's example), dated by its newest",
      ohlc:
        `Daily USD candles from Yahoo Finance (yfinance) price files, the last ${OHLC_KEEP_DAYS} ` +
        "days to 2024-12-31, continued by CoinGecko's daily prices of 2025 (closes only)",
    },
    tokens,
    trending,
    newTokens,
    ohlc,
  };
}

/** A trending coin outside the markets capture, with trending's figures, dated by its list. */
function trendingToken(
  t: SnapshotData["trending"]["tokens"][number],
  asOf: string,
): MarketBody<TokenData> {
  const { rank, priceUsd, change24hPercent, marketCapUsd } = t;
  return tokenOutsideMarkets(t, asOf, { rank, priceUsd, change24hPercent, marketCapUsd });
}

/** A newly listed coin known by name only, dated by its listing. */
function listedToken(t: SnapshotData["newTokens"]["tokens"][number]): MarketBody<TokenData> {
  return tokenOutsideMarkets(t, t.activatedAt);
}

async function main(): Promise<void> {
  const dataDir = path.resolve(process.argv[2] ?? path.join(repoRoot, "../shared/data"));
  if (!existsSync(dataDir)) throw new Error(`${dataDir} does not exist`);
  const snapshot = buildSnapshot(dataDir);
  const options = await prettier.resolveConfig(SNAPSHOT_FILE);
  const text = await prettier.format(JSON.stringify(snapshot), { ...options, parser: "json" });
  writeFileSync(SNAPSHOT_FILE, text);
  const kb = Math.round(Buffer.byteLength(text) / 1024);
  console.log(
    `market:snapshot: ${snapshot.tokens.length} coins as of ${snapshot.asOf}, ` +
      `${snapshot.trending.tokens.length} trending, ${snapshot.newTokens.tokens.length} new, ` +
      `history for ${snapshot.ohlc.length} coins -> ${path.relative(repoRoot, SNAPSHOT_FILE)} (${kb} KB)`,
  );
}

main().catch((err: unknown) => {
  console.error(`market:snapshot failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
