// Facts read from one coin's market data, in the words the offline model's answers use.
import { type TokenData, formatSignedPercent } from "@pragmatist/contracts";
import type { ChangeWindow } from "../reading/dates.ts";

/** A change in words: "up 2.10%", "down 0.40%" or "unchanged". */
export function changeWords(percent: number): string {
  const size = formatSignedPercent(percent).replace(/^[+-]/, "");
  if (percent > 0) return `up ${size}`;
  if (percent < 0) return `down ${size}`;
  return "unchanged";
}

/** The change over a window, in %, or null when the data lacks it. */
export function changeOf(data: TokenData, window: ChangeWindow): number | null {
  if (window === "24h") return data.change24hPercent;
  return window === "7d" ? data.change7dPercent : data.change30dPercent;
}

/** A window as a sentence ends it: "in the last 24 hours", "over the past 7 days". */
export function windowWords(window: ChangeWindow): string {
  if (window === "24h") return "in the last 24 hours";
  return window === "7d" ? "over the past 7 days" : "over the past 30 days";
}

/** A window as a noun: "24-hour", "7-day", "30-day" (as in "its 7-day change"). */
export function windowAdjective(window: ChangeWindow): string {
  if (window === "24h") return "24-hour";
  return window === "7d" ? "7-day" : "30-day";
}

/**
 * How far the price is below the all-time high, in % (≤ 0 at or above it): CoinGecko's own
 * `athChangePercent` when given, else computed from price and high; null without either.
 */
export function belowAth(data: TokenData): number | null {
  if (data.athChangePercent !== null) return -data.athChangePercent;
  if (data.priceUsd === null || data.athUsd === null || data.athUsd <= 0) return null;
  return (1 - data.priceUsd / data.athUsd) * 100;
}

/** Items as a list in words ("market cap, 24 h volume and supply"; "or" after a negative). */
export function listWords(items: string[], conjunction: "and" | "or" = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1]}`;
}
