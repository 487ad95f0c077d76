// The mappers from CoinGecko's responses to our market contract (docs/product/max.md#market-data),
// shared by the live service and the offline snapshot's builder.
import type Coingecko from "@coingecko/coingecko-typescript";
import type { MarketFreshness, NewTokens, TokenData, TrendingTokens } from "@pragmatist/contracts";
import { splitSentences } from "../../text/sentences.ts";

/** A result before it is served: its figures and `asOf`, without source and staleness. */
export type MarketBody<T extends MarketFreshness> = Omit<T, "source" | "stale" | "ageSeconds">;

/** At most this many of the 200 newest listings are returned (a model reads them all). */
const NEW_TOKENS_LIMIT = 25;

/** The fields of `/coins/{id}` we read (older captures lack the newer ones). */
export type CoinDetails = Pick<
  Coingecko.CoinGetIDResponse,
  "id" | "symbol" | "name" | "categories" | "description" | "links" | "last_updated"
>;
/** One row of `/coins/markets`. */
export type CoinMarket = Coingecko.Coins.MarketGetResponse.MarketGetResponseItem;
/** The part of `/search/trending` we read. */
export type TrendingList = Pick<Coingecko.Search.TrendingGetResponse, "coins">;
/** `/coins/list/new`. */
export type NewListings = Coingecko.Coins.ListGetNewResponse;

const HTML_TAG = /<[^>]*>/g;

/**
 * The first two sentences of CoinGecko's English description as plain text (its HTML links lose
 * their markup, whitespace collapses), "" when there is none.
 */
function summarize(description: string | undefined): string {
  const text = (description ?? "").replace(HTML_TAG, "").replace(/\s+/g, " ").trim();
  return splitSentences(text).slice(0, 2).join(" ");
}

/** TokenData's figures by what a reader calls them, for saying what a result lacks. */
type TokenFigure = keyof Omit<MarketBody<TokenData>, "missing">;
const FIGURE_NAMES: ReadonlyArray<[string, ReadonlyArray<TokenFigure>]> = [
  ["price", ["priceUsd"]],
  ["24 h change", ["change24hPercent"]],
  ["7-day and 30-day changes", ["change7dPercent", "change30dPercent"]],
  ["market cap", ["marketCapUsd"]],
  ["24 h volume", ["volume24hUsd"]],
  ["24 h range", ["high24hUsd", "low24hUsd"]],
  ["supply", ["circulatingSupply"]],
  ["all-time high", ["athUsd"]],
];

/**
 * What `token` lacks, as FIGURE_NAMES' words ("market cap", "supply"), or ["market figures"] when it
 * has none at all: what an answer names instead of calling a known coin unknown
 * (docs/product/max.md#market-data).
 */
export function missingFigures(token: Omit<MarketBody<TokenData>, "missing">): string[] {
  const missing = FIGURE_NAMES.filter(([, keys]) => keys.every((k) => token[k] === null));
  if (missing.length === FIGURE_NAMES.length) return ["market figures"];
  return missing.map(([name]) => name);
}

/** What `/coins/{id}` adds to a coin's figures: its description, homepage and categories. */
export type CoinAbout = Pick<TokenData, "description" | "homepage" | "categories">;

/**
 * The description (its first two sentences as plain text), first homepage and categories of
 * `/coins/{id}`; empty when `details` is null.
 */
export function aboutFromCoinGecko(details: CoinDetails | null): CoinAbout {
  return {
    description: summarize(details?.description.en),
    homepage: details?.links.homepage?.find((url) => url.trim() !== "") ?? null,
    categories: (details?.categories ?? []).filter((c): c is string => typeof c === "string"),
  };
}

/**
 * One coin's TokenData body from `/coins/{id}` (description, homepage, categories) and its
 * `/coins/markets` row (figures, USD). Either may be missing: unknown figures are null. `asOf` is
 * the row's `last_updated`, else the details', else `fetchedAt`.
 */
export function tokenFromCoinGecko(
  details: CoinDetails | null,
  market: CoinMarket | null,
  fetchedAt: Date,
): MarketBody<TokenData> {
  const coin = market ?? details;
  if (!coin) throw new Error("tokenFromCoinGecko needs the coin's details or its market row");
  const body = {
    id: coin.id,
    symbol: coin.symbol,
    name: coin.name,
    rank: market?.market_cap_rank ?? null,
    priceUsd: market?.current_price ?? null,
    change24hPercent: market?.price_change_percentage_24h ?? null,
    change7dPercent: market?.price_change_percentage_7d_in_currency ?? null,
    change30dPercent: market?.price_change_percentage_30d_in_currency ?? null,
    marketCapUsd: market?.market_cap ?? null,
    volume24hUsd: market?.total_volume ?? null,
    high24hUsd: market?.high_24h ?? null,
    low24hUsd: market?.low_24h ?? null,
    circulatingSupply: market?.circulating_supply ?? null,
    maxSupply: market?.max_supply ?? null,
    athUsd: market?.ath ?? null,
    athDate: market?.ath_date ?? null,
    athChangePercent: market?.ath_change_percentage ?? null,
    fdvUsd: market?.fully_diluted_valuation ?? null,
    totalSupply: market?.total_supply ?? null,
    atlUsd: market?.atl ?? null,
    atlDate: market?.atl_date ?? null,
    atlChangePercent: market?.atl_change_percentage ?? null,
    ...aboutFromCoinGecko(details),
    asOf: market?.last_updated ?? details?.last_updated ?? fetchedAt.toISOString(),
  };
  return { ...body, missing: missingFigures(body) };
}

/** "$104,127,324" (trending's formatted market cap) -> 104127324; null when not a number. */
function parseUsd(text: string | undefined): number | null {
  const digits = text?.replace(/[^0-9.]/g, "");
  return digits ? Number(digits) : null;
}

/** `/search/trending`'s coins in CoinGecko's order, with their USD price, 24 h change and cap. */
export function trendingFromCoinGecko(
  response: TrendingList,
  asOf: Date,
): MarketBody<TrendingTokens> {
  return {
    asOf: asOf.toISOString(),
    tokens: response.coins.map(({ item }) => ({
      id: item.id,
      symbol: item.symbol,
      name: item.name,
      rank: item.market_cap_rank ?? null,
      priceUsd: item.data?.price ?? null,
      change24hPercent: item.data?.price_change_percentage_24h?.usd ?? null,
      marketCapUsd: parseUsd(item.data?.market_cap),
    })),
  };
}

/** `/coins/list/new` newest first, at most NEW_TOKENS_LIMIT, listing times as ISO 8601. */
export function newTokensFromCoinGecko(response: NewListings, asOf: Date): MarketBody<NewTokens> {
  return {
    asOf: asOf.toISOString(),
    tokens: [...response]
      .sort((a, b) => b.activated_at - a.activated_at)
      .slice(0, NEW_TOKENS_LIMIT)
      .map((c) => ({
        id: c.id,
        symbol: c.symbol,
        name: c.name,
        activatedAt: new Date(c.activated_at * 1000).toISOString(),
      })),
  };
}
