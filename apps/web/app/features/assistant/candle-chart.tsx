// A price-history answer's candlestick chart (issue #5), drawn with TradingView's
// lightweight-charts. The library (~50 KiB gzip) is fetched when a chart first shows, never with the page.
import type { Ohlc } from "@pragmatist/contracts";
import type { CandlestickData, IChartApi, ISeriesApi, UTCTimestamp } from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatUsdCompact, formatUsdPrice } from "../../lib/format.ts";
import { asOfLine, ohlcSummary } from "./market-figures.ts";

/** The page's design tokens (light or dark, per the system setting) as the chart's colours. */
function themeColors() {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(`--color-${name}`).trim();
  return { text: token("muted"), line: token("line"), up: token("up"), down: token("down") };
}

/** Applies the current theme to a chart and its series (at creation and when the theme flips). */
function paint(chart: IChartApi, series: ISeriesApi<"Candlestick">) {
  const c = themeColors();
  chart.applyOptions({
    layout: { textColor: c.text },
    grid: { vertLines: { color: c.line }, horzLines: { color: c.line } },
    rightPriceScale: { borderColor: c.line },
    timeScale: { borderColor: c.line },
  });
  series.applyOptions({
    upColor: c.up,
    downColor: c.down,
    wickUpColor: c.up,
    wickDownColor: c.down,
  });
}

export function CandleChart({ ohlc }: { ohlc: Ohlc }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const summary = ohlcSummary(ohlc);
  // The candles, not the object: a streaming message hands over a new object for the same data.
  const dataKey = `${ohlc.id}:${ohlc.days}:${ohlc.asOf}:${ohlc.candles.length}`;
  const latest = useRef(ohlc);
  latest.current = ohlc;

  useEffect(() => {
    if (latest.current.candles.length === 0) return;
    let chart: IChartApi | undefined;
    let cancelled = false;
    const dark = window.matchMedia("(prefers-color-scheme: dark)");
    let onTheme: (() => void) | undefined;
    import("lightweight-charts").then(
      ({ createChart, CandlestickSeries, ColorType }) => {
        if (cancelled || !box.current) return;
        chart = createChart(box.current, {
          autoSize: true,
          layout: {
            background: { type: ColorType.Solid, color: "transparent" },
            fontFamily: getComputedStyle(document.body).fontFamily,
            fontSize: 11,
          },
          // "$61.92K" rather than "61919.92": a narrow price scale leaves the candles room on a phone.
          localization: {
            priceFormatter: (usd: number) =>
              Math.abs(usd) >= 1000 ? formatUsdCompact(usd) : formatUsdPrice(usd),
          },
          timeScale: { fixLeftEdge: true, fixRightEdge: true },
          // The chat scrolls under a finger or a wheel; the chart must not take those gestures.
          handleScroll: { mouseWheel: false, vertTouchDrag: false },
          handleScale: { mouseWheel: false, pinch: false },
        });
        const series = chart.addSeries(CandlestickSeries, { borderVisible: false });
        series.setData(
          latest.current.candles.map((c): CandlestickData<UTCTimestamp> => ({
            ...c,
            time: c.time as UTCTimestamp,
          })),
        );
        paint(chart, series);
        chart.timeScale().fitContent();
        onTheme = () => chart && paint(chart, series);
        dark.addEventListener("change", onTheme);
        setState("ready");
      },
      () => !cancelled && setState("failed"),
    );
    return () => {
      cancelled = true;
      if (onTheme) dark.removeEventListener("change", onTheme);
      chart?.remove();
    };
  }, [dataKey]);

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
      <div className="relative mt-2 h-[200px] sm:h-[260px]">
        <div
          ref={box}
          role="img"
          aria-label={`Candlestick chart. ${summary}`}
          className="size-full"
        />
        {state === "loading" && <Skeleton className="absolute inset-0 h-full" />}
        {state === "failed" && (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-muted">
            The chart could not be loaded.
          </p>
        )}
      </div>
      <p className="tabular mt-2 text-xs text-muted">{summary}</p>
      <p className="mt-1 text-xs text-muted">{asOfLine(ohlc)}</p>
    </figure>
  );
}
