// The whole market ranked by one figure (getMarket, docs/product/max.md#max-tools): the same
// ranking over the offline snapshot's coins or CoinGecko's top coins by market cap.
import type { MarketRanking, MarketRankingBy, TokenData } from "@pragmatist/contracts";
import type { MarketBody } from "./coingecko-bodies.ts";

/** What getMarket is asked: the figure, the direction, how many and from which position. */
export interface RankingRequest {
  by: MarketRankingBy;
  order: "desc" | "asc";
  /** How many coins, from 1. */
  limit: number;
  /** The first position returned, 1-based. */
  from: number;
}

/** The TokenData field behind each ranking figure. */
const FIELD = {
  marketCap: "marketCapUsd",
  volume: "volume24hUsd",
  change24h: "change24hPercent",
  change7d: "change7dPercent",
  change30d: "change30dPercent",
} as const satisfies Record<MarketRankingBy, keyof TokenData>;

type Ranked = Pick<
  MarketBody<TokenData>,
  | "id"
  | "symbol"
  | "name"
  | "rank"
  | "priceUsd"
  | "change24hPercent"
  | "change7dPercent"
  | "change30dPercent"
  | "marketCapUsd"
  | "volume24hUsd"
  | "asOf"
>;

/** The sum of `values`, or null when none is known. */
function total(values: Array<number | null>): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? known.reduce((a, b) => a + b, 0) : null;
}

/**
 * Ranks `tokens` by `request.by` (coins without that figure, or without a market cap, are left
 * out: a coin with no market cap has no place among movers either, as on CoinGecko's own gainers
 * list) and returns positions `from` to `from + limit - 1`. Ties keep the tokens' order (a stable
 * sort). `asOf` is the newest of the ranked coins' dates; the totals are over every ranked coin.
 */
export function rankMarket(
  tokens: ReadonlyArray<Ranked>,
  request: RankingRequest,
): MarketBody<MarketRanking> {
  const field = FIELD[request.by];
  const universe = tokens.filter((t) => t[field] !== null && t.marketCapUsd !== null);
  const sign = request.order === "desc" ? -1 : 1;
  const sorted = [...universe].sort((a, b) => sign * ((a[field] ?? 0) - (b[field] ?? 0)));
  const start = request.from - 1;
  const coins = sorted.slice(start, start + request.limit).map((t, i) => ({
    position: request.from + i,
    id: t.id,
    symbol: t.symbol,
    name: t.name,
    rank: t.rank,
    priceUsd: t.priceUsd,
    change24hPercent: t.change24hPercent,
    change7dPercent: t.change7dPercent,
    change30dPercent: t.change30dPercent,
    marketCapUsd: t.marketCapUsd,
    volume24hUsd: t.volume24hUsd,
  }));
  const asOf = universe.reduce((newest, t) => (t.asOf > newest ? t.asOf : newest), "");
  return {
    by: request.by,
    order: request.order,
    from: request.from,
    universe: universe.length,
    totalMarketCapUsd: total(universe.map((t) => t.marketCapUsd)),
    totalVolume24hUsd: total(universe.map((t) => t.volume24hUsd)),
    coins,
    asOf: asOf || new Date(0).toISOString(),
  };
}
