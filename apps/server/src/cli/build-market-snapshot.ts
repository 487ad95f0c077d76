// `npm run market:snapshot [dataDir]`: builds Max's offline market snapshot
// (modules/market/snapshot.json) from CoinGecko captures and daily price CSVs (default ../shared/data).
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
  newTokensFromCoinGecko,
  tokenFromCoinGecko,
  trendingFromCoinGecko,
} from "../modules/market/coingecko.ts";
import {
  SNAPSHOT_ATTRIBUTION,
  SNAPSHOT_FILE,
  type SnapshotData,
  type SnapshotSeries,
} from "../modules/market/snapshot.ts";

/** Daily candles kept per coin: a year, CoinGecko's longest OHLC period. */
const OHLC_KEEP_DAYS = 365;
/** Significant digits kept per price: Yahoo's figures are single-precision floats (about 7). */
const PRICE_DIGITS = 7;
const DAY_SECONDS = 86_400;
const CSV_HEADER = "Date,Open,High,Low,Close,Volume,Dividends,Stock Splits";

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/**
 * The top-100 markets with their details where a `coin-{id}.json` capture exists (description,
 * homepage, categories), each dated by its own `last_updated`.
 */
function marketTokens(dir: string): MarketBody<TokenData>[] {
  const markets = readJson<CoinMarket[]>(path.join(dir, "markets.json"));
  return markets.map((market) => {
    const detailsFile = path.join(dir, `coin-${market.id}.json`);
    const details = existsSync(detailsFile) ? readJson<CoinDetails>(detailsFile) : null;
    return tokenFromCoinGecko(details, market, new Date(market.last_updated));
  });
}

/** A price CSV's rows (`Date,Open,High,Low,Close,...`, UTC midnight) as candles, oldest first. */
function parsePrices(file: string): SnapshotSeries["candles"] {
  const [header, ...lines] = readFileSync(file, "utf8").trim().split(/\r?\n/);
  if (header !== CSV_HEADER) throw new Error(`${file}: unexpected header "${header}"`);
  const round = (text: string | undefined) => {
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${file}: bad price "${text}"`);
    return Number(value.toPrecision(PRICE_DIGITS));
  };
  return lines.map((line) => {
    const [date, open, high, low, close] = line.split(",");
    const time = Date.parse(date?.replace(" ", "T") ?? "") / 1000;
    if (!Number.isInteger(time)) throw new Error(`${file}: bad date "${date}"`);
    return [time, round(open), round(high), round(low), round(close)];
  });
}

/**
 * The last OHLC_KEEP_DAYS candles of each `prices/{TICKER}-USD.csv`, for the best-ranked market
 * coin with that ticker. A gap would make "the last n days" wrong, so it stops the build.
 */
function ohlcSeries(dir: string, tokens: MarketBody<TokenData>[]): SnapshotSeries[] {
  const files = readdirSync(dir).filter((f) => f.endsWith("-USD.csv"));
  return files.sort().map((file) => {
    const ticker = file.replace(/-USD\.csv$/, "").toLowerCase();
    const token = tokens.find((t) => t.symbol.toLowerCase() === ticker);
    if (!token) throw new Error(`${file}: no market coin has the ticker ${ticker}`);
    const candles = parsePrices(path.join(dir, file)).slice(-OHLC_KEEP_DAYS);
    candles.forEach(([time], i) => {
      const previous = candles[i - 1];
      if (previous && time - previous[0] !== DAY_SECONDS) {
        throw new Error(`${file}: candles are not one day apart at ${new Date(time * 1000)}`);
      }
    });
    const last = candles.at(-1);
    if (!last) throw new Error(`${file}: no candles`);
    return {
      id: token.id,
      symbol: token.symbol,
      name: token.name,
      asOf: new Date(last[0] * 1000).toISOString(),
      candles,
    };
  });
}

/** Builds the snapshot from `dataDir` (holding `coingecko/` and `prices/`). */
function buildSnapshot(dataDir: string): SnapshotData {
  const coingecko = path.join(dataDir, "coingecko");
  const prices = path.join(dataDir, "prices");
  const markets = marketTokens(coingecko);

  // trending.json carries no time; it was captured with global.json (same commit), which does.
  const global = readJson<{ data: { updated_at: number } }>(path.join(coingecko, "global.json"));
  const trending = trendingFromCoinGecko(
    readJson<TrendingList>(path.join(coingecko, "trending.json")),
    new Date(global.data.updated_at * 1000),
  );
  const listed = readJson<NewListings>(path.join(coingecko, "list-new.json"));
  const newest = Math.max(...listed.map((c) => c.activated_at));
  const newTokens = newTokensFromCoinGecko(listed, new Date(newest * 1000));

  // Trending coins outside the top 100 can be looked up too, with the figures trending gives.
  const inMarkets = new Set(markets.map((t) => t.id));
  const trendingOnly: MarketBody<TokenData>[] = trending.tokens
    .filter((t) => !inMarkets.has(t.id))
    .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity))
    .map((t) => ({
      ...t,
      volume24hUsd: null,
      high24hUsd: null,
      low24hUsd: null,
      circulatingSupply: null,
      maxSupply: null,
      athUsd: null,
      description: "",
      homepage: null,
      categories: [],
      asOf: trending.asOf,
    }));

  return {
    attribution: SNAPSHOT_ATTRIBUTION,
    sources: {
      tokens:
        "CoinGecko /coins/markets (usd, top 100) with /coins/{id} details where captured, each " +
        "dated by its last_updated; then trending coins outside the top 100, with trending's figures",
      trending: "CoinGecko /search/trending, dated by the /global capture taken with it",
      newTokens: "CoinGecko /coins/list/new (the API documentation's example), dated by its newest",
      ohlc: `Daily USD candles from Yahoo Finance (yfinance) price files, the last ${OHLC_KEEP_DAYS} days`,
    },
    tokens: [...markets, ...trendingOnly],
    trending,
    newTokens,
    ohlc: ohlcSeries(prices, markets),
  };
}

async function main(): Promise<void> {
  const dataDir = path.resolve(process.argv[2] ?? path.join(repoRoot, "../shared/data"));
  const snapshot = buildSnapshot(dataDir);
  const options = await prettier.resolveConfig(SNAPSHOT_FILE);
  const text = await prettier.format(JSON.stringify(snapshot), { ...options, parser: "json" });
  writeFileSync(SNAPSHOT_FILE, text);
  const kb = Math.round(Buffer.byteLength(text) / 1024);
  console.log(
    `market:snapshot: ${snapshot.tokens.length} coins, ${snapshot.trending.tokens.length} trending, ` +
      `${snapshot.newTokens.tokens.length} new, OHLC for ${snapshot.ohlc.map((s) => s.symbol).join(", ")} ` +
      `-> ${path.relative(repoRoot, SNAPSHOT_FILE)} (${kb} KB)`,
  );
}

main().catch((err: unknown) => {
  console.error(`market:snapshot failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
