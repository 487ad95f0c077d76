// How the Market Data pages write each figure (docs/product/markets.md#market-data-pages,
// docs/product/limits.md#formats): a missing figure says so instead of showing a zero, and a change
// carries its sign and an arrow besides its colour. Pure, so tests run in Node.
import { toneOf, type Tone } from "../../components/market/market-figures.ts";
import {
  builtOnFirstUse,
  formatSignedPercent,
  formatUsdCompact,
  formatUsdPrice,
} from "../../lib/format.ts";

/** A figure as a cell shows it: its text, and whether the data lacks it (then `text` is a dash). */
export interface Cell {
  text: string;
  /** True when the data has no such figure: the cell shows a dash and says "not in the data". */
  missing: boolean;
}

/** A change cell: the signed percent and its direction (its colour and arrow, figure.tsx). */
export interface ChangeCell extends Cell {
  tone: Tone;
}

/** What a missing figure shows (an en dash, as Max's token card). */
export const MISSING = "–";

/** `value` written by `format`, or the missing cell when it is null. */
function cellOf(value: number | null, format: (v: number) => string): Cell {
  return value === null
    ? { text: MISSING, missing: true }
    : { text: format(value), missing: false };
}

/** A price in USD ("$78,428.00", "$0.0000009048"), or missing. */
export const priceCell = (usd: number | null): Cell => cellOf(usd, formatUsdPrice);

/** A market cap, volume or valuation in compact USD ("$1.57T"), or missing. */
export const compactCell = (usd: number | null): Cell => cellOf(usd, formatUsdCompact);

/** A supply in whole coins, compact ("20.02M"), or missing. */
export const supplyCell = (coins: number | null): Cell => cellOf(coins, (n) => supply().format(n));
const supply = builtOnFirstUse(
  () => new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 }),
);

/** A market-cap rank ("1"), or missing (unranked). */
export const rankCell = (rank: number | null): Cell => cellOf(rank, String);

/**
 * A change in percent: "▲ +3.21%" green, "▼ -0.50%" red, or missing; a change that rounds to
 * "0.00%" is plain, without arrow or colour (it shows no direction).
 */
export function changeCell(percent: number | null): ChangeCell {
  const shown = percent === null ? null : Math.round(percent * 100) / 100;
  return { ...cellOf(percent, formatSignedPercent), tone: toneOf(shown) };
}
