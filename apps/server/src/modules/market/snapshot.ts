// The dated offline market snapshot (snapshot.json, built by `npm run market:snapshot`): what Max
// answers from when no CoinGecko key is configured, and the coin names the offline model knows.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { distance } from "fastest-levenshtein";
import {
  MARKET_ERRORS,
  type MarketResult,
  type NewTokens,
  type Ohlc,
  type TokenData,
  type TrendingTokens,
} from "@pragmatist/contracts";
import { byRank, type CoinRef, type MarketBody, snapOhlcDays } from "./coingecko.ts";

/** Where the builder writes the snapshot and the service reads it. */
export const SNAPSHOT_FILE = fileURLToPath(new URL("./snapshot.json", import.meta.url));

/** CoinGecko's attribution requirement, kept inside the data it applies to. */
export const SNAPSHOT_ATTRIBUTION = "Data provided by CoinGecko";

/** One coin's daily candles: `[openTime (Unix s, UTC midnight), open, high, low, close]` in USD. */
export interface SnapshotSeries {
  id: string;
  symbol: string;
  name: string;
  /** ISO 8601 open time of the last candle (the day the series ends). */
  asOf: string;
  /** Oldest first, one per day without gaps. */
  candles: Array<[number, number, number, number, number]>;
}

/** The file's shape. Each dataset carries its own as-of date (they were captured apart). */
export interface SnapshotData {
  attribution: typeof SNAPSHOT_ATTRIBUTION;
  /** Where each dataset comes from and when, for a reader of the file. */
  sources: Record<"tokens" | "trending" | "newTokens" | "ohlc", string>;
  /**
   * The top 100 markets by rank, then trending coins not among them by theirs: the order in which
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
  /** Daily candles counted back from the series' last candle; `days` snapped as CoinGecko would. */
  ohlc(query: string, days: number): MarketResult<Ohlc>;
  /** The coins `findToken` knows, best market-cap rank first. */
  knownCoins(): ReadonlyArray<CoinRef>;
}

/** A SnapshotSource over `data` (see loadSnapshot). */
export function createSnapshotSource(data: SnapshotData): SnapshotSource {
  const tokens = data.tokens;
  const series = new Map(data.ohlc.map((s) => [s.id, s]));
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
   * id or name within `tolerance` edits ("etherium" -> ethereum, "solanna" -> solana); else null.
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
      const d = Math.min(distance(q, c.token.id), distance(q, c.name));
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
        : { error: MARKET_ERRORS.noResults, query };
    },
    newTokens: () => ({ ...data.newTokens, ...SNAPSHOT_FRESHNESS }),
    trending: () => ({ ...data.trending, ...SNAPSHOT_FRESHNESS }),
    ohlc(query, days) {
      const token = findToken(query);
      const found = token ? series.get(token.id) : undefined;
      if (!found) return { error: MARKET_ERRORS.noResults, query };
      const served = snapOhlcDays(days);
      return {
        id: found.id,
        symbol: found.symbol,
        name: found.name,
        days: served,
        candles: found.candles
          .slice(-served)
          .map(([time, open, high, low, close]) => ({ time, open, high, low, close })),
        asOf: found.asOf,
        ...SNAPSHOT_FRESHNESS,
      };
    },
    knownCoins: () => known,
  };
}
