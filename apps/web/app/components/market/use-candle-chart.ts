// Draws a price history's candles with TradingView's lightweight-charts
// (docs/product/max.md#assistant): the library (~50 KiB gzip) is fetched when a chart first shows,
// never with the page.
import type { Dated, Ohlc } from "@pragmatist/contracts";
import type { CandlestickData, IChartApi, ISeriesApi, UTCTimestamp } from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { formatUsdCompact, formatUsdPrice } from "../../lib/format.ts";

type ChartLibrary = typeof import("lightweight-charts");

/** Where the chart stands: its library loading, drawn, or the library could not be fetched. */
export type CandleChartState = "loading" | "ready" | "failed";

/** The page's design tokens (light or dark, as `<html data-theme>` says) as the chart's colours. */
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

/** Creates the chart in `element` with `candles` (USD, UTC seconds), painted and fitted. */
function drawCandles(lib: ChartLibrary, element: HTMLElement, candles: Ohlc["candles"]) {
  const { createChart, CandlestickSeries, ColorType } = lib;
  const chart = createChart(element, {
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
    candles.map((c): CandlestickData<UTCTimestamp> => ({ ...c, time: c.time as UTCTimestamp })),
  );
  paint(chart, series);
  chart.timeScale().fitContent();
  return { chart, series };
}

/**
 * The chart's box (`box`, to put on the element the chart fills) and its state. The library is
 * imported and the chart drawn once the box is in the page, again only when the candles change
 * (not when a streaming message hands over a new object for the same data); it repaints when the
 * page's theme flips (`<html data-theme>`, lib/theme.ts) and is removed on unmount. No candles: nothing is drawn.
 */
export function useCandleChart(ohlc: Dated<Ohlc>) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<CandleChartState>("loading");
  // The candles, not the object: a streaming message hands over a new object for the same data.
  const dataKey = `${ohlc.id}:${ohlc.days}:${ohlc.asOf}:${ohlc.candles.length}`;
  const latest = useRef(ohlc);
  latest.current = ohlc;

  useEffect(() => {
    if (latest.current.candles.length === 0) return;
    let chart: IChartApi | undefined;
    let cancelled = false;
    let theme: MutationObserver | undefined;
    import("lightweight-charts").then(
      (lib) => {
        if (cancelled || !box.current) return;
        const drawn = drawCandles(lib, box.current, latest.current.candles);
        chart = drawn.chart;
        theme = new MutationObserver(() => chart && paint(chart, drawn.series));
        theme.observe(document.documentElement, { attributeFilter: ["data-theme"] });
        setState("ready");
      },
      () => !cancelled && setState("failed"),
    );
    return () => {
      cancelled = true;
      theme?.disconnect();
      chart?.remove();
    };
  }, [dataKey]);

  return { box, state };
}
