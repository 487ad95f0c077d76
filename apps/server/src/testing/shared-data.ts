// The shared data some tests read from beside the repository (../shared/data: real articles,
// CoinGecko captures, daily prices); a fresh clone has none, so those tests skip and say so.
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../config.ts";

/** The shared data folder, beside the repository (never an absolute path of one machine). */
export const sharedData = path.join(repoRoot, "../shared/data");

/** The shared ethereum.org and Bitcoin Optech articles. */
export const sharedArticles = path.join(sharedData, "articles");
/** Whether the shared articles are there. */
export const hasSharedArticles = fs.existsSync(sharedArticles);

/** The real CoinGecko responses captured in ../shared/data/coingecko. */
export const coinGeckoCaptures = path.join(sharedData, "coingecko");
/** Whether the CoinGecko captures are there. */
export const hasCoinGeckoCaptures = fs.existsSync(coinGeckoCaptures);

/** 2025's daily prices, one CSV per coin. */
export const sharedPrices = path.join(sharedData, "prices/coingecko-daily-close-2025");
/** Whether the daily prices are there. */
export const hasSharedPrices = fs.existsSync(sharedPrices);

/** The suffix of a test's name that needs `folder` of ../shared/data: "(needs ../shared/data/x)". */
export const needs = (folder: string): string => `(needs ../shared/data/${folder})`;

/**
 * Says in one console line that `what` is skipped when `present` is false (the shared data is
 * absent), so a run on a fresh clone shows why tests were skipped, not only that they were.
 */
export function noteSkipped(present: boolean, what: string, folder: string): void {
  if (!present) console.warn(`skipped: ${what} ${needs(folder)}, absent here`);
}
