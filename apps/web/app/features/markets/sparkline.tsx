// A coin's 7-day price line in the market table: a small inline SVG drawn on the server, no chart
// library (docs/product/markets.md#market-data-pages).
import { formatUsdPrice } from "../../lib/format.ts";

const WIDTH = 96;
const HEIGHT = 28;

/** The polyline's points for `prices` scaled into WIDTH × HEIGHT (a flat line mid-height). */
export function sparklinePoints(prices: readonly number[]): string {
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const step = prices.length > 1 ? WIDTH / (prices.length - 1) : 0;
  return prices
    .map((p, i) => {
      const y = high === low ? HEIGHT / 2 : HEIGHT - 2 - ((p - low) / (high - low)) * (HEIGHT - 4);
      return `${(i * step).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}

/**
 * The line of `prices` (oldest first, USD), green when the week ended higher than it began, red
 * when lower; its accessible name says the week's first and last price. Fewer than two prices:
 * the dash a missing figure shows, "no 7-day history in the data" for screen readers.
 */
export function Sparkline({ prices, name }: { prices: readonly number[] | null; name: string }) {
  const first = prices?.[0];
  const last = prices?.at(-1);
  if (!prices || prices.length < 2 || first === undefined || last === undefined) {
    return (
      <span className="text-muted">
        <span aria-hidden="true">–</span>
        <span className="sr-only">No 7-day history in the data</span>
      </span>
    );
  }
  const tone = last > first ? "text-up" : last < first ? "text-down" : "text-muted";
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${name}, last 7 days: from ${formatUsdPrice(first)} to ${formatUsdPrice(last)}`}
      className={`inline-block ${tone}`}
    >
      <polyline
        points={sparklinePoints(prices)}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinejoin="round"
      />
    </svg>
  );
}
