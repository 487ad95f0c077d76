// Server side of the Market Data pages: the `/markets` query read and checked once, as the API
// checks it (docs/product/markets.md#market-data-pages), before the publication API answers.
import {
  COIN_RANGES,
  coinIdSchema,
  type CoinRange,
  marketTableQuerySchema,
  type MarketTableQuery,
} from "@pragmatist/contracts";

/** A query the table refuses: what a reader is told on the 400 page. */
export interface BadMarketQuery {
  invalid: string;
}

/**
 * The `/markets` query of `url` (tab, sort, order, page, q), or what is wrong with it: an unknown
 * or repeated parameter, or a value outside its list (the same schema as `GET /api/markets`).
 * Parameters starting with "_" are the router's own (a client navigation's data request carries
 * `_routes`) and are left out.
 */
export function marketTableQueryOf(url: URL): MarketTableQuery | BadMarketQuery {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    if (key.startsWith("_")) continue;
    const values = url.searchParams.getAll(key);
    raw[key] = values.length === 1 ? values[0]! : values;
  }
  const parsed = marketTableQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = issue?.path[0] ?? (issue && "keys" in issue ? issue.keys[0] : undefined);
  return { invalid: key ? `the parameter “${String(key)}” is not valid here` : "bad parameters" };
}

/** The chart range `?range=` names (default 90d), or null for any other value. */
export function coinRangeOf(url: URL): CoinRange | null {
  const raw = url.searchParams.get("range") ?? "90d";
  return (COIN_RANGES as readonly string[]).includes(raw) ? (raw as CoinRange) : null;
}

/** The coin id of a `/markets/{id}` address when it can be one (coinIdSchema), else null. */
export function coinIdOf(raw: string): string | null {
  return coinIdSchema.safeParse(raw).success ? raw : null;
}
