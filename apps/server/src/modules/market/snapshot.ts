// The dated offline market snapshot (snapshot.json, built by `npm run market:snapshot`): what Max
// answers from when no CoinGecko key is configured, and the coin names the offline model knows.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { distance } from "fastest-levenshtein";
import {
  MARKET_ERRORS,
  type MarketFreshness,
  type MarketResult,
  type Candle,
  type NewTokens,
  type MarketRanking,
  type Ohlc,
  type TokenData,
  type TrendingTokens,
} from "@pragmatist/contracts";
import type { MarketBody } from "./coingecko-bodies.ts";
import { byRank, type CoinRef, type MarketCoin, type OhlcDays, snapOhlcDays } from "./coingecko.ts";
import { type RankingRequest, rankMarket } from "./ranking.ts";

/** The whole market as the table lists it: its coins and when their figures were true. */
export type MarketCoins = MarketFreshness & { coins: MarketCoin[] };

/** Where the builder writes the snapshot and the service reads it. */
export const SNAPSHOT_FILE = fileURLToPath(new URL("./snapshot.json", import.meta.url));

/** CoinGecko's attribution requirement, kept inside the data it applies to. */
export const SNAPSHOT_ATTRIBUTION = "Data provided by CoinGecko";

/**
 * One coin's daily price history: true candles `[openTime (Unix s, UTC midnight), open, high,
 * low, close]` in USD, then, where the data has daily prices only, those prices (one per day from
 * `closes.from`, continuing the candles without a gap).
 */
export interface SnapshotSeries {
  id: string;
  symbol: string;
  name: string;
  /** ISO 8601 day of the series' last figure (the day the history ends). */
  asOf: string;
  /** Oldest first, one per day without gaps. */
  candles: Array<[number, number, number, number, number]>;
  /** Daily USD prices after the candles (ISO 8601 day of the first), or null. */
  closes: { from: string; prices: number[] } | null;
}

/** The file's shape. Each dataset carries its own as-of date (they were captured apart). */
export interface SnapshotData {
  attribution: typeof SNAPSHOT_ATTRIBUTION;
  /** ISO 8601 time of the markets capture that governs token data. */
  asOf: string;
  /** Where each dataset comes from and when, for a reader of the file. */
  sources: Record<"tokens" | "trending" | "newTokens" | "ohlc", string>;
  /**
   * The captured markets by rank, then coins known only from trending, the price files or new
   * listings (each dated by its own capture, `missing` saying what it lacks): the order in which
   * lookups prefer a coin when several match.
   */
  tokens: MarketBody<TokenData>[];
  trending: MarketBody<TrendingTokens>;
  newTokens: MarketBody<NewTokens>;
  ohlc: SnapshotSeries[];
}

/** Reads the snapshot file (the builder's output; trusted like source code). */
export function loadSnapshot(file: string = SNAPSHOT_FILE): SnapshotData {
  return JSON.parse(readFileSync(file, "utf8")) as SnapshotData;
}

/** The snapshot is not a cache: its `asOf` dates say how old it is. */
const SNAPSHOT_FRESHNESS = { source: "snapshot", stale: false, ageSeconds: 0 } as const;

/** A prefix must have this many letters to name a coin ("eth" is a ticker, "ethe" a prefix). */
const MIN_PREFIX = 4;

/**
 * Edits tolerated in a misspelt coin name or id: one per four letters, at most two, none under
 * four letters (short queries are tickers, and tickers are too close to each other).
 */
function tolerance(query: string): number {
  return Math.min(2, Math.floor(query.length / 4));
}

/** Answers the market tools from the snapshot; synchronous, never throws. */
export interface SnapshotSource {
  /** A coin's figures; `query` is read as described at `findToken`. */
  tokenData(query: string): MarketResult<TokenData>;
  newTokens(): NewTokens;
  trending(): TrendingTokens;
  /**
   * Daily candles counted back from the series' last day; `days` snapped as CoinGecko would, "max"
   * for the whole series. A known coin without history gives the noHistory error naming it.
   */
  ohlc(query: string, days: number | "max"): MarketResult<Ohlc>;
  /** The coins of the markets capture ranked as `request` asks (rankMarket). */
  market(request: RankingRequest): MarketRanking;
  /** The coins of the markets capture by market cap (no sparklines: the data has none). */
  coins(): MarketCoins;
  /** The coin whose CoinGecko id is exactly `id` (any coin the snapshot knows), or noResults. */
  coin(id: string): MarketResult<TokenData>;
  /** The coins `findToken` knows, best market-cap rank first. */
  knownCoins(): ReadonlyArray<CoinRef>;
}

/** A SnapshotSource over `data` (see loadSnapshot). */
export function createSnapshotSource(data: SnapshotData): SnapshotSource {
  const tokens = data.tokens;
  const series = new Map(data.ohlc.map((s) => [s.id, dailyCandles(s)]));
  // A ranking compares coins of one capture: those known from other captures are dated apart.
  const capturedOn = data.asOf.slice(0, 10);
  const captured = tokens.filter((t) => t.asOf.startsWith(capturedOn));
  const marketCoins = asMarketCoins(captured, data.asOf);
  const byId = new Map(tokens.map((t) => [t.id, t]));
  const known: CoinRef[] = tokens
    .map(({ id, symbol, name, rank }) => ({ id, symbol, name, rank }))
    .sort(byRank);
  const lower = tokens.map((t) => ({
    token: t,
    symbol: t.symbol.toLowerCase(),
    name: t.name.toLowerCase(),
  }));

  /**
   * The coin `query` names: an exact id, ticker (any case) or name; else the best-ranked coin whose
   * id or name starts with it (at least MIN_PREFIX letters: "ether" -> ethereum); else the closest
   * id or name with the same first letter within `tolerance` edits ("etherium" -> ethereum,
   * "solanna" -> solana; "helium" is not "celium"); else null.
   */
  function findToken(query: string): MarketBody<TokenData> | null {
    const q = query.trim().toLowerCase().replace(/^\$/, "");
    if (!q) return null;
    const exact = lower.find((c) => c.token.id === q || c.symbol === q || c.name === q);
    if (exact) return exact.token;
    if (q.length >= MIN_PREFIX) {
      const prefixed = lower.find((c) => c.token.id.startsWith(q) || c.name.startsWith(q));
      if (prefixed) return prefixed.token;
    }
    let best: MarketBody<TokenData> | null = null;
    let bestDistance = tolerance(q) + 1;
    for (const c of lower) {
      // A misspelling keeps its first letter; without this "helium" would be "celium".
      const d = Math.min(
        ...[c.token.id, c.name].map((t) => (t[0] === q[0] ? distance(q, t) : Infinity)),
      );
      if (d < bestDistance) {
        best = c.token;
        bestDistance = d;
      }
    }
    return best;
  }

  return {
    tokenData(query) {
      const token = findToken(query);
      return token
        ? { ...token, ...SNAPSHOT_FRESHNESS }
        : { error: MARKET_ERRORS.noResults, query, source: "snapshot" };
    },
    newTokens: () => ({ ...data.newTokens, ...SNAPSHOT_FRESHNESS }),
    trending: () => ({ ...data.trending, ...SNAPSHOT_FRESHNESS }),
    ohlc(query, days) {
      const token = findToken(query);
      if (!token) return { error: MARKET_ERRORS.noResults, query, source: "snapshot" };
      const found = series.get(token.id);
      if (!found) {
        const { id, symbol, name } = token;
        const coin = { id, symbol, name };
        return { error: MARKET_ERRORS.noHistory, query, coin, source: "snapshot" };
      }
      return servedOhlc(found, snapOhlcDays(days));
    },
    market: (request) => ({ ...rankMarket(captured, request), ...SNAPSHOT_FRESHNESS }),
    coins: () => marketCoins,
    coin(id) {
      const token = byId.get(id);
      return token
        ? { ...token, ...SNAPSHOT_FRESHNESS }
        : { error: MARKET_ERRORS.noResults, query: id, source: "snapshot" };
    },
    knownCoins: () => known,
  };
}

/** The captured coins as the whole market, dated by the capture (the data has no sparklines). */
function asMarketCoins(captured: MarketBody<TokenData>[], asOf: string): MarketCoins {
  return { coins: captured.map((t) => ({ ...t, sparkline7d: null })), asOf, ...SNAPSHOT_FRESHNESS };
}

/** A series as one run of daily candles, and the open time of its first close-built one. */
interface DailyCandles {
  series: SnapshotSeries;
  candles: Candle[];
  /** Unix s of the first candle built from daily prices (Infinity when none is). */
  closesFrom: number;
}

/**
 * The series' candles followed by candles built from its daily prices: open = the previous day's
 * price (the first price only opens the next candle when no candle precedes it), close = the day's
 * price, high and low the larger and smaller of the two.
 */
function dailyCandles(series: SnapshotSeries): DailyCandles {
  const candles: Candle[] = series.candles.map(([time, open, high, low, close]) => ({
    time,
    open,
    high,
    low,
    close,
  }));
  let closesFrom = Infinity;
  if (series.closes) {
    const start = Date.parse(series.closes.from) / 1000;
    let previous = candles.at(-1)?.close;
    series.closes.prices.forEach((close, i) => {
      if (previous !== undefined) {
        const time = start + i * 86_400;
        closesFrom = Math.min(closesFrom, time);
        const [high, low] = [Math.max(previous, close), Math.min(previous, close)];
        candles.push({ time, open: previous, high, low, close });
      }
      previous = close;
    });
  }
  return { series, candles, closesFrom };
}

/** The last `days` candles of `found` (all of them for "max") as getOhlc's result. */
function servedOhlc(found: DailyCandles, days: OhlcDays): Ohlc {
  const { id, symbol, name, asOf } = found.series;
  const candles = days === "max" ? found.candles : found.candles.slice(-days);
  const first = candles[0]?.time ?? 0;
  const closesFrom = Number.isFinite(found.closesFrom)
    ? new Date(Math.max(first, found.closesFrom) * 1000).toISOString()
    : null;
  return {
    id,
    symbol,
    name,
    days: days === "max" ? Math.max(1, candles.length) : days,
    candles,
    closesFrom,
    asOf,
    ...SNAPSHOT_FRESHNESS,
  };
}
