// Max's tools (docs/product/max.md#max-tools, plus research search): zod inputs, and descriptions
// that tell any model (the offline one or an LLM_* service) when to use each tool, what its
// arguments mean and how to read its result.
import { tool } from "ai";
import { type ResearchResults, assistantToolInputs } from "@pragmatist/contracts";
import type { MarketService } from "../market/market.service.ts";
import { withinPeriod } from "../market/ohlc-period.ts";

/** What the tools run on: the market service and the research search. */
export interface ToolDependencies {
  market: Pick<
    MarketService,
    "getTokenData" | "getNewTokens" | "getTrendingTokens" | "getOhlc" | "getMarket"
  >;
  /** Passages of the publication's own research for a query, numbered from 1. */
  searchResearch(query: string, slug?: string, sides?: string[]): Promise<ResearchResults>;
}

/** How every market result is dated, for the descriptions (docs/product/max.md#max-tools). */
const DATING =
  "Every result has `asOf` (when its figures were true: quote that date with them) and `source` " +
  '("coingecko": live CoinGecko; "snapshot": the dated offline copy of CoinGecko data); ' +
  "`stale: true` marks an older cached value, `ageSeconds` old.";

/** The coin-lookup errors and what to do about each (docs/product/max.md#max-tools). */
const LOOKUP_ERRORS =
  'An `error` result is not a failure of yours: "No results found" means the data (`source`) ' +
  "has no coin by that name (check the spelling or try the ticker; the offline snapshot covers " +
  'fewer coins than live CoinGecko); "An error occurred while fetching data" means it could ' +
  "not be fetched now (say so; try again later).";

/** searchResearch's description: what it returns, how to answer from it, and its options. */
const RESEARCH_DESCRIPTION =
  "Searches this publication's own research articles and returns numbered passages (`n`, " +
  "`title`, `section`, `url` /p/{slug}, `excerpt`, `publishDate`), best match first, or " +
  "newest first when the query asks for the latest issue of a series. Use it to explain " +
  "crypto topics (protocols, scaling, staking, Bitcoin and Ethereum development) and for " +
  "questions about the article in context. `query`: the topic's keywords, not the whole " +
  "question. Answer from the passages only, in 3 to 6 sentences, citing them inline as " +
  "[n], and end with a Sources list of Markdown links to their url. No passages: say the " +
  "library has nothing on it. With `warming` ({ indexed, total }) the library is still " +
  "being read after a restart: say you searched `indexed` of its `total` articles so far. " +
  "To summarise the article in context, pass its `slug` too. For the difference between " +
  "two things, pass them as `sides`: the first passages say what each is and how they " +
  "differ; answer with both.";

/** getMarket's description: what the ranking covers and that its totals are not the market's. */
const MARKET_DESCRIPTION =
  "The whole market ranked by one figure: the largest coins by market cap (`by: " +
  '"marketCap"`) or by 24 h volume (`"volume"`), or the biggest gainers (`order: "desc"`) ' +
  'and losers (`"asc"`) over 24 h, 7 d or 30 d (`"change24h"`, `"change7d"`, ' +
  '`"change30d"`). Use it for the top N coins, how the market is doing (the largest ' +
  "coins' moves), the biggest movers, and the coin at a given rank (`from: 2, limit: 1` is " +
  "the second largest). Each coin has its `position` in this ranking, market-cap `rank`, price, " +
  "changes, market cap and volume. `universe` is how many coins were ranked (the data's " +
  "coins, or CoinGecko's largest live) and the totals are over those coins only: never call " +
  `them the total crypto market. ${DATING}`;

/**
 * The tool set passed to the model loop. Market tools never throw: failures come back as error
 * objects ("No results found", "No price history for this coin in the available data", "An error
 * occurred while fetching data", each with its `source`; docs/product/max.md#max-tools), which the
 * model reports instead of guessing. An input that fails its schema (e.g. `days: 400`) never
 * reaches `execute`: the AI SDK sends the model the validation error as the call's result, and
 * the model may call again.
 */
export function createAssistantTools(deps: ToolDependencies) {
  return {
    getTokenData: tool({
      description:
        "Current market data (USD) of one cryptocurrency: price; change over 24 h, 7 d and 30 d " +
        "in percent; market cap and rank; 24 h volume and range; circulating and maximum supply; " +
        "the all-time high with its date (`athDate`) and the price's distance from it " +
        "(`athChangePercent`, 0 or less); a short description. Use it for a coin's price or " +
        "stats, how it is doing now, today, this week or this month (the 24 h, 7 d and 30 d " +
        "changes answer those, not a price history), its distance from the all-time high, and " +
        "for each coin of a comparison or a derived figure (a ratio, a difference): call it once " +
        "per coin, all in the same step. `query`: the coin's name, ticker or CoinGecko id. " +
        'Figures the data lacks are null and `missing` names them ("market cap", "price ' +
        'history", "market figures"): say what is missing rather than calling the coin unknown. ' +
        `${DATING} ${LOOKUP_ERRORS}`,
      inputSchema: assistantToolInputs.getTokenData,
      execute: ({ query }) => deps.market.getTokenData(query),
    }),
    getNewTokens: tool({
      description:
        "The coins most recently listed on CoinGecko, newest first, each with its listing time " +
        "(`activatedAt`). Use it for new, fresh, just launched or recently added tokens. New " +
        "listings have little trading history and often reuse an established coin's ticker: " +
        `name them by CoinGecko id too. ${DATING}`,
      inputSchema: assistantToolInputs.getNewTokens,
      execute: () => deps.market.getNewTokens(),
    }),
    getTrendingTokens: tool({
      description:
        "The coins most searched on CoinGecko in the last 24 hours, in trending order, with " +
        "rank, price, 24 h change and market cap when known. Use it for what is trending, hot " +
        `or most searched. ${DATING} A coin with \`pricedAt\` was priced at that time instead ` +
        "(the same figures getTokenData gives for it).",
      inputSchema: assistantToolInputs.getTrendingTokens,
      execute: () => deps.market.getTrendingTokens(),
    }),
    getOhlc: tool({
      description:
        "Price history of one coin as daily candles (open, high, low, close in USD; `time` in " +
        "Unix seconds at the candle's open). Use it for a chart, the performance over a period " +
        "of days, months or a year, the high or low of a period, or the whole history. " +
        "`query`: the coin's name, ticker or CoinGecko id. `days`: a whole number from 1 to 365 " +
        "(served as the smallest of 1, 7, 14, 30, 90, 180 and 365 that covers it; the result's " +
        '`days` says which), or "max" for the whole history there is (the result\'s `days` then ' +
        "says how long it was: name that range). The history can end before today: its `asOf` " +
        "is the day of the last candle. When that is older than the other figures, say in the " +
        "text where the history ends, and never give its last close as the current price " +
        "(getTokenData has that). From `closesFrom` on, candles are built from daily closing " +
        "prices. The reader sees a chart of the candles: summarise them, do not list them. For " +
        'a calendar period ("in Q1 2025", "between January and March") pass `from` and `to` ' +
        "with `days` covering it, so the candles and the chart are that period's. " +
        '"No price history for this coin in the available data" means the coin (`coin`) is ' +
        "known but has no history here: call getTokenData for its current figures and 24 h, " +
        `7 d and 30 d changes, and say the history is missing. ${DATING} ${LOOKUP_ERRORS}`,
      inputSchema: assistantToolInputs.getOhlc,
      execute: async ({ query, days, from, to }) =>
        withinPeriod(await deps.market.getOhlc(query, days), from, to),
    }),
    getMarket: tool({
      description: MARKET_DESCRIPTION,
      inputSchema: assistantToolInputs.getMarket,
      execute: (request) => deps.market.getMarket(request),
    }),
    searchResearch: tool({
      description: RESEARCH_DESCRIPTION,
      inputSchema: assistantToolInputs.searchResearch,
      execute: ({ query, slug, sides }) => deps.searchResearch(query, slug, sides),
    }),
  };
}
