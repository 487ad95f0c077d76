// One reading of a reader's message (docs/decisions/013-reading-questions.md, One reading, two
// readers): its clauses, each with an intent from the classifier, a confidence and
// its slots, read once per turn and used both to plan the tool calls and to write the answer.
import { isInjectionAttempt } from "../../assistant.prompt.ts";
import {
  CHIP_INTENTS,
  COIN_MASK,
  type ClauseIntent,
  NUMBER_MASK,
  chipOf,
  classify,
} from "./classifier.ts";
import { type CalendarRange, type ChangeWindow, type TimeAsk, readTime } from "./dates.ts";
import type { CoinMention, Gazetteer } from "../../../market/coin-gazetteer.service.ts";
import {
  type ClauseWords,
  type CompareMetric,
  type DerivedAsk,
  type TokenFocus,
  any,
  compareMetric,
  derivedAsk,
  historyFocus,
  tokenFigure,
} from "./slots.ts";
import type { Intent } from "./training.ts";
import { type RankingAsk, otherCurrency, rankingAsk } from "./market-slots.ts";
import { POINTERS, joinedTopic, leansBack, onlyCoins, topicOf } from "./topic.ts";
import { ASKING, unknownCoinOf } from "./unknown-coin.ts";
import { adviceWords } from "./advice.ts";
import { type Token, tokenize } from "../../../../text/words.ts";
import { clauseShape, withDigits } from "./words.ts";
import { contrastOf } from "./contrast.ts";
import { joinLeaning, requests } from "./requests.ts";

/** One request inside a message, with what it asks for. */
export interface Clause {
  /** The clause as written. */
  text: string;
  intent: ClauseIntent;
  /** The classifier's confidence in `intent`, 0 to 1 (1 for a safety rule's decision). */
  confidence: number;
  coins: CoinMention[];
  /** A name the data does not know that the clause asks about ("Wobblecoin"), or null. */
  unknownCoin: string | null;
  time: TimeAsk;
  /** Token clauses: what to answer first; null when nothing in particular (the price). */
  focus: TokenFocus | { kind: "overview" } | null;
  /**
   * The clause names one coin and nothing else ("What is Litecoin?", "tell me about Dogecoin"):
   * it asks what the coin is, so its description belongs in the answer; a figure asked for does not
   * bring it (eval class R8, docs/product/max.md#eval-classes).
   */
  describe: boolean;
  /** Comparisons: the derived figure asked for, and the figure compared. */
  derived: DerivedAsk | null;
  metric: CompareMetric;
  /** Market clauses: the ranking asked for. */
  ranking: RankingAsk;
  /** A currency other than the US dollar asked for, as answers name it ("euros"). */
  currency: string | null;
  historyFocus: "change" | "high" | "low";
  /** The research topic: the clause's content words. */
  topic: string;
  /** The two things a "difference between A and B" question sets side by side, or null (contrast.ts). */
  contrast: [string, string] | null;
  /** Coins, time or intent taken from the previous turn ("and for 90 days?", "and Cardano?"). */
  fromContext: boolean;
}

/** A message as Max reads it. */
export interface Reading {
  clauses: Clause[];
  /** Part of the message tried to override or extract Max's instructions (OWASP LLM01). */
  injection: boolean;
  /** One of the follow-up chips (docs/product/max.md#assistant-chips), or null. */
  chip: "analyse" | "more-research" | null;
}

/** Below this, the classifier's intent is not taken: the clause gets what Max can do for it. */
export const CONFIDENCE_FLOOR = 0.55;

/** Words that join two requests in one sentence. */
const JOINERS = new Set(["and", "also", "then", "plus", "&"]);
/** Intents a buying word does not turn into advice ("how many SOL can I buy for one ETH?"). */
const NOT_ADVICE = new Set<Intent>(["research", "off-topic", "compare", "trending", "new"]);

/** `text` with its coin mentions (and an unknown coin's name) and numbers masked, for the classifier. */
function masked(tokens: Token[], coins: CoinMention[], unknown: string | null): string {
  const out: string[] = [];
  const unknownAt = unknown ? tokens.findIndex((t) => unknown.startsWith(t.text)) : -1;
  const unknownWords = unknown ? unknown.split(" ").length : 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const coin = coins.find((c) => c.start === i);
    if (coin || i === unknownAt) {
      out.push(COIN_MASK);
      i = coin ? coin.end - 1 : i + unknownWords - 1;
    } else {
      out.push(
        Number.isFinite(Number(tokens[i]!.norm.replaceAll(",", "")))
          ? NUMBER_MASK
          : tokens[i]!.text,
      );
    }
  }
  return out.join(" ");
}

/** The change the market data reports for a period of 1, 7 or 30 days, else null. */
function reportedWindow(days: number | "max" | null): ChangeWindow | null {
  return days === 1 ? "24h" : days === 7 ? "7d" : days === 30 ? "30d" : null;
}

/** What the readers of a clause need besides its text. */
export interface ReadContext {
  gazetteer: Gazetteer;
  now: Date;
}

/** "ETH in BTC", "SOL priced in ETH": the first coin's price in the second, a ratio. */
function denominated(tokens: Token[], coins: CoinMention[]): DerivedAsk | null {
  const second = coins[1];
  if (!second || tokens[second.start - 1]?.norm !== "in") return null;
  return { kind: "ratio", metric: "price", best: "max", reversed: false };
}

/** The asset a mention names: a variant ("stETH") is not its base coin (ETH). */
const asset = (m: CoinMention) => m.variant?.toLowerCase() ?? m.coin.id;

/** One clause read on its own: coins, time, the classifier's intent and the slots. */
export function readClause(raw: string, ctx: ReadContext): Clause {
  const text = withDigits(raw);
  const tokens = tokenize(text);
  const coins = ctx.gazetteer.find(text);
  const time = readTime(text, tokens, ctx.now);
  const words: ClauseWords = {
    tokens,
    words: ` ${tokens.map((t) => t.norm).join(" ")} `,
    stems: ` ${tokens.map((t) => t.stem).join(" ")} `,
    coins: coins.length,
    // "7 day change": a counted day that is one of the reported windows asks for that change.
    window: time.window ?? reportedWindow(time.days),
  };
  const unknownCoin = coins.length === 0 ? unknownCoinOf(tokens) : null;
  // An unknown name is masked as a coin only beside what is asked of coins ("pyth network price"):
  // "What is the Beacon Chain?" stays a question about a topic.
  const asked = unknownCoin !== null && tokens.some((t) => ASKING.has(t.norm));
  const { buying, cued } = adviceWords(tokens);
  const read = classify(
    masked(tokens, coins, asked ? unknownCoin : null),
    new Set([...CHIP_INTENTS, ...(cued ? [] : (["advice"] as const))]),
  );
  // The chips' intents are excluded: a clause of a message is never a chip.
  let intent = read.intent as ClauseIntent;
  let confidence = read.confidence;
  const forecast = [" will be worth ", " will it ", " all in "].some((p) =>
    words.words.includes(p),
  );
  // "should I buy some?": a buying word asked as a recommendation.
  const recommend =
    buying && [" should i ", " should we ", " time to "].some((p) => words.words.includes(p));
  // A forecast or a recommendation is advice whatever else the clause asks; a buying word only
  // where it is not a how-to ("how many SOL can I buy for one ETH?").
  if (forecast || recommend || (buying && !NOT_ADVICE.has(intent))) {
    intent = "advice";
    confidence = 1;
  }
  // A question about coins in the plural, or a ranking, that names no coin is about the market.
  const pointsBack = tokens.some((t) => POINTERS.has(t.norm));
  if (COIN_INTENTS.has(intent) && intent !== "advice" && coins.length === 0 && !unknownCoin) {
    if (!pointsBack && tokens.some((t) => RANKING_WORDS.has(t.norm))) intent = "market";
    // "the difference between fully diluted valuation and market cap": a comparison of ideas.
    else if (intent === "compare" && !pointsBack) intent = "research";
  }
  // "bitcoin dominance", "market share": a figure of the whole market, whatever the frame around it.
  if (COIN_INTENTS.has(intent) && intent !== "advice" && any(words.stems, TOTAL_FIGURES)) {
    intent = "market-total";
  }
  const focus = tokenFigure(words);
  // "Tell me about Dogecoin", "What is Litecoin?": a topic that is only a coin is the coin's data.
  if (intent === "research" && coins.length > 0 && onlyCoins(tokens, coins)) intent = "token";
  return {
    text: raw.trim(),
    intent,
    confidence,
    coins,
    unknownCoin,
    time,
    focus,
    describe: coins.length === 1 && onlyCoins(tokens, coins),
    derived: denominated(tokens, coins) ?? derivedAsk(words),
    metric: compareMetric(words),
    ranking: rankingAsk(words),
    currency: otherCurrency(words, raw),
    historyFocus: historyFocus(words),
    // The reader's own words: "one of them", "billions" searched as written, not as digits.
    topic: topicOf(tokenize(raw)),
    contrast: contrastOf(raw, tokenize(raw)),
    fromContext: false,
  };
}

/** How far before an "and" a "between" makes it the end of a range. */
const RANGE_WORDS = 4;

/**
 * The parts of one sentence: split at "and", "also", "then", "plus" when both sides are requests of
 * their own (each three words or more, read with some confidence, and asking for different things
 * or about different coins); else the sentence whole.
 */
function splitSentence(sentence: string, ctx: ReadContext): Clause[] {
  const whole = readClause(sentence, ctx);
  const tokens = tokenize(sentence);
  for (let i = 1; i < tokens.length - 2; i += 1) {
    if (!JOINERS.has(tokens[i]!.norm)) continue;
    const cut = tokens[i]!.at;
    const left = readClause(sentence.slice(0, cut), ctx);
    const right = readClause(sentence.slice(cut + tokens[i]!.text.length), ctx);
    if (
      tokens.length - i - 1 < 2 ||
      right.confidence < CONFIDENCE_FLOOR ||
      left.confidence < CONFIDENCE_FLOOR
    )
      continue;
    // A one-word request stands alone only when it needs no coin ("trending + top 3 by volume").
    if (i === 1 && COIN_INTENTS.has(left.intent)) continue;
    // "Why did fees on Arbitrum | and Optimism drop": the left side waits for its verb; "I moved
    // ATOM to another chain | and now I hold two tokens, why?": it tells what the right side asks about.
    const shape = clauseShape(left.text);
    if (shape.unfinished || shape.statement) continue;
    // "why do developers want to scrap testnet4 | and start a new test network": the right side's
    // bare verb is the left's second infinitive (coordinated verb phrases), one request.
    if (left.intent === "research" && shape.infinitive && clauseShape(right.text).bareVerb)
      continue;
    // "between October and December 2023": the two ends of one range.
    if (tokens.slice(Math.max(0, i - RANGE_WORDS), i).some((t) => t.norm === "between")) continue;
    // "USDT and USD Coin": a right side that is only coins continues a list, not a new request;
    // "compare ETH and SOL over 7 days": a comparison of one coin is not done yet.
    const listed =
      (right.coins.length > 0 && onlyCoins(tokenize(right.text), right.coins)) ||
      (left.intent === "compare" && left.coins.length < 2 && whole.coins.length >= 2);
    const differ =
      !listed &&
      (left.intent !== right.intent ||
        (left.coins.length > 0 &&
          right.coins.length > 0 &&
          left.intent !== "compare" &&
          !left.coins.some((l) => right.coins.some((r) => asset(r) === asset(l)))));
    if (differ) return [left, ...splitSentence(sentence.slice(cut + tokens[i]!.text.length), ctx)];
  }
  return [whole];
}

/**
 * Reads `question` (docs/decisions/013-reading-questions.md): the follow-up chips; sentences that
 * try to override or extract the instructions left out (and `injection` set) so the rest is still
 * answered; each sentence split into its requests; greetings beside a real request dropped.
 */
export function readMessage(question: string, ctx: ReadContext): Reading {
  const chip = chipOf(question);
  if (chip) return { clauses: [], injection: false, chip };
  // "new listings + trending", "(1) … (2) …": the same breaks between requests as "and".
  const parts = joinLeaning(requests(question));
  const safe = parts.filter((s) => !isInjectionAttempt(s));
  const injection = safe.length < parts.length || isInjectionAttempt(question);
  const clauses = refined(withEarlierCoins(continued(safe.flatMap((s) => splitSentence(s, ctx)))));
  const real = clauses.filter((c) => c.intent !== "chat");
  return { clauses: real.length > 0 ? real : clauses, injection, chip: null };
}

/** Stems of figures only the whole market has: a coin's share of it (market-total). */
const TOTAL_FIGURES = ["domin", "market share"];

/** Words of rankings and of coins in the plural ("the worst performers", "top coins"). */
const RANKING_WORDS = new Set([
  "gainers",
  "losers",
  "performers",
  "movers",
  "coins",
  "cryptos",
  "tokens",
  "cryptocurrencies",
  "top",
  "biggest",
  "largest",
]);

/**
 * Clauses without the ones that only refine the clause before: "Rank the best performers of the
 * week. I'd like to see the top 10." is one ranking of ten.
 */
function refined(clauses: Clause[]): Clause[] {
  const out: Clause[] = [];
  for (const c of clauses) {
    const before = out.at(-1);
    const refines =
      before?.intent === "market" &&
      c.intent === "market" &&
      c.ranking.by === "marketCap" &&
      before.ranking.by !== "marketCap";
    if (before && refines)
      out[out.length - 1] = { ...before, ranking: { ...before.ranking, limit: c.ranking.limit } };
    else out.push(c);
  }
  return out;
}

/** Words that open a sentence going on with the question before it ("…a new address? Or do I…"). */
const GOING_ON = new Set(["or", "but", "so"]);

/**
 * Clauses with each one that only goes on with a research question before it folded into that
 * question: a sentence opening with "or", "but" or "so", or one that leans back on it (leansBack:
 * "…look like mine?? what is this"), read as research or not placed; one search on the whole
 * question, not one per sentence. "How do rollups work? What is a DAO?" stays two.
 */
function continued(clauses: Clause[]): Clause[] {
  const out: Clause[] = [];
  for (const c of clauses) {
    const before = out.at(-1);
    const goesOn =
      before?.intent === "research" &&
      c.coins.length === 0 &&
      (c.intent === "research" || c.confidence < CONFIDENCE_FLOOR) &&
      (leansBack(c) || GOING_ON.has(tokenize(c.text)[0]?.norm ?? ""));
    if (before && goesOn) {
      out[out.length - 1] = {
        ...before,
        text: `${before.text} ${c.text}`,
        topic: joinedTopic(before.topic, c.topic),
        contrast: before.contrast ?? c.contrast,
      };
    } else out.push(c);
  }
  return out;
}

/** Intents that need a coin, which a later clause may take from an earlier one of the message. */
const COIN_INTENTS = new Set<Intent>(["token", "history", "compare", "advice"]);

/** Clauses that need a coin and name none take the nearest earlier clause's ("…, and what's it at now?"). */
function withEarlierCoins(clauses: Clause[]): Clause[] {
  return clauses.map((c, i) => {
    if (!COIN_INTENTS.has(c.intent) || c.coins.length > 0 || c.unknownCoin) return c;
    const earlier = clauses
      .slice(0, i)
      .reverse()
      .find((e) => e.coins.length > 0);
    return earlier ? { ...c, coins: earlier.coins } : c;
  });
}

/** Whether a clause names nothing but leans on the conversation ("and Cardano?", "what about 90 days?"). */
export function isFragment(clause: Clause): boolean {
  if (clause.text.toLowerCase().startsWith("i mean")) return true;
  const tokens = tokenize(clause.text);
  const first = tokens[0]?.norm;
  return (
    tokens.length <= 4 ||
    first === "and" ||
    (first === "what" && tokens[1]?.norm === "about") ||
    (first === "how" && tokens[1]?.norm === "about")
  );
}

export type { CalendarRange };
