// Max's offline answers to a question naming a calendar period ("in 2025", "last year", "in March
// 2025") summarise exactly that period (eval class A9, docs/product/max.md#eval-classes), over the
// offline snapshot.
import type { Candle } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { ask, candles, day, firstLine, usd } from "./test-tools.ts";

/** The candles of `id`'s whole history from `from` to just before `to` (ISO days, UTC). */
function between(id: string, from: string, to: string): Candle[] {
  const [start, end] = [Date.parse(from) / 1000, Date.parse(to) / 1000];
  return candles(id, "max").filter((c) => c.time >= start && c.time < end);
}

/** The move from the first candle's open to the last one's close, as the answers word it. */
function move(period: Candle[]): string {
  const first = period[0]!;
  const last = period.at(-1)!;
  const change = (last.close / first.open - 1) * 100;
  const size = `${Math.abs(change).toFixed(2)}%`;
  return `${change > 0 ? "rose" : "fell"} ${size}, from ${usd(first.open)} to ${usd(last.close)}`;
}

const ohlcInputs = (steps: Awaited<ReturnType<typeof ask>>["steps"]) =>
  steps.flatMap((s) => s.toolCalls).map((c) => c.input);

describe("offline model: calendar periods", () => {
  it("answers 'in 2025' for 2025 only, cut where the history ends", async () => {
    const period = between("polkadot", "2025-01-01", "2026-01-01");
    const { text, steps } = await ask("how did polkadot do in 2025");
    // Only 2025's candles come back, so the chart beside the answer is 2025's too.
    expect(ohlcInputs(steps)).toEqual([
      { query: "polkadot", days: "max", from: "2025-01-01", to: "2026-01-01" },
    ]);
    const charted = steps
      .flatMap((s) => s.toolResults)
      .map((r) => r.output as { candles: Candle[] });
    expect(charted[0]?.candles).toEqual(period);
    // Candles built from daily closes have no intraday range: their spread is the daily move.
    const spread = period.map((c) => ((c.high - c.low) / c.open) * 100);
    const mean = spread.reduce((a, b) => a + b, 0) / spread.length;
    expect(text).toContain(`moved ${mean.toFixed(2)}% a day on average, close to close`);
    expect(text).not.toContain("from low to high");
    const span = `${day(period[0]!.time * 1000)} – ${day(period.at(-1)!.time * 1000)}`;
    expect(firstLine(text)).toBe(
      `In 2025 so far in the data (${span}, where the price history here ends), **Polkadot (DOT)** ${move(period)}.`,
    );
  });

  it("reads 'last year' as the calendar year before the clock's, 'over the last year' as 365 days", async () => {
    const period = between("bitcoin", "2025-01-01", "2026-01-01");
    const calendar = await ask("How did bitcoin do last year?");
    expect(firstLine(calendar.text)).toContain(`In 2025 so far in the data`);
    expect(firstLine(calendar.text)).toContain(`**Bitcoin (BTC)** ${move(period)}.`);
    const rolling = await ask("How did bitcoin do over the last year?");
    expect(ohlcInputs(rolling.steps)).toEqual([{ query: "bitcoin", days: 365 }]);
    expect(firstLine(rolling.text)).toMatch(/over the 365 days to then/);
  });

  it("gives a named month's high from that month's candles, with its day", async () => {
    const march = between("bitcoin", "2025-03-01", "2025-04-01");
    const top = march.reduce((a, c) => (c.high > a.high ? c : a));
    const { text } = await ask("What was the highest price of bitcoin in March 2025?");
    expect(firstLine(text)).toBe(
      `In March 2025 (${day(march[0]!.time * 1000)} – ${day(march.at(-1)!.time * 1000)}), the highest price of **Bitcoin (BTC)** was **${usd(top.high)}** on ${day(top.time * 1000)}.`,
    );
  });

  it("says plainly when the data does not cover the period, with the range it holds", async () => {
    const all = candles("bitcoin", "max");
    const before = await ask("How did bitcoin do in 2019?");
    expect(firstLine(before.text)).toBe(
      `The data has no **Bitcoin (BTC)** prices for 2019: its price history here runs from ${day(all[0]!.time * 1000)} to ${day(all.at(-1)!.time * 1000)}.`,
    );
    const after = await ask("How has ETH done this year?");
    expect(firstLine(after.text)).toBe(
      `The data has no **Ethereum (ETH)** prices for 2026: its price history here ends ${day(all.at(-1)!.time * 1000)}.`,
    );
  });
});
