// Max's tools (docs/product.md#max-tools, plus research search): zod inputs, descriptions for a
// model.
import { tool } from "ai";
import { type ResearchResults, assistantToolInputs } from "@pragmatist/contracts";
import type { MarketService } from "../market/market.service.ts";

/** What the tools run on: the market service and the research search. */
export interface ToolDependencies {
  market: Pick<MarketService, "getTokenData" | "getNewTokens" | "getTrendingTokens" | "getOhlc">;
  /** Passages of the publication's own research for a query, numbered from 1. */
  searchResearch(query: string): Promise<ResearchResults>;
}

/**
 * The tool set passed to the model loop. Market tools never throw: failures come back as error
 * objects ("No results found", "An error occurred while fetching data",
 * docs/product.md#max-tools), which the model reports instead of guessing.
 */
export function createAssistantTools(deps: ToolDependencies) {
  return {
    getTokenData: tool({
      description:
        "Current details and market data (USD) of one cryptocurrency: price, 24h change, market " +
        "cap and rank, 24h volume and range, supply, all-time high, a short description. Use for " +
        "questions about a coin's price, market stats or what a coin is. Every figure has an " +
        "`asOf` time that must be quoted with it.",
      inputSchema: assistantToolInputs.getTokenData,
      execute: ({ query }) => deps.market.getTokenData(query),
    }),
    getNewTokens: tool({
      description:
        "The coins most recently listed on CoinGecko, newest first, with their listing time.",
      inputSchema: assistantToolInputs.getNewTokens,
      execute: () => deps.market.getNewTokens(),
    }),
    getTrendingTokens: tool({
      description:
        "The coins most searched on CoinGecko in the last 24 hours, in trending order, with " +
        "price, 24h change and market cap when known.",
      inputSchema: assistantToolInputs.getTrendingTokens,
      execute: () => deps.market.getTrendingTokens(),
    }),
    getOhlc: tool({
      description:
        "Price history of one coin as daily OHLC candles (open, high, low, close in USD) over " +
        "the last `days` days. Use for charts, performance over a period, highs and lows. The " +
        "reader sees a chart of the candles; summarise them, do not list them all.",
      inputSchema: assistantToolInputs.getOhlc,
      execute: ({ query, days }) => deps.market.getOhlc(query, days),
    }),
    searchResearch: tool({
      description:
        "Searches this publication's own research articles and returns numbered passages with " +
        "title and link. Use for explanations of crypto topics (protocols, scaling, staking, " +
        "Bitcoin and Ethereum development). Cite passages as [n] and list their links.",
      inputSchema: assistantToolInputs.searchResearch,
      execute: ({ query }) => deps.searchResearch(query),
    }),
  };
}
