// The offline model's writing: Markdown answers from tool results only, and its direct replies
// (issue #5 "offline model"; spec §8 coin-lookup errors; OWASP LLM01 refusal).
import {
  type AssistantToolName,
  type Candle,
  formatDateTimeUtc,
  formatLongDate,
  formatSignedPercent,
  formatUsdCompact,
  formatUsdPrice,
  MARKET_ERRORS,
  type MarketFreshness,
  type NewTokens,
  type Ohlc,
  type ResearchPassage,
  type ResearchResults,
  type TokenData,
  type TrendingTokens,
  marketErrorSchema,
  newTokensSchema,
  ohlcSchema,
  tokenDataSchema,
  trendingTokensSchema,
} from "@pragmatist/contracts";
import { INJECTION_REFUSAL } from "./assistant.prompt.ts";
import {
  type ArticleRef,
  type DirectReply,
  type KnownCoin,
  isAnalysisRequest,
  isArticleQuestion,
  isMoreResearchRequest,
} from "./offline-intents.ts";

/** One tool call of the current turn and what it returned. */
export interface ToolOutcome {
  toolName: string;
  /** The call's input as sent (e.g. `{ query, days }`). */
  input: unknown;
  /** The tool's JSON output, or the error text when the tool failed (`failed`). */
  output: unknown;
  /** The tool threw or was denied: its data could not be fetched. */
  failed: boolean;
}

/** What the writer knows besides the tool results. */
export interface AnswerContext {
  /** The last user message. */
  question: string;
  article: ArticleRef | null;
  knownCoins: ReadonlyArray<KnownCoin>;
}

/** Example questions Max answers, as the spec's chips and issue #5 phrase them. */
const EXAMPLES = {
  token: "Give me the key market stats for Solana",
  history: "How did ETH do over the last 90 days?",
  newTokens: "Give me a list of new tokens",
  trending: "List the current trending tokens",
  research: "How do rollups work?",
  compare: "Compare BTC and ETH",
};

const CAPABILITIES =
  "I'm **Max**, this publication's market analyst. Here is what I can do:\n\n" +
  `- **Look up a token**: price, 24 h change, market cap, rank, volume, supply and distance from its all-time high (“${EXAMPLES.token}”).\n` +
  `- **Show price history** for a period you choose, with a candlestick chart (“${EXAMPLES.history}”).\n` +
  `- **Compare coins** side by side (“${EXAMPLES.compare}”).\n` +
  `- **List new tokens** recently listed on CoinGecko (“${EXAMPLES.newTokens}”).\n` +
  `- **List trending tokens**, the most searched on CoinGecko (“${EXAMPLES.trending}”).\n` +
  `- **Explain crypto topics** from our research library, with numbered sources (“${EXAMPLES.research}”).\n\n` +
  "Every figure comes with its source and the time it was true. I don't give financial advice or price predictions.";

const SHORT_CAPABILITIES =
  "I can look up a token's market data, show its price history, compare coins, list new and trending tokens, " +
  `and explain crypto topics from our research library. Try “${EXAMPLES.token}” or “${EXAMPLES.research}”`;

/**
 * The text of a direct reply (no tool called). The injection refusal is the server's fixed
 * INJECTION_REFUSAL: it never quotes, paraphrases or confirms any instruction (OWASP LLM01, LLM07
 * system prompt leakage).
 */
export function writeReply(reply: DirectReply): string {
  switch (reply.kind) {
    case "capabilities":
      return CAPABILITIES;
    case "greeting":
      return `Hi! ${CAPABILITIES}`;
    case "thanks":
      return `You're welcome! Anything else? ${SHORT_CAPABILITIES}.`;
    case "injection":
      return INJECTION_REFUSAL;
    case "advice":
      return (
        "I can't give financial advice or predict prices: nobody knows where a price goes next, and I only report data I can source. " +
        (reply.coin
          ? `What I can do is show you the facts about ${reply.coin}: ask “Give me the key market stats for ${reply.coin}” or “How did ${reply.coin} do over the last 90 days?”.`
          : `What I can do is show you the facts: ${SHORT_CAPABILITIES}.`)
      );
    case "out-of-scope":
      return `That's outside what I can help with. ${SHORT_CAPABILITIES}.`;
    case "clarify-coin":
      return "Which coin do you mean? Give me its name or ticker, for example “Solana” or “SOL”.";
    case "nothing-to-analyse":
      return `There is no earlier answer to analyse yet. Ask me something first, for example “${EXAMPLES.token}”.`;
    case "tool-unavailable":
      return `I can't look that up right now (${TOOL_SUBJECTS[reply.toolName]} is not available). Please try again later.`;
  }
}

const TOOL_SUBJECTS: Record<AssistantToolName, string> = {
  getTokenData: "token data",
  getNewTokens: "the new-token list",
  getTrendingTokens: "the trending list",
  getOhlc: "price history",
  searchResearch: "research search",
};

// ---------------------------------------------------------------------------------------------
// Figures

const compactCount = new Intl.NumberFormat("en-US", {
  notation: "compact",
  maximumFractionDigits: 2,
});

/** A large count, compact ("19.6M"): supplies. */
function formatCount(value: number): string {
  return compactCount.format(value);
}

function formatAge(seconds: number): string {
  const units: Array<[number, string]> = [
    [86_400, "day"],
    [3_600, "hour"],
    [60, "minute"],
  ];
  for (const [size, unit] of units) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? "" : "s"}`;
  }
  return `${seconds} seconds`;
}

/** The as-of and source line every figure carries (issue #5: "every number Max shows carries its as-of time"). */
function freshnessLine(data: MarketFreshness): string {
  const source =
    data.source === "coingecko" ? "CoinGecko" : "offline snapshot, data provided by CoinGecko";
  return `_As of ${formatDateTimeUtc(data.asOf)} · Source: ${source}_`;
}

function staleNote(data: MarketFreshness): string | null {
  if (!data.stale) return null;
  return `**Note:** live data could not be fetched just now, so these are the last cached figures, ${formatAge(data.ageSeconds)} old.`;
}

function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>#|])/g, "\\$1");
}

function coinLabel(coin: { name: string; symbol: string }): string {
  return `**${escapeMarkdown(coin.name)} (${escapeMarkdown(coin.symbol.toUpperCase())})**`;
}

function joinBlocks(blocks: Array<string | null | false>): string {
  return blocks.filter((b): b is string => typeof b === "string" && b !== "").join("\n\n");
}

// ---------------------------------------------------------------------------------------------
// Token data

function changeWords(percent: number): string {
  if (percent > 0) return `up ${formatSignedPercent(percent).replace(/^[+-]/, "")}`;
  if (percent < 0) return `down ${formatSignedPercent(percent).replace(/^[+-]/, "")}`;
  return "unchanged";
}

function belowAth(data: TokenData): number | null {
  if (data.priceUsd === null || data.athUsd === null || data.athUsd <= 0) return null;
  return (1 - data.priceUsd / data.athUsd) * 100;
}

function tokenFigures(data: TokenData): string[] {
  const symbol = escapeMarkdown(data.symbol.toUpperCase());
  const lines: string[] = [];
  if (data.priceUsd !== null) lines.push(`- **Price:** ${formatUsdPrice(data.priceUsd)}`);
  if (data.change24hPercent !== null) {
    lines.push(`- **24 h change:** ${formatSignedPercent(data.change24hPercent)}`);
  }
  if (data.marketCapUsd !== null) {
    const rank = data.rank !== null ? ` (rank #${data.rank})` : "";
    lines.push(`- **Market cap:** ${formatUsdCompact(data.marketCapUsd)}${rank}`);
  } else if (data.rank !== null) {
    lines.push(`- **Market-cap rank:** #${data.rank}`);
  }
  if (data.volume24hUsd !== null)
    lines.push(`- **24 h volume:** ${formatUsdCompact(data.volume24hUsd)}`);
  if (data.low24hUsd !== null && data.high24hUsd !== null) {
    lines.push(
      `- **24 h range:** ${formatUsdPrice(data.low24hUsd)} – ${formatUsdPrice(data.high24hUsd)}`,
    );
  }
  if (data.circulatingSupply !== null) {
    const max =
      data.maxSupply !== null && data.maxSupply > 0
        ? ` of a ${formatCount(data.maxSupply)} maximum (${((data.circulatingSupply / data.maxSupply) * 100).toFixed(1)}% issued)`
        : "";
    lines.push(`- **Circulating supply:** ${formatCount(data.circulatingSupply)} ${symbol}${max}`);
  }
  const below = belowAth(data);
  if (data.athUsd !== null) {
    const distance =
      below === null
        ? ""
        : below > 0
          ? `; the price is ${below.toFixed(2)}% below it`
          : "; the price is at or above it";
    lines.push(`- **All-time high:** ${formatUsdPrice(data.athUsd)}${distance}`);
  }
  return lines;
}

function tokenHeadline(data: TokenData): string {
  if (data.priceUsd === null) return `${coinLabel(data)}: no current price is available.`;
  const change =
    data.change24hPercent !== null ? `, ${changeWords(data.change24hPercent)} in 24 hours` : "";
  const rank = data.rank !== null ? `; it ranks #${data.rank} by market cap` : "";
  return `${coinLabel(data)} is at **${formatUsdPrice(data.priceUsd)}**${change}${rank}.`;
}

function description(data: TokenData): string | null {
  const text = data.description.trim();
  if (text === "") return null;
  return escapeMarkdown(text.length > 400 ? `${text.slice(0, 397).trimEnd()}…` : text);
}

/** One coin's answer; `brief` (several coins compared) leaves out the description. */
function tokenAnswer(data: TokenData, brief: boolean): string {
  return joinBlocks([
    tokenHeadline(data),
    staleNote(data),
    tokenFigures(data).join("\n"),
    !brief && description(data),
    freshnessLine(data),
  ]);
}

/** Volume as a share of market cap: how actively the coin changes hands. */
function turnoverWords(ratio: number): string {
  if (ratio < 1) return "thin trading for its size";
  if (ratio <= 10) return "a normal level of trading";
  return "heavy trading, often a sign of news or speculation";
}

function tokenInsights(data: TokenData): string {
  const insights: string[] = [];
  const below = belowAth(data);
  if (below !== null && data.athUsd !== null && data.priceUsd !== null) {
    if (below > 0) {
      const needed = (data.athUsd / data.priceUsd - 1) * 100;
      insights.push(
        `- **Distance from the all-time high:** ${below.toFixed(2)}% below ${formatUsdPrice(data.athUsd)}; it would need to rise ${needed.toFixed(1)}% to get back there.`,
      );
    } else {
      insights.push(
        `- **All-time high:** the price is at or above its recorded high of ${formatUsdPrice(data.athUsd)}.`,
      );
    }
  }
  if (data.volume24hUsd !== null && data.marketCapUsd !== null && data.marketCapUsd > 0) {
    const ratio = (data.volume24hUsd / data.marketCapUsd) * 100;
    insights.push(
      `- **Turnover:** 24 h volume is ${ratio.toFixed(2)}% of market cap (${formatUsdCompact(data.volume24hUsd)} of ${formatUsdCompact(data.marketCapUsd)}), ${turnoverWords(ratio)}.`,
    );
  }
  if (data.low24hUsd !== null && data.high24hUsd !== null && data.priceUsd !== null) {
    const width = data.high24hUsd - data.low24hUsd;
    if (width > 0 && data.low24hUsd > 0) {
      const position = ((data.priceUsd - data.low24hUsd) / width) * 100;
      const where =
        position >= 66 ? "near the top" : position <= 33 ? "near the bottom" : "in the middle";
      insights.push(
        `- **Intraday position:** ${where} of today's range (${Math.round(Math.min(100, Math.max(0, position)))}% of the way from ${formatUsdPrice(data.low24hUsd)} to ${formatUsdPrice(data.high24hUsd)}); the range spans ${((width / data.low24hUsd) * 100).toFixed(2)}%.`,
      );
    }
  }
  if (data.change24hPercent !== null) {
    const size = Math.abs(data.change24hPercent);
    const strength = size < 1 ? "a quiet day" : size < 5 ? "a moderate move" : "a large move";
    insights.push(
      `- **Momentum:** ${formatSignedPercent(data.change24hPercent)} over 24 hours, ${strength}.`,
    );
  }
  if (data.circulatingSupply !== null && data.maxSupply !== null && data.maxSupply > 0) {
    const issued = (data.circulatingSupply / data.maxSupply) * 100;
    insights.push(
      `- **Supply:** ${issued.toFixed(1)}% of the ${formatCount(data.maxSupply)} maximum is in circulation, so future issuance can add at most ${(100 - issued).toFixed(1)}% more.`,
    );
  }
  const symbol = data.symbol.toUpperCase();
  return joinBlocks([
    `**Insights on ${escapeMarkdown(data.name)} (${escapeMarkdown(symbol)})**`,
    staleNote(data),
    insights.length > 0 ? insights.join("\n") : "The result had too few figures to analyse.",
    freshnessLine(data),
    `To go further, ask “How did ${symbol} do over the last 90 days?” or “Compare ${symbol} and BTC”.`,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Price history (OHLC)

function candleInterval(candles: Candle[]): string {
  const gaps = candles
    .slice(1)
    .map((c, i) => c.time - (candles[i]?.time ?? c.time))
    .filter((g) => g > 0)
    .sort((a, b) => a - b);
  const gap = gaps[Math.floor(gaps.length / 2)];
  if (gap === undefined) return "";
  const hours = gap / 3600;
  if (hours < 1) return `${Math.round(gap / 60)}-minute `;
  if (hours < 24) return `${Math.round(hours)}-hour `;
  const days = Math.round(hours / 24);
  return days === 1 ? "daily " : `${days}-day `;
}

function periodLabel(days: number): string {
  if (days === 1) return "last 24 hours";
  if (days === 365) return "last year";
  return `last ${days} days`;
}

interface OhlcSummary {
  first: Candle;
  last: Candle;
  changePercent: number;
  high: number;
  low: number;
  up: number;
  down: number;
  /** Mean of (high - low) / open per candle, in %. */
  meanRangePercent: number;
  /** Largest fall from a running high to a later low, in %. */
  maxDrawdownPercent: number;
}

function summarise(candles: Candle[]): OhlcSummary | null {
  const sorted = [...candles].sort((a, b) => a.time - b.time);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) return null;
  let peak = first.high;
  let maxDrawdownPercent = 0;
  let rangeSum = 0;
  for (const c of sorted) {
    peak = Math.max(peak, c.high);
    if (peak > 0) maxDrawdownPercent = Math.max(maxDrawdownPercent, (1 - c.low / peak) * 100);
    if (c.open > 0) rangeSum += ((c.high - c.low) / c.open) * 100;
  }
  return {
    first,
    last,
    changePercent: first.open > 0 ? (last.close / first.open - 1) * 100 : 0,
    high: Math.max(...sorted.map((c) => c.high)),
    low: Math.min(...sorted.map((c) => c.low)),
    up: sorted.filter((c) => c.close > c.open).length,
    down: sorted.filter((c) => c.close < c.open).length,
    meanRangePercent: rangeSum / sorted.length,
    maxDrawdownPercent,
  };
}

function trendSentence(name: string, s: OhlcSummary, days: number): string {
  const move =
    s.changePercent > 3
      ? `rose ${s.changePercent.toFixed(2)}%`
      : s.changePercent < -3
        ? `fell ${Math.abs(s.changePercent).toFixed(2)}%`
        : `moved sideways (${formatSignedPercent(s.changePercent)})`;
  const volatility = s.meanRangePercent < 2 ? "low" : s.meanRangePercent < 5 ? "moderate" : "high";
  const span = s.high - s.low;
  const closeAt = span > 0 ? (s.last.close - s.low) / span : 0.5;
  const finish =
    closeAt >= 0.8
      ? "It closed near the top of its range."
      : closeAt <= 0.2
        ? "It closed near the bottom of its range."
        : "It closed inside its range, away from both extremes.";
  return `${escapeMarkdown(name)} ${move} over the ${periodLabel(days)}. Volatility was ${volatility}: candles spanned ${s.meanRangePercent.toFixed(2)}% on average from low to high. ${finish}`;
}

function ohlcAnswer(data: Ohlc, requestedDays: number | null, analysis: boolean): string {
  const s = summarise(data.candles);
  const heading = `${coinLabel(data)}, ${periodLabel(data.days)}`;
  if (!s) {
    return joinBlocks([heading, "No candles were returned for this period.", freshnessLine(data)]);
  }
  const served =
    requestedDays !== null && requestedDays !== data.days
      ? `CoinGecko serves price history for fixed periods, so this covers ${data.days} days (you asked for ${requestedDays}).`
      : null;
  const figures = [
    `- **Open → close:** ${formatUsdPrice(s.first.open)} → ${formatUsdPrice(s.last.close)} (${formatSignedPercent(s.changePercent)})`,
    `- **Period high / low:** ${formatUsdPrice(s.high)} / ${formatUsdPrice(s.low)}`,
    `- **Candles:** ${data.candles.length} ${candleInterval(data.candles)}candles, ${s.up} up and ${s.down} down`,
  ];
  const deeper = analysis
    ? [
        `- **Largest drawdown:** ${s.maxDrawdownPercent.toFixed(2)}% from a high to a later low within the period`,
        `- **Range:** the high was ${s.low > 0 ? ((s.high / s.low - 1) * 100).toFixed(2) : "n/a"}% above the low`,
        `- **Breadth:** ${s.up > s.down ? "more candles closed up than down" : s.up < s.down ? "more candles closed down than up" : "as many candles closed up as down"} (${s.up} vs ${s.down})`,
      ]
    : [];
  return joinBlocks([
    analysis ? `Insights on ${heading}:` : heading,
    staleNote(data),
    served,
    [...figures, ...deeper].join("\n"),
    trendSentence(data.name, s, data.days),
    "The chart shows every candle.",
    `_Last candle: ${formatDateTimeUtc(s.last.time * 1000)} · As of ${formatDateTimeUtc(data.asOf)} · Source: ${data.source === "coingecko" ? "CoinGecko" : "offline snapshot, data provided by CoinGecko"}_`,
    analysis
      ? `To go further, ask for a longer period (“How did ${data.symbol.toUpperCase()} do over the past year?”) or compare it with another coin.`
      : null,
  ]);
}

// ---------------------------------------------------------------------------------------------
// New and trending tokens

function newTokensAnswer(
  data: NewTokens,
  knownCoins: ReadonlyArray<KnownCoin>,
  analysis: boolean,
): string {
  if (data.tokens.length === 0) {
    return joinBlocks(["CoinGecko lists no newly listed tokens right now.", freshnessLine(data)]);
  }
  const collisions: string[] = [];
  const items = data.tokens.map((t, i) => {
    const twin = knownCoins.find(
      (k) => k.symbol.toLowerCase() === t.symbol.toLowerCase() && k.id !== t.id,
    );
    if (twin) collisions.push(t.name);
    const warning = twin
      ? ` Its ticker is also used by ${escapeMarkdown(twin.name)}: check the CoinGecko id \`${t.id}\` before trusting a quote.`
      : "";
    return `${i + 1}. ${coinLabel(t)}, listed ${formatDateTimeUtc(t.activatedAt)}.${warning}`;
  });
  const times = data.tokens
    .map((t) => new Date(t.activatedAt).getTime())
    .filter((t) => !Number.isNaN(t));
  const insights = analysis
    ? [
        `**Insights:** ${data.tokens.length} token${data.tokens.length === 1 ? "" : "s"} listed between ${formatDateTimeUtc(Math.min(...times))} and ${formatDateTimeUtc(Math.max(...times))}.` +
          (collisions.length > 0
            ? ` ${collisions.length} reuse${collisions.length === 1 ? "s" : ""} the ticker of an established coin, a common trick of copycat tokens.`
            : " None reuses the ticker of an established coin.") +
          " Fresh listings have little trading history, so their prices can swing hard.",
      ]
    : [];
  return joinBlocks([
    `**Newly listed on CoinGecko** (newest first):`,
    staleNote(data),
    items.join("\n"),
    ...insights,
    freshnessLine(data),
    "Ask me for the key stats of any of them.",
  ]);
}

function trendingAnswer(data: TrendingTokens, analysis: boolean): string {
  if (data.tokens.length === 0) {
    return joinBlocks(["CoinGecko lists no trending tokens right now.", freshnessLine(data)]);
  }
  const items = data.tokens.map((t, i) => {
    const facts = [
      t.priceUsd !== null ? formatUsdPrice(t.priceUsd) : null,
      t.change24hPercent !== null ? `${formatSignedPercent(t.change24hPercent)} in 24 h` : null,
      t.rank !== null ? `rank #${t.rank}` : "unranked",
    ].filter((f): f is string => f !== null);
    return `${i + 1}. ${coinLabel(t)}: ${facts.join(", ")}`;
  });
  let insights: string | null = null;
  if (analysis) {
    const moved = data.tokens.filter((t) => t.change24hPercent !== null);
    const up = moved.filter((t) => (t.change24hPercent ?? 0) > 0).length;
    const sorted = [...moved].sort((a, b) => (b.change24hPercent ?? 0) - (a.change24hPercent ?? 0));
    const best = sorted[0];
    const worst = sorted[sorted.length - 1];
    const top100 = data.tokens.filter((t) => t.rank !== null && t.rank <= 100).length;
    insights =
      `**Insights:** ${up} of the ${moved.length} trending tokens with a 24 h change are up.` +
      (best && worst && best !== worst
        ? ` The biggest gain is ${escapeMarkdown(best.name)} (${formatSignedPercent(best.change24hPercent ?? 0)}), the biggest loss ${escapeMarkdown(worst.name)} (${formatSignedPercent(worst.change24hPercent ?? 0)}).`
        : "") +
      ` ${top100} of ${data.tokens.length} rank in the top 100 by market cap; attention often runs ahead of size, so smaller names can move sharply both ways.`;
  }
  return joinBlocks([
    `**Trending on CoinGecko** (most searched in the last 24 hours):`,
    staleNote(data),
    items.join("\n"),
    insights,
    freshnessLine(data),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Research

function isResearchResults(value: unknown): value is ResearchResults {
  if (typeof value !== "object" || value === null) return false;
  const passages = (value as { passages?: unknown }).passages;
  return (
    Array.isArray(passages) &&
    passages.every(
      (p: unknown) =>
        typeof p === "object" &&
        p !== null &&
        typeof (p as ResearchPassage).n === "number" &&
        typeof (p as ResearchPassage).title === "string" &&
        typeof (p as ResearchPassage).slug === "string" &&
        typeof (p as ResearchPassage).excerpt === "string",
    )
  );
}

const MAX_CITED_PASSAGES = 5;
const MAX_POINT_LENGTH = 320;

function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter(
    (w) => !["the", "and", "for", "with", "what", "how", "does", "are", "this", "that"].includes(w),
  );
}

/** The one or two sentences of an excerpt that best answer the query, as plain Markdown text. */
function keyPoint(excerpt: string, query: string): string {
  const clean = excerpt
    .replace(/\s+/g, " ")
    .replace(/^(?:…|\.\.\.)\s*/, "")
    .trim();
  let sentences = clean.split(/(?<=[.!?])\s+(?=["“(\p{Lu}\p{N}])/u).filter((s) => s.length > 0);
  // An excerpt cut mid-sentence starts with a fragment; drop it when a whole sentence follows.
  if (sentences.length > 1 && /^\p{Ll}/u.test(sentences[0] ?? "")) sentences = sentences.slice(1);
  const wanted = new Set(terms(query));
  let best = 0;
  let bestScore = -1;
  sentences.forEach((s, i) => {
    const score = terms(s).filter((t) => wanted.has(t)).length;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  let point = sentences[best] ?? clean;
  const next = sentences[best + 1];
  if (next && point.length + next.length < MAX_POINT_LENGTH) point = `${point} ${next}`;
  if (point.length > MAX_POINT_LENGTH) point = `${point.slice(0, MAX_POINT_LENGTH - 1).trimEnd()}…`;
  else if (!/[.!?…"”)]$/.test(point)) point = `${point}…`;
  return escapeMarkdown(point);
}

function sourceLink(p: ResearchPassage): string {
  const url = p.url?.startsWith("/p/") ? p.url : `/p/${encodeURIComponent(p.slug)}`;
  const title = p.title.replace(/[[\]]/g, "");
  const date = p.publishDate ? `, ${formatLongDate(p.publishDate)}` : "";
  return `${p.n}. [${title}](${url})${date}`;
}

type ResearchMode = "plain" | "analysis" | "next" | "article";

function researchAnswer(
  results: ResearchResults,
  query: string,
  mode: ResearchMode,
  context: AnswerContext,
): string {
  const passages = results.passages.slice(0, MAX_CITED_PASSAGES);
  const topic = escapeMarkdown(results.query || query);
  if (passages.length === 0) {
    return joinBlocks([
      `I found nothing in our research library about “${topic}”.`,
      `Try other keywords, for example “rollups”, “staking” or “lightning network”. ${SHORT_CAPABILITIES}.`,
    ]);
  }
  const article = mode === "article" ? context.article : null;
  const own = article ? passages.filter((p) => p.slug === article.slug) : [];
  const points = (list: ResearchPassage[]) =>
    list.map((p) => `- ${keyPoint(p.excerpt, results.query || query)} [${p.n}]`).join("\n");
  const intro =
    article && own.length > 0
      ? `Key points of **${escapeMarkdown(article.title)}**:`
      : mode === "analysis"
        ? `**Key takeaways** from our research on **${topic}**:`
        : `Here is what our research says about **${topic}**:`;
  const related = article && own.length > 0 ? passages.filter((p) => p.slug !== article.slug) : [];
  const body =
    article && own.length > 0
      ? joinBlocks([
          points(own),
          related.length > 0 ? `Related in our library:\n${points(related)}` : null,
        ])
      : points(passages);
  const sources = `**Sources**\n${passages.map(sourceLink).join("\n")}`;
  return joinBlocks([
    intro,
    body,
    sources,
    mode === "next" ? nextSteps(results.query || query, passages, context) : null,
  ]);
}

/** "What other research should I do?": questions Max can answer next, and sources to read in full. */
function nextSteps(topic: string, passages: ResearchPassage[], context: AnswerContext): string {
  const coin = context.knownCoins.find(
    (k) => k.name.toLowerCase() === topic.toLowerCase() || k.id === topic.toLowerCase(),
  );
  const ideas = passages
    .slice(0, 2)
    .map(
      (p) => `- Read [${p.title.replace(/[[\]]/g, "")}](/p/${encodeURIComponent(p.slug)}) in full.`,
    );
  if (coin) {
    const symbol = coin.symbol.toUpperCase();
    ideas.push(
      `- Check the price history: “How did ${symbol} do over the last 90 days?”`,
      `- Compare it with the market leader: “Compare ${symbol} and BTC”`,
      `- See what else has attention: “${EXAMPLES.trending}”`,
    );
  } else {
    ideas.push(
      `- Ask how a related idea works, for example “Explain ${escapeMarkdown(passages[1]?.title ?? passages[0]?.title ?? topic)}”.`,
      `- Look at the market side: “${EXAMPLES.trending}”`,
    );
  }
  return `**Where to go next**\n${ideas.join("\n")}`;
}

// ---------------------------------------------------------------------------------------------
// Assembly

function inputField(input: unknown, field: "query" | "days"): unknown {
  return typeof input === "object" && input !== null
    ? (input as Record<string, unknown>)[field]
    : undefined;
}

function failureText(outcome: ToolOutcome): string {
  const query = inputField(outcome.input, "query");
  const about = typeof query === "string" ? ` for “${escapeMarkdown(query)}”` : "";
  switch (outcome.toolName) {
    case "getNewTokens":
      return "I couldn't fetch the newly listed tokens right now. Please try again in a moment.";
    case "getTrendingTokens":
      return "I couldn't fetch the trending tokens right now. Please try again in a moment.";
    case "searchResearch":
      return "I couldn't search our research library right now. Please try again in a moment.";
    default:
      return `I couldn't fetch the data${about} right now. Please try again in a moment.`;
  }
}

interface Section {
  text: string;
  token?: TokenData;
  ohlc?: Ohlc;
}

function section(
  outcome: ToolOutcome,
  context: AnswerContext,
  analysis: boolean,
  brief: boolean,
): Section {
  if (outcome.failed) return { text: failureText(outcome) };
  const marketError = marketErrorSchema.safeParse(outcome.output);
  if (marketError.success) {
    if (marketError.data.error === MARKET_ERRORS.fetchFailed) return { text: failureText(outcome) };
    const asked = marketError.data.query ?? inputField(outcome.input, "query");
    const what = typeof asked === "string" ? `“${escapeMarkdown(asked)}”` : "that";
    return {
      text: `I found no coin matching ${what}. Please check the name or ticker (for example “bitcoin” or “BTC”) and ask again.`,
    };
  }
  switch (outcome.toolName) {
    case "getTokenData": {
      const data = tokenDataSchema.safeParse(outcome.output);
      if (data.success) {
        const text = analysis ? tokenInsights(data.data) : tokenAnswer(data.data, brief);
        return { text, token: data.data };
      }
      break;
    }
    case "getOhlc": {
      const data = ohlcSchema.safeParse(outcome.output);
      if (data.success) {
        const requested = inputField(outcome.input, "days");
        const days = typeof requested === "number" ? requested : null;
        return { text: ohlcAnswer(data.data, days, analysis), ohlc: data.data };
      }
      break;
    }
    case "getNewTokens": {
      const data = newTokensSchema.safeParse(outcome.output);
      if (data.success) return { text: newTokensAnswer(data.data, context.knownCoins, analysis) };
      break;
    }
    case "getTrendingTokens": {
      const data = trendingTokensSchema.safeParse(outcome.output);
      if (data.success) return { text: trendingAnswer(data.data, analysis) };
      break;
    }
    case "searchResearch": {
      if (isResearchResults(outcome.output)) {
        const query = inputField(outcome.input, "query");
        const mode: ResearchMode = isMoreResearchRequest(context.question)
          ? "next"
          : context.article && isArticleQuestion(context.question)
            ? "article"
            : analysis
              ? "analysis"
              : "plain";
        return {
          text: researchAnswer(
            outcome.output,
            typeof query === "string" ? query : "",
            mode,
            context,
          ),
        };
      }
      break;
    }
  }
  return { text: failureText(outcome) };
}

function comparison(sections: Section[]): string | null {
  const tokens = sections.flatMap((s) => (s.token ? [s.token] : []));
  const histories = sections.flatMap((s) => (s.ohlc ? [s.ohlc] : []));
  const lines: string[] = [];
  if (tokens.length >= 2) {
    const part = (pick: (t: TokenData) => string | null) =>
      tokens.map((t) => `${escapeMarkdown(t.name)} ${pick(t) ?? "n/a"}`).join(", ");
    lines.push(
      `- **24 h change:** ${part((t) => (t.change24hPercent !== null ? formatSignedPercent(t.change24hPercent) : null))}`,
    );
    lines.push(
      `- **Market cap:** ${part((t) => (t.marketCapUsd !== null ? formatUsdCompact(t.marketCapUsd) : null))}`,
    );
    lines.push(
      `- **Below all-time high:** ${part((t) => {
        const b = belowAth(t);
        return b !== null ? `${b.toFixed(2)}%` : null;
      })}`,
    );
    const [a, b] = tokens;
    if (a?.marketCapUsd && b?.marketCapUsd) {
      const [big, small] = a.marketCapUsd >= b.marketCapUsd ? [a, b] : [b, a];
      if (big.marketCapUsd !== null && small.marketCapUsd !== null && small.marketCapUsd > 0) {
        lines.push(
          `- ${escapeMarkdown(big.name)}'s market cap is ${(big.marketCapUsd / small.marketCapUsd).toFixed(1)}× ${escapeMarkdown(small.name)}'s.`,
        );
      }
    }
  }
  if (histories.length >= 2) {
    const parts = histories.map((h) => {
      const s = summarise(h.candles);
      return `${escapeMarkdown(h.name)} ${s ? formatSignedPercent(s.changePercent) : "n/a"} over ${h.days} days`;
    });
    lines.push(`- **Change over the period:** ${parts.join(", ")}`);
    const ranges = histories.map((h) => {
      const s = summarise(h.candles);
      return `${escapeMarkdown(h.name)} ${s ? `${s.meanRangePercent.toFixed(2)}%` : "n/a"}`;
    });
    lines.push(`- **Average candle range:** ${ranges.join(", ")}`);
  }
  return lines.length > 0 ? `**Side by side**\n${lines.join("\n")}` : null;
}

/**
 * The answer to the current turn, written from its tool results only (issue #5): token figures
 * with as-of and source, numbered lists of new and trending tokens, an OHLC summary (period,
 * open → close, high/low, trend and volatility, last candle), research synthesised from the
 * passages with inline [n] citations and a Sources list linking to /p/{slug}, and the §8 errors
 * as honest messages. After "Analyze your last message…" the same results are read for insights;
 * after "What other research should I do?" next steps follow. Never throws: a result it cannot
 * read is reported as data that could not be fetched.
 */
export function writeAnswer(outcomes: ToolOutcome[], context: AnswerContext): string {
  const analysis = isAnalysisRequest(context.question);
  const sections = outcomes.map((o) => section(o, context, analysis, outcomes.length > 1));
  return joinBlocks([...sections.map((s) => s.text), comparison(sections)]);
}
