// The offline model's decision for the last user message: the tool calls to make, or a direct reply.
import { fold, isInjectionAttempt } from "../../assistant.prompt.ts";
import { type CoinMatcher, type CoinMention, maskMentions } from "./coins.ts";
import {
  type ConversationView,
  type Decision,
  type PlannedCall,
  call,
  coinCalls,
  reply,
} from "./decision.ts";
import { type DerivedAsk, derivedAsk } from "./derived.ts";
import { asksWholeMarket, otherCurrency } from "./market-scope.ts";
import { type Reread, followUpChip, previousCalls, previousCoins } from "./follow-ups.ts";
import {
  ADVICE,
  CAPABILITIES,
  CHART,
  COMPARE,
  CRYPTO_WORDS,
  EXPLAIN,
  EXPLAIN_HOW,
  GREETING,
  HISTORY,
  MARKET_WORDS,
  NEW_TOKENS,
  OFF_TOPIC,
  PUBLICATION,
  THANKS,
  TOKEN_DATA,
  TOPIC,
  TRENDING,
  isArticleQuestion,
} from "./patterns.ts";
import {
  type ChangeWindow,
  DEFAULT_OHLC_DAYS,
  type Period,
  changeWindow,
  parsePeriod,
} from "./periods.ts";
import { researchQuery } from "./research-query.ts";
import { unknownCoin } from "./unknown-coin.ts";
import { splitWords } from "./words.ts";

/** "What is X", "tell me about X": with a coin the model does not know, a lookup of X. */
const WHAT_IS_OPENING = /^\s*(?:what\s+is|what's|whats|tell\s+me\s+about)\b/;

/** What a question asks for, read once for the research and coin stages. */
interface Asked {
  question: string;
  /** The folded question with its coin mentions masked (maskMentions). */
  text: string;
  mentions: CoinMention[];
  period: Period | null;
  /** Time words a current change answers ("this week": 7 d), unless a chart word is named. */
  window: ChangeWindow | null;
  /** A ratio, difference, share, sum or leader across coins (derived.ts). */
  derived: DerivedAsk | null;
  /** A history word, or a period only a price history answers. */
  wantsHistory: boolean;
  wantsFigures: boolean;
  explains: boolean;
  /** The previous turn's tool calls (read on first use). */
  previous: () => PlannedCall[];
}

/** Prompt injection (refused), capabilities, greetings and thanks. */
function conversational(question: string): Decision | null {
  const text = fold(question);
  if (isInjectionAttempt(question)) return reply({ kind: "injection" });
  if (CAPABILITIES.test(text)) return reply({ kind: "capabilities" });
  if (GREETING.test(text)) return reply({ kind: "greeting" });
  if (THANKS.test(text)) return reply({ kind: "thanks" });
  return null;
}

/** A research search for the question's topic, or null when too little of it is left. */
function researchCall(question: string): Decision | null {
  const query = researchQuery(question);
  return query.length >= 2 ? call({ toolName: "searchResearch", input: { query } }) : null;
}

/** An explicit request to explain a term ("explain PBS", "define slashing"). */
const EXPLAIN_TERM =
  /^\s*(?:please\s+)?(?:explain|define|describe)\b|\b(?:definition|meaning)\s+of\b/;

/**
 * In Max's field: a coin, a crypto topic or word, or an explicit request to explain a term (the
 * publication's jargon outruns any word list); "how do I fix a tap?" is not.
 */
function inField(asked: Asked): boolean {
  const { text } = asked;
  return (
    asked.mentions.length > 0 ||
    TOPIC.test(text) ||
    CRYPTO_WORDS.test(text) ||
    EXPLAIN_TERM.test(text)
  );
}

/**
 * Research first: a question about the publication's series ("the latest Optech newsletter"); a
 * question on a topic that asks for no market figure, however it is worded ("how much energy does
 * Ethereum use?", "the history of Ethereum's forks"); a how/why question in crypto's field that
 * asks for no figures.
 */
function researchFirst(asked: Asked): Decision | null {
  const { text } = asked;
  if (PUBLICATION.test(text)) return researchCall(asked.question);
  if (MARKET_WORDS.test(text)) return null;
  if (TOPIC.test(text)) return researchCall(asked.question);
  if (asked.wantsFigures || asked.wantsHistory || asked.derived) return null;
  if (!(asked.explains && EXPLAIN_HOW.test(text) && inField(asked))) return null;
  return researchCall(asked.question);
}

/**
 * The lookup for `queries`: market data for every coin when a derived figure is asked for, or
 * when time words name a change it reports ("this week") and no chart word is used; price
 * history when a history word or a period is named (the period's days, else the previous turn's,
 * else DEFAULT_OHLC_DAYS); market data when figures are asked for; when only coins are named
 * ("what about ETH?"), the previous turn's lookup for the new coins.
 */
function lookup(asked: Asked, queries: string[], daysBefore: number | "max" | null): Decision {
  const current = asked.window !== null && !CHART.test(asked.text);
  if ((asked.derived && queries.length >= 2) || current) {
    return call(...coinCalls("getTokenData", queries, 0));
  }
  if (asked.wantsHistory || (asked.period && !asked.wantsFigures)) {
    const days = asked.period?.days ?? daysBefore ?? DEFAULT_OHLC_DAYS;
    return call(...coinCalls("getOhlc", queries, days));
  }
  if (asked.wantsFigures) return call(...coinCalls("getTokenData", queries, 0));
  const tool = asked
    .previous()
    .find((c) => c.toolName === "getOhlc" || c.toolName === "getTokenData");
  if (tool?.toolName === "getOhlc") return call(...coinCalls("getOhlc", queries, tool.input.days));
  return call(...coinCalls("getTokenData", queries, 0));
}

/** The coins a comparison or a derived figure builds on: the earlier turn's first, then these. */
function withEarlierCoins(asked: Asked, queries: string[], earlier: string[]): string[] {
  const comparing = COMPARE.test(asked.text) || asked.derived?.usesPrevious === true;
  if (queries.length !== 1 || !comparing) return queries;
  return [...earlier.filter((q) => !queries.includes(q)), ...queries];
}

/**
 * Coin lookups: the coins named (with the previous turn's for "compare it with ETH" or "how many
 * of those for one ETH?"), in the roles a derived figure gives them; when none is named but
 * figures, a currency after a coin ("and in euros?"), history, a period or a change window are, an unknown coin or the previous turn's coins,
 * else a question which coin. Null when no coin is in play.
 */
function coinLookup(asked: Asked): Decision | null {
  const before = previousCoins(asked.previous());
  let queries = withEarlierCoins(
    asked,
    asked.mentions.map((m) => m.query),
    before.queries,
  );
  if (asked.derived?.reversed && queries.length === 2) queries = [...queries].reverse();
  const timed = asked.period !== null || asked.window !== null;
  const currency = otherCurrency(asked.text) !== null && before.queries.length > 0;
  const figures = asked.wantsFigures || currency;
  if (queries.length === 0 && (asked.wantsHistory || figures || timed)) {
    const unknown = unknownCoin(asked.question);
    queries = unknown ? [unknown] : before.queries;
    if (queries.length === 0) return reply({ kind: "clarify-coin" });
  }
  return queries.length > 0 ? lookup(asked, queries, before.days) : null;
}

/**
 * Neither research nor a known coin: an unknown coin asked about, an explanation in crypto's field
 * (research), or out of scope.
 */
function lastResort(asked: Asked): Decision {
  const unknown = unknownCoin(asked.question);
  if (asked.explains) {
    if (unknown && WHAT_IS_OPENING.test(asked.text)) {
      return call({ toolName: "getTokenData", input: { query: unknown } });
    }
    const research = inField(asked) ? researchCall(asked.question) : null;
    if (research) return research;
  }
  if (unknown && splitWords(asked.question).length <= 3) {
    return call({ toolName: "getTokenData", input: { query: unknown } });
  }
  return reply({ kind: "out-of-scope" });
}

/** Words that point back at the coin of the previous turn ("should I buy it?"). */
const POINTS_BACK = /\b(?:it|its|that|this\s+coin|them|those)\b/;

/**
 * Advice or a forecast (issue #12 class 5): the market data of the coins asked about (or of the
 * previous turn's, for "should I buy it?"), so the answer can give the facts and the risks they
 * show; without any coin, the advice reply.
 */
function adviceLookup(asked: Pick<Asked, "question" | "text" | "mentions" | "previous">) {
  let queries = asked.mentions.map((m) => m.query);
  if (queries.length === 0) {
    const unknown = unknownCoin(asked.question);
    if (unknown) queries = [unknown];
    else if (POINTS_BACK.test(asked.text)) queries = previousCoins(asked.previous()).queries;
  }
  return queries.length > 0
    ? call(...coinCalls("getTokenData", queries, 0))
    : reply({ kind: "advice", coin: null });
}

/**
 * A figure of the whole market (dominance, total market cap), which the tools do not have: the
 * market data of the coins named, whose answer says so and gives their market cap and rank, or,
 * with none named, the reply that the data has no total-market figure.
 */
function wholeMarketLookup(mentions: CoinMention[]): Decision {
  const queries = mentions.map((m) => m.query);
  return queries.length > 0
    ? call(...coinCalls("getTokenData", queries, 0))
    : reply({ kind: "no-market-total" });
}

/** What the question asks for, read once: its period, change window, derived figure and words. */
function readAsked(
  question: string,
  text: string,
  mentions: CoinMention[],
  now: Date,
  previous: () => PlannedCall[],
): Asked {
  const period = parsePeriod(question, now);
  return {
    question,
    text,
    mentions,
    period,
    window: changeWindow(question),
    derived: derivedAsk(text),
    wantsHistory: HISTORY.test(text) || period?.strong === true,
    wantsFigures: TOKEN_DATA.test(text),
    explains: EXPLAIN.test(text),
    previous,
  };
}

/**
 * After the chips: advice (facts and risks), off-topic questions, the article in context, new and
 * trending tokens, figures of the whole market, then research, coin lookups and the last resort.
 */
function request(
  view: ConversationView,
  matcher: CoinMatcher,
  now: Date,
  previous: () => PlannedCall[],
): Decision {
  const { question, article } = view;
  const folded = fold(question);
  const mentions = matcher.find(question);
  const text = maskMentions(folded, mentions);
  if (ADVICE.test(folded)) return adviceLookup({ question, text, mentions, previous });
  if (mentions.length === 0 && OFF_TOPIC.test(text)) return reply({ kind: "out-of-scope" });
  if (article && isArticleQuestion(question)) {
    return call({ toolName: "searchResearch", input: { query: article.title } });
  }
  if (NEW_TOKENS.test(text)) return call({ toolName: "getNewTokens", input: {} });
  if (TRENDING.test(text)) return call({ toolName: "getTrendingTokens", input: {} });
  if (asksWholeMarket(text)) return wholeMarketLookup(mentions);
  const asked = readAsked(question, text, mentions, now, previous);
  return researchFirst(asked) ?? coinLookup(asked) ?? lastResort(asked);
}

/**
 * Decides what to do with the last user message (issue #5 "offline model", issue #12): the tool
 * calls to make (each input valid for its contract schema) or a direct reply. In order: prompt
 * injection (refused), capabilities/greetings, the two follow-up chips (follow-ups.ts), advice and
 * predictions (the coin's market data, for facts and risks), questions about the article in
 * context, new and trending tokens, then research questions and coin lookups: market data for a
 * derived figure across coins ("how many SOL for one ETH?") or a change named by time words
 * ("this week"), price history when a history word or a period is named ("max" for the whole
 * history), market data otherwise; one call per coin when several are named. A question without
 * a coin reuses the previous turn's coins ("and for 30 days?", "and its price history?"); one
 * naming only a coin reuses the previous turn's tool ("what about ETH?"). Pure: `now` is the clock
 * for "since January".
 */
export function understand(view: ConversationView, matcher: CoinMatcher, now: Date): Decision {
  let last: PlannedCall[] | undefined;
  const reread: Reread = (question, before) =>
    understand({ question, earlierTurns: before, article: view.article }, matcher, now);
  const previous = () => (last ??= previousCalls(view.earlierTurns, reread));
  return (
    conversational(view.question) ??
    followUpChip(view, matcher, reread) ??
    request(view, matcher, now, previous)
  );
}
