// The offline model's answer to a token-data lookup: the opening that answers the question, then
// the figures the stats card does not show, what the data lacks, the description when asked for,
// and the as-of line.
import { type TokenData, formatSignedPercent, formatUsdPrice } from "@pragmatist/contracts";
import type { TokenFocus } from "../reading/slots.ts";
import { continued, dayOf } from "./dating.ts";
import {
  coinLabel,
  escapeMarkdown,
  formatCount,
  freshnessLine,
  joinBlocks,
  staleNote,
} from "./format.ts";
import { belowAth, listWords } from "./token-facts.ts";
import { type OpeningOptions, tokenOpening } from "./token-opening.ts";

/** The 7 d and 30 d changes as list items, each only when the data has it. */
function changeLines(data: TokenData): string[] {
  const changes: Array<[string, number | null]> = [
    ["7 d change", data.change7dPercent],
    ["30 d change", data.change30dPercent],
  ];
  return changes.flatMap(([label, value]) =>
    value !== null ? [`- **${label}:** ${formatSignedPercent(value)}`] : [],
  );
}

/** Circulating supply and, with a maximum, the share issued. */
function supplyLine(data: TokenData): string | null {
  if (data.circulatingSupply === null) return null;
  const symbol = escapeMarkdown(data.symbol.toUpperCase());
  const max =
    data.maxSupply !== null && data.maxSupply > 0
      ? ` of a ${formatCount(data.maxSupply)} maximum (${((data.circulatingSupply / data.maxSupply) * 100).toFixed(1)}% issued)`
      : "";
  return `- **Circulating supply:** ${formatCount(data.circulatingSupply)} ${symbol}${max}`;
}

/** The all-time high with its date and the price's distance below it. */
function athLine(data: TokenData): string | null {
  if (data.athUsd === null) return null;
  const below = belowAth(data);
  const when = data.athDate ? ` on ${dayOf(data.athDate)}` : "";
  const distance =
    below === null
      ? ""
      : below > 0
        ? `; the price is ${below.toFixed(2)}% below it`
        : "; the price is at or above it";
  return `- **All-time high:** ${formatUsdPrice(data.athUsd)}${when}${distance}`;
}

/**
 * The figures of a token the stats card beside the answer does not show (it shows the price, the
 * 24 h change, market cap, rank and 24 h volume: eval class R8, docs/product/max.md#eval-classes,
 * each figure said once), as Markdown list items, each only when the data has it: the 7 d and 30 d
 * changes, the 24 h range, the supply and the all-time high.
 */
function figuresBeyondCard(data: TokenData): string[] {
  const lines = changeLines(data);
  if (data.low24hUsd !== null && data.high24hUsd !== null) {
    lines.push(
      `- **24 h range:** ${formatUsdPrice(data.low24hUsd)} – ${formatUsdPrice(data.high24hUsd)}`,
    );
  }
  return [...lines, supplyLine(data), athLine(data)].filter((l): l is string => l !== null);
}

/**
 * What the data lacks for this coin, in a reader's words (eval class A2), or null when it
 * lacks nothing or has no price at all (the opening says so then).
 */
function missingNote(data: TokenData): string | null {
  if (data.missing.length === 0 || data.priceUsd === null) return null;
  return `Not in the data for ${escapeMarkdown(data.name)}: ${listWords(data.missing)}.`;
}

/** The coin's description, escaped and cut to 400 characters; null when empty. */
function description(data: TokenData): string | null {
  const text = data.description.trim();
  if (text === "") return null;
  return escapeMarkdown(text.length > 400 ? `${text.slice(0, 397).trimEnd()}…` : text);
}

/** How one coin's answer is written. */
export interface TokenAnswerOptions extends OpeningOptions {
  /** What the question asks for first (intents/focus.ts), null for nothing in particular. */
  focus: TokenFocus | null;
  /**
   * One of several coins compared: the comparison's opening and side-by-side block say the
   * figures, the cards the rest, so the coin's own opening and list are left out.
   */
  compared: boolean;
  /** The as-of line is shown: false for a coin compared whose data has the first coin's date. */
  sourced: boolean;
  /** The question asks what the coin is ("What is Litecoin?"): its description belongs. */
  describe: boolean;
  /** A clause the opening continues ("There is no price history for X; "), or null. */
  preface: string | null;
}

/**
 * One coin's answer (getTokenData): the opening that answers the question (token-opening.ts),
 * after `preface` when given (for a coin compared, only then); the stale note, the figures the card
 * does not show (not for a coin compared), what the data lacks, the description (when the question
 * asks what the coin is) and the as-of line (when `sourced`).
 */
export function tokenAnswer(data: TokenData, options: TokenAnswerOptions): string {
  const opening = tokenOpening(data, options.focus, options);
  const label = coinLabel(data);
  const alone = !options.compared || options.preface !== null;
  return joinBlocks([
    !alone
      ? null
      : options.preface && opening.includes(label)
        ? `${options.preface}${continued(opening).replace(label, "it")}`
        : `${options.preface ?? ""}${options.preface ? continued(opening) : opening}`,
    staleNote(data),
    !options.compared && figuresBeyondCard(data).join("\n"),
    missingNote(data),
    options.describe && !options.compared && description(data),
    options.sourced && freshnessLine(data),
  ]);
}
