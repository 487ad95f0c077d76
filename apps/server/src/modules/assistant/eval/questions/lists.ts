// Price-history, new-listing and trending phrasings (eval classes A1–A3,
// docs/product/max.md#eval-classes): periods, "the whole history", coins with market data but no
// history, and the many ways to ask for lists.
import type { EvalCase } from "../cases.ts";
import { history, historyMissing, newTokens, trending, uncovered } from "./build.ts";

/** Questions about a coin's price over a period. */
export const HISTORY_QUESTIONS: EvalCase[] = [
  history("How did ETH do over the last 90 days?", "ethereum", 90),
  history("Bitcoin price history for the past year", "bitcoin", 365),
  history("show me solana's chart for the last 2 weeks", "solana", 14),
  history("How has Cardano performed over the last 90 days?", "cardano", 90),
  history("Polkadot over the last 6 months, please", "polkadot", 180),
  history("What was Chainlink's highest price in the last 3 months?", "chainlink", 90, "high"),
  history("What was the lowest Litecoin price in the last 60 days?", "litecoin", 60, "low"),
  history("BTC chart, 7 days", "bitcoin", 7),
  history("price history of uniswap over a quarter", "uniswap", 90),
  history("Show me the whole price history of bitcoin", "bitcoin", "max"),
  history("all the ETH price history you have", "ethereum", "max"),
  history("Give me Solana's full history", "solana", "max"),
  history("Cardano's entire price history please", "cardano", "max"),
  history("LINK price over its whole history", "chainlink", "max"),
  history("highest BNB price in the past year", "binancecoin", 365, "high"),
  history("Tezos price history, 90 days", "tezos", 90),
  history("How did Cosmos do over the past 180 days?", "cosmos", 180),
  history("Algorand chart for the last two weeks", "algorand", 14),
  history("bitcoin cash performance over the last 3 months", "bitcoin-cash", 90),
  history("Show the 1 year chart of litecoin", "litecoin", 365),
  history("Starknet's price over the last 90 days", "starknet", 90),
  history("Kusama chart for the past month", "kusama", 30),
  history("what was the lowest avax price in the past year", "avalanche-2", 365, "low"),
  // Coins with market data but no price history: answer from what there is, say what is missing.
  historyMissing("Show me XRP's price history for the last 90 days", "ripple"),
  historyMissing("dogecoin chart 6 months", "dogecoin"),
  historyMissing("Hyperliquid price history", "hyperliquid"),
  historyMissing("How did TRON do over the past year?", "tron"),
  historyMissing("Chart of Sui for 90 days", "sui"),
  historyMissing("what was the lowest price of monero in the past 6 months", "monero"),
  historyMissing("Pepe's full price history", "pepe"),
  // Coins the offline data does not hold.
  uncovered("Optimism price chart 90 days", "Optimism", "history"),
  uncovered("Show me Helium's price history", "Helium", "history"),
];

/** Questions for the newest listings, asked the many ways readers ask. */
export const NEW_QUESTIONS: EvalCase[] = [
  newTokens("Give me a list of new tokens"),
  newTokens("what coins just got listed?"),
  newTokens("Any new listings on CoinGecko?"),
  newTokens("show me the latest token launches"),
  newTokens("newest coins"),
  newTokens("What's recently been added to coingecko"),
  newTokens("which tokens were listed most recently"),
  newTokens("new crypto listings pls"),
  newTokens("What are the most recent additions to the market?"),
  newTokens("Have any coins launched recently?"),
  newTokens("list recently launched cryptocurrencies"),
  newTokens("what's new on coingecko"),
  newTokens("Newly listed tokens?"),
  newTokens("Show me the brand-new coins"),
  newTokens("Tell me about the latest coin listings"),
  newTokens("any fresh tokens out?"),
];

/** Questions for the trending coins. */
export const TRENDING_QUESTIONS: EvalCase[] = [
  trending("List the current trending tokens"),
  trending("what's trending in crypto"),
  trending("What are people searching for on CoinGecko?"),
  trending("hot coins right now?"),
  trending("Which tokens are getting the most attention today"),
  trending("top trending cryptos"),
  trending("what coins are popular at the moment"),
  trending("show me what's buzzing on coingecko"),
  trending("Trending list please"),
  trending("which coins are most searched in the last 24 hours?"),
  trending("What's hot in the market?"),
  trending("what tokens is everyone talking about"),
  trending("give me the trending coins on CoinGecko"),
  trending("most-searched coins today?"),
];
