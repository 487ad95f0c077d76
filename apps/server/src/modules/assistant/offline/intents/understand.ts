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
import { previousCalls, previousCoins, topicOf } from "./follow-ups.ts";
import {
  ADVICE,
  CAPABILITIES,
  COMPARE,
  EXPLAIN,
  EXPLAIN_HOW,
  GREETING,
  HISTORY,
  NEW_TOKENS,
  OFF_TOPIC,
  THANKS,
  TOKEN_DATA,
  TOPIC,
  TRENDING,
  isAnalysisRequest,
  isArticleQuestion,
  isMoreResearchRequest,
} from "./patterns.ts";
import { DEFAULT_OHLC_DAYS, type Period, parsePeriod } from "./periods.ts";
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

/** The two follow-up chips: re-run the previous turn's calls; research on its topic. */
function followUpChip(
  view: ConversationView,
  matcher: CoinMatcher,
  previous: () => PlannedCall[],
): Decision | null {
  if (isAnalysisRequest(view.question)) {
    const calls = previous();
    return calls.length > 0 ? call(...calls) : reply({ kind: "nothing-to-analyse" });
  }
  if (isMoreResearchRequest(view.question)) {
    const [latest] = previous();
    const query = latest ? topicOf(latest, matcher) : view.article?.title;
    return query
      ? call({ toolName: "searchResearch", input: { query } })
      : reply({ kind: "capabilities" });
  }
  return null;
}

/** A research search for the question's topic, or null when too little of it is left. */
function researchCall(question: string): Decision | null {
  const query = researchQuery(question);
  return query.length >= 2 ? call({ toolName: "searchResearch", input: { query } }) : null;
}

/** A how/why question, or one about a topic, that asks for no figures is a research question. */
function researchFirst(asked: Asked): Decision | null {
  const { text } = asked;
  if (asked.wantsFigures || asked.wantsHistory) return null;
  if (!TOPIC.test(text) && !(asked.explains && EXPLAIN_HOW.test(text))) return null;
  return researchCall(asked.question);
}

/**
 * The lookup for `queries`: price history when a history word or a period is named (the period's
 * days, else the previous turn's, else DEFAULT_OHLC_DAYS), market data when figures are asked for;
 * when only coins are named ("what about ETH?"), the previous turn's lookup for the new coins.
 */
function lookup(asked: Asked, queries: string[], daysBefore: number | null): Decision {
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

/**
 * Coin lookups: the coins named (with the previous turn's for "compare it with ETH"); when none is
 * named but figures, history or a period are, an unknown coin or the previous turn's coins, else
 * a question which coin. Null when no coin is in play.
 */
function coinLookup(asked: Asked): Decision | null {
  const before = previousCoins(asked.previous());
  let queries = asked.mentions.map((m) => m.query);
  if (queries.length === 1 && COMPARE.test(asked.text)) {
    queries = [...before.queries.filter((q) => !queries.includes(q)), ...queries];
  }
  if (queries.length === 0 && (asked.wantsHistory || asked.wantsFigures || asked.period)) {
    const unknown = unknownCoin(asked.question);
    queries = unknown ? [unknown] : before.queries;
    if (queries.length === 0) return reply({ kind: "clarify-coin" });
  }
  return queries.length > 0 ? lookup(asked, queries, before.days) : null;
}

/** Neither research nor a known coin: an unknown coin asked about, an explanation, or out of scope. */
function lastResort(asked: Asked): Decision {
  const unknown = unknownCoin(asked.question);
  if (asked.explains) {
    if (unknown && WHAT_IS_OPENING.test(asked.text)) {
      return call({ toolName: "getTokenData", input: { query: unknown } });
    }
    const research = researchCall(asked.question);
    if (research) return research;
  }
  if (unknown && splitWords(asked.question).length <= 3) {
    return call({ toolName: "getTokenData", input: { query: unknown } });
  }
  return reply({ kind: "out-of-scope" });
}

/**
 * After the chips: advice (declined), off-topic questions, the article in context, new and
 * trending tokens, then research, coin lookups and the last resort.
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
  if (ADVICE.test(folded)) return reply({ kind: "advice", coin: mentions[0]?.coin.name ?? null });
  const text = maskMentions(folded, mentions);
  if (mentions.length === 0 && OFF_TOPIC.test(text)) return reply({ kind: "out-of-scope" });
  if (article && isArticleQuestion(question)) {
    return call({ toolName: "searchResearch", input: { query: article.title } });
  }
  if (NEW_TOKENS.test(text)) return call({ toolName: "getNewTokens", input: {} });
  if (TRENDING.test(text)) return call({ toolName: "getTrendingTokens", input: {} });
  const period = parsePeriod(question, now);
  const asked: Asked = {
    question,
    text,
    mentions,
    period,
    wantsHistory: HISTORY.test(text) || period?.strong === true,
    wantsFigures: TOKEN_DATA.test(text),
    explains: EXPLAIN.test(text),
    previous,
  };
  return researchFirst(asked) ?? coinLookup(asked) ?? lastResort(asked);
}

/**
 * Decides what to do with the last user message (issue #5 "offline model"): the tool calls to
 * make (each input valid for its contract schema) or a direct reply. In order: prompt injection
 * (refused), capabilities/greetings, the two follow-up chips (re-run the previous turn's calls;
 * research on its topic), advice and predictions (declined), questions about the article in
 * context, new and trending tokens, then coin lookups (price history when a history word or a
 * period is named, market data otherwise; one call per coin when several are named) and research
 * questions. A question without a coin reuses the previous turn's coins ("and for 30 days?",
 * "and its price history?"); one naming only a coin reuses the previous turn's tool ("what about
 * ETH?"). Pure: `now` is the clock for "since January".
 */
export function understand(view: ConversationView, matcher: CoinMatcher, now: Date): Decision {
  let last: PlannedCall[] | undefined;
  const reread = (question: string) =>
    understand({ question, earlierTurns: [], article: null }, matcher, now);
  const previous = () => (last ??= previousCalls(view.earlierTurns, reread));
  return (
    conversational(view.question) ??
    followUpChip(view, matcher, previous) ??
    request(view, matcher, now, previous)
  );
}
