// The first sentence of an answer about two or more coins: the derived figure asked for (a ratio,
// a difference, a share, a sum, the leader) with its inputs, or the coins side by side in a line
// (eval classes A3 and A4, docs/product/max.md#eval-classes).
import {
  type TokenData,
  formatSignedPercent,
  formatUsdCompact,
  formatUsdPrice,
} from "@pragmatist/contracts";
import type { CompareMetric, DerivedAsk } from "../reading/slots.ts";
import type { ChangeWindow } from "../reading/dates.ts";
import { asOfLead, continued, dayOf, differentDays } from "./dating.ts";
import { coinLabel, escapeMarkdown, ratioText } from "./format.ts";
import { belowAth, changeWords, listWords, windowWords } from "./token-facts.ts";

/** A metric's name in a sentence ("market cap", "7-day change"). */
const METRIC_NAMES: Record<CompareMetric, string> = {
  price: "price",
  marketCap: "market cap",
  volume: "24 h volume",
  move24h: "24-hour change",
  move7d: "7-day change",
  move30d: "30-day change",
  ath: "all-time high",
  fromAth: "distance below the all-time high",
};

/** The change window each move metric is measured over. */
const MOVE_WINDOWS: Partial<Record<CompareMetric, ChangeWindow>> = {
  move24h: "24h",
  move7d: "7d",
  move30d: "30d",
};

/** One coin's value of a metric (the ATH distance as a positive %), or null when it lacks it. */
function metricOf(t: TokenData, metric: CompareMetric): number | null {
  switch (metric) {
    case "price":
      return t.priceUsd;
    case "marketCap":
      return t.marketCapUsd;
    case "volume":
      return t.volume24hUsd;
    case "move24h":
      return t.change24hPercent;
    case "move7d":
      return t.change7dPercent;
    case "move30d":
      return t.change30dPercent;
    case "ath":
      return t.athUsd;
    case "fromAth":
      return belowAth(t);
  }
}

/** A metric's value as the answer writes it ("$2,361.05", "$285.0B", "up 3.10%", "62.50% below"). */
function shown(metric: CompareMetric, value: number): string {
  if (metric === "price" || metric === "ath") return formatUsdPrice(value);
  if (metric === "marketCap" || metric === "volume") return formatUsdCompact(value);
  if (metric === "fromAth") return `${value.toFixed(2)}% below its high`;
  return changeWords(value);
}

const name = (t: TokenData) => escapeMarkdown(t.name);
const ticker = (t: TokenData) => escapeMarkdown(t.symbol.toUpperCase());

/** a / b: "1 ETH = 27.39 SOL" for prices, "Bitcoin's market cap is 5.51× Ethereum's" otherwise. */
function ratioSentence(a: TokenData, b: TokenData, m: CompareMetric, va: number, vb: number) {
  const ratio = ratioText(va / vb);
  if (m === "price") {
    return `1 ${ticker(a)} = **${ratio} ${ticker(b)}**: ${name(a)} at ${shown(m, va)} ÷ ${name(b)} at ${shown(m, vb)}.`;
  }
  return `${name(a)}'s ${METRIC_NAMES[m]} is **${ratio}×** ${name(b)}'s: ${shown(m, va)} ÷ ${shown(m, vb)}.`;
}

/** a − b, with the inputs. */
function differenceSentence(a: TokenData, b: TokenData, m: CompareMetric, va: number, vb: number) {
  const d = va - vb;
  const size = Math.abs(d);
  if (m === "price") {
    return `One ${name(a)} costs **${formatUsdPrice(size)} ${d >= 0 ? "more" : "less"}** than one ${name(b)}: ${formatUsdPrice(va)} − ${formatUsdPrice(vb)}.`;
  }
  if (m === "marketCap" || m === "volume") {
    return `${name(a)}'s ${METRIC_NAMES[m]} is **${formatUsdCompact(size)} ${d >= 0 ? "larger" : "smaller"}** than ${name(b)}'s: ${shown(m, va)} − ${shown(m, vb)}.`;
  }
  if (m === "fromAth") {
    return `${name(a)} is **${size.toFixed(2)} percentage points** ${d >= 0 ? "further below" : "closer to"} its all-time high than ${name(b)}: ${va.toFixed(2)}% against ${vb.toFixed(2)}% below.`;
  }
  return `${name(a)}'s ${METRIC_NAMES[m]} is **${size.toFixed(2)} percentage points** ${d >= 0 ? "ahead of" : "behind"} ${name(b)}'s: ${formatSignedPercent(va)} against ${formatSignedPercent(vb)}.`;
}

/** b as a share of a, with the inputs. */
function shareSentence(a: TokenData, b: TokenData, m: CompareMetric, va: number, vb: number) {
  return `${name(b)}'s ${METRIC_NAMES[m]} is **${((vb / va) * 100).toFixed(2)}%** of ${name(a)}'s: ${shown(m, vb)} ÷ ${shown(m, va)}.`;
}

/** The leader on the metric (largest, or smallest with `best: "min"`), against the others. */
function winnerSentence(tokens: TokenData[], values: number[], ask: DerivedAsk): string {
  const m = ask.metric;
  const order = tokens.map((t, i) => ({ t, v: values[i] ?? 0 }));
  order.sort((x, y) => (ask.best === "max" ? y.v - x.v : x.v - y.v));
  const [lead, ...rest] = order;
  if (!lead) return "";
  const others = listWords(rest.map((o) => `${name(o.t)}'s ${shown(m, o.v)}`));
  const more = ask.best === "max";
  const window = MOVE_WINDOWS[m];
  const verb = window
    ? `did ${more ? "better" : "worse"} ${windowWords(window)}`
    : m === "fromAth"
      ? `is ${more ? "further below" : "closer to"} its all-time high`
      : m === "price"
        ? `is the ${more ? "pricier" : "cheaper"} coin`
        : `has the ${more ? "larger" : "smaller"} ${METRIC_NAMES[m]}`;
  return `**${name(lead.t)}** ${verb}: ${shown(m, lead.v)}, against ${others}.`;
}

/** The coins side by side on the metric, with the ratio of the first two where it reads well. */
function sideBySideSentence(tokens: TokenData[], values: number[], m: CompareMetric): string {
  // "is at $84", "is down 2.93%", "is 53.24% below its high", "has $48.38B".
  const verb = m === "price" ? "is at" : MOVE_WINDOWS[m] || m === "fromAth" ? "is" : "has";
  // "BNB (BNB) peaked at $1,369.99 on 13 Oct 2025": each high with its day.
  const part = (t: TokenData, v: number) =>
    m === "ath"
      ? `${coinLabel(t)} peaked at ${shown(m, v)}${t.athDate ? ` on ${dayOf(t.athDate)}` : ""}`
      : `${coinLabel(t)} ${verb} ${shown(m, v)}`;
  const parts = tokens.map((t, i) => part(t, values[i] ?? 0));
  const [a, b] = tokens;
  const [va, vb] = values;
  let ratio = "";
  if (tokens.length === 2 && a && b && va && vb && (m === "price" || m === "marketCap")) {
    ratio =
      m === "price"
        ? `; 1 ${ticker(a)} = ${ratioText(va / vb)} ${ticker(b)}`
        : `; ${name(a)}'s market cap is ${ratioText(va / vb)}× ${name(b)}'s`;
  }
  const subject = m === "price" || m === "ath" ? "" : ` (${METRIC_NAMES[m]})`;
  return `${listWords(parts)}${subject}${ratio}.`;
}

/** The sentence for `ask` (or, with none, the coins side by side on `metric`) over known values. */
function derivedSentence(
  tokens: TokenData[],
  values: number[],
  ask: DerivedAsk | null,
  metric: CompareMetric,
) {
  const [a, b] = tokens;
  const [va, vb] = values;
  if (!ask || !a || !b || va === undefined || vb === undefined) {
    return sideBySideSentence(tokens, values, metric);
  }
  const m = ask.metric;
  if (ask.kind === "winner") return winnerSentence(tokens, values, ask);
  if (ask.kind === "difference") return differenceSentence(a, b, m, va, vb);
  if (ask.kind === "ratio" && vb !== 0) return ratioSentence(a, b, m, va, vb);
  if (ask.kind === "share" && va !== 0) return shareSentence(a, b, m, va, vb);
  if (ask.kind === "sum" && !MOVE_WINDOWS[m] && m !== "fromAth") {
    const sum = values.reduce((s, v) => s + v, 0);
    return `${listWords(tokens.map(name))} have a combined ${METRIC_NAMES[m]} of **${shown(m, sum)}**: ${values.map((v) => shown(m, v)).join(" + ")}.`;
  }
  return sideBySideSentence(tokens, values, m);
}

/**
 * The opening of a comparison (eval classes A3 and A4, docs/product/max.md#max-answers): the
 * derived figure `asked.ask` names, computed from the coins' data in their role order and shown
 * with its inputs ("1 ETH = 27.39 SOL: Ethereum at $2,361.05 ÷ Solana at $86.20."), else the coins
 * side by side on `asked.metric` (the price unless the question names another figure); dated "As
 * of {day}, " by the first coin when more than a day old at `now`. A coin whose data lacks the
 * figure is named instead. Then a note on any coin dated apart from the first.
 */
export function compareOpening(
  tokens: TokenData[],
  asked: { ask: DerivedAsk | null; metric: CompareMetric },
  now: Date,
): string {
  const [first] = tokens;
  if (!first) return "";
  const { ask, metric } = asked;
  const values = tokens.map((t) => metricOf(t, metric));
  const lacking = tokens.filter((_, i) => values[i] === null);
  const lead = asOfLead(first.asOf, now);
  const sentence =
    lacking.length > 0
      ? `${lead}${continued(`The data has no ${METRIC_NAMES[metric]} for ${listWords(lacking.map(name))}, so I can't compare them on it; here is what it has.`)}`
      : `${lead}${derivedSentence(tokens, values as number[], ask, metric)}`;
  const apart = tokens.filter((t) => differentDays(t.asOf, first.asOf));
  if (apart.length === 0) return sentence;
  const dates = listWords(apart.map((t) => `${name(t)}'s are from ${dayOf(t.asOf)}`));
  return `${sentence} Not all figures are from the same day: ${name(first)}'s are from ${dayOf(first.asOf)}, ${dates}.`;
}
