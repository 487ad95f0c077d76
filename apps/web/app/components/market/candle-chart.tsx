// A price-history answer's candlestick chart (docs/product/max.md#assistant), drawn with
// TradingView's lightweight-charts. The library (~50 KiB gzip) is fetched when a chart first shows,
// never with the page.
import type { Dated, Ohlc } from "@pragmatist/contracts";
import type { RefObject } from "react";
import { Skeleton } from "../ui/skeleton.tsx";
import { StaticPart } from "../ui/static-part.tsx";
import { asOfLine, ohlcSummary } from "./market-figures.ts";
import { type CandleChartState, useCandleChart } from "./use-candle-chart.ts";

/** The chart's 200/260 px area: the drawn chart (an image named by `summary`), or its state. */
function ChartArea(props: {
  box: RefObject<HTMLDivElement | null>;
  state: CandleChartState;
  summary: string;
}) {
  return (
    <div className="relative mt-2 h-[200px] sm:h-[260px]">
      <div
        ref={props.box}
        role="img"
        aria-label={`Candlestick chart. ${props.summary}`}
        className="size-full"
      />
      {props.state === "loading" && <Skeleton className="absolute inset-0 h-full" />}
      {props.state === "failed" && (
        <p className="absolute inset-0 flex items-center justify-center text-sm text-muted">
          The chart could not be loaded.
        </p>
      )}
    </div>
  );
}

/** The candles' as-of line (`asOfLine`), as a component so a static part's server markup skips it. */
function AsOf({ ohlc }: { ohlc: Dated<Ohlc> & { ageSeconds?: number } }) {
  return asOfLine(ohlc);
}

/**
 * A coin's daily candles in USD as a figure: caption, chart, the period's summary (also the
 * chart's accessible name) and its as-of line. With no candles, a sentence saying so instead.
 */
export function CandleChart({ ohlc }: { ohlc: Dated<Ohlc> & { ageSeconds?: number } }) {
  const { box, state } = useCandleChart(ohlc);
  const summary = ohlcSummary(ohlc);
  if (!summary) {
    return (
      <p className="mt-3 text-sm text-muted">No price history was returned for {ohlc.name}.</p>
    );
  }
  return (
    <figure className="-mx-1.5 mt-3 rounded-xl border border-line bg-page/70 p-2.5 sm:mx-0 sm:p-3">
      <figcaption className="text-sm font-semibold">
        {ohlc.name} ({ohlc.symbol.toUpperCase()}) · daily candles, {ohlc.days} days, USD
      </figcaption>
      <ChartArea box={box} state={state} summary={summary} />
      <p className="tabular mt-2 text-xs text-muted">{summary}</p>
      {/* Text only, kept as the server's on load: hydrating it would build a date formatter. */}
      <StaticPart as="p" deps={[ohlc]} className="mt-1 text-xs text-muted">
        <AsOf ohlc={ohlc} />
      </StaticPart>
    </figure>
  );
}
