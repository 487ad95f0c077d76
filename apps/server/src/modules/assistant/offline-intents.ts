// The offline model's understanding: coins (names, tickers, ids, misspellings), periods and intents
// of a question, with follow-ups resolved from the conversation (issue #5 "offline model").
import { fold, isInjectionAttempt } from "./assistant.prompt.ts";
import { type AssistantToolName, assistantToolInputs } from "@pragmatist/contracts";
import { distance } from "fastest-levenshtein";
import type { z } from "zod";
import type { ArticleContext } from "./assistant.prompt.ts";

/** A coin the model may recognise by name, ticker or CoinGecko id (e.g. the snapshot's markets). */
export interface KnownCoin {
  id: string;
  symbol: string;
  name: string;
}

type ToolInputs = { [K in AssistantToolName]: z.infer<(typeof assistantToolInputs)[K]> };

/** One tool call the model decides to make, with an input valid for the tool's contract schema. */
export type PlannedCall = {
  [K in AssistantToolName]: { toolName: K; input: ToolInputs[K] };
}[AssistantToolName];

/** An answer the model writes without calling a tool. */
export type DirectReply =
  | { kind: "capabilities" }
  | { kind: "greeting" }
  | { kind: "thanks" }
  /** OWASP LLM01 prompt injection: refused without quoting any instruction. */
  | { kind: "injection" }
  /** Buy/sell advice or a price prediction; `coin` names the coin asked about, if any. */
  | { kind: "advice"; coin: string | null }
  | { kind: "out-of-scope" }
  | { kind: "clarify-coin" }
  | { kind: "nothing-to-analyse" }
  | { kind: "tool-unavailable"; toolName: AssistantToolName };

export type Decision =
  { kind: "call"; calls: PlannedCall[] } | { kind: "reply"; reply: DirectReply };

/**
 * The article a reader asked about ("Ask Max about this article"), as the offline model reads it
 * from the system prompt's `Article title:` and `Article slug:` lines.
 */
export type ArticleRef = Pick<ArticleContext, "title" | "slug">;

/** An earlier exchange: the user's question and the tool calls made to answer it (maybe none). */
export interface Turn {
  question: string;
  calls: PlannedCall[];
}

/** What the model sees of a conversation when it decides what to do next. */
export interface ConversationView {
  /** The last user message. */
  question: string;
  /** Earlier exchanges, oldest first. */
  earlierTurns: Turn[];
  article: ArticleRef | null;
}

/** Default OHLC period when a price-history question names none (issue #5). */
export const DEFAULT_OHLC_DAYS = 30;
/** CoinGecko's longest OHLC period on the plans we use, and the getOhlc schema's maximum. */
export const MAX_OHLC_DAYS = 365;
/** At most this many coins are looked up for one comparison question. */
export const MAX_COMPARED_COINS = 3;

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Words

/** A word of the question with its original spelling, for ticker and capitalisation cues. */
interface Word {
  raw: string;
  lower: string;
  /** Written as `$BTC`. */
  dollar: boolean;
  /** First word of a sentence, where capitalisation says nothing. */
  sentenceStart: boolean;
}

const WORD = /\$?[\p{L}\p{N}][\p{L}\p{N}.\-']*/gu;
const COMBINING_MARKS = /\p{M}+/gu;

/** Lowercase, diacritics dropped ("Éthereum" -> "ethereum"), curly quotes straightened. */
function splitWords(text: string): Word[] {
  const words: Word[] = [];
  const straight = text.normalize("NFKD").replace(COMBINING_MARKS, "").replace(/[‘’]/g, "'");
  for (const match of straight.matchAll(WORD)) {
    const dollar = match[0].startsWith("$");
    const raw = match[0]
      .slice(dollar ? 1 : 0)
      .replace(/'s$/i, "")
      .replace(/[.\-']+$/, "");
    if (raw === "") continue;
    const before = straight.slice(0, match.index).trimEnd();
    words.push({
      raw,
      lower: raw.toLowerCase(),
      dollar,
      sentenceStart: before === "" || /[.!?:;]$/.test(before),
    });
  }
  return words;
}

/**
 * Words that are never a coin by themselves: English function words, the words of the questions
 * Max serves, and coin names or tickers that are also ordinary words ("near", "flow", "link",
 * "dot"), which count as coins only when written as one (`NEAR`, `$LINK`, "Flow" mid-sentence).
 */
const VOCABULARY: ReadonlySet<string> = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before " +
    "being below between both but by can cannot could did do does doing done down during each " +
    "either else ever every few for from further get gets got had has have having he her here " +
    "hers him his how i if in into is it its itself just let lets like me mine more most much my " +
    "no nor not now of off on once one only or other our ours out over own per same she should so " +
    "some such than that the their theirs them then there these they this those through to too " +
    "under until up upon very was we were what whats when where which while who whom why will " +
    "with would yet you your yours yourself ok okay yes sure please thanks thank hi hello hey " +
    "tell show give find list fetch look lookup check display provide want need know see say " +
    "said compare comparison versus vs against max pragmatist coingecko ask answer question " +
    "message reply response last latest previous next current currently recent recently new " +
    "newly listed listing listings launched launch price prices pricing cost costs worth value " +
    "valued trading trade traded trades market markets cap caps mcap marketcap capitalization " +
    "capitalisation volume volumes stats stat statistics data details detail info information " +
    "overview summary summarise summarize supply circulating total ath atl high low highs lows " +
    "range rank ranking ranked fdv change changes changed percent percentage today yesterday " +
    "tomorrow token tokens coin coins crypto cryptos cryptocurrency cryptocurrencies currency " +
    "currencies asset assets chart charts graph graphs plot history historical ohlc candle " +
    "candles candlestick candlesticks performance perform performed performing trend trends " +
    "trending hot popular top day days daily week weeks weekly month months monthly year years " +
    "yearly hour hours time period past since ago analysis analyze analyse analysing analyzing " +
    "insights insight valuable research article articles report reports explain explanation usd " +
    "dollar dollars euro eur key quick brief short long full detailed many couple go going gone " +
    "move moved moving movement doing been right way well good bad better best buy sell hold " +
    "invest investing investment advice should predict prediction forecast go up down rise fall " +
    "near flow dash maker quant gate link dot bit ton cake atom stacks gas ape leo rune ens gt ht " +
    "ar etc vet sand apt stellar key keys main point points work works mean means matter thing things kind sort stuff " +
    "everything anything something nothing lot lots bit little big small other another same " +
    "guide learn read about also really actually exactly maybe perhaps think interesting " +
    "january february march april may june july august september october november december jan " +
    "feb mar apr jun jul aug sep sept oct nov dec two three four five six seven eight nine ten " +
    "eleven twelve first second third staking stake rollup rollups merge mining lightning wallet " +
    "wallets bridge bridges security scam scams fees fee layer network networks protocol chain " +
    "chains blockchain blockchains"
  ).split(" "),
);

/** Upper-case abbreviations that are not tickers. */
const NOT_TICKERS: ReadonlySet<string> = new Set(
  (
    "usd eur gbp utc gmt ohlc ath atl nft nfts dao daos mev tvl etf etfs ai api l1 l2 faq pdf ok " +
    "dex cex kyc roi apy apr dca fomo fud hodl ytd tldr pm am uk us eu ceo evm pos pow zk eip bip " +
    "erc dapp dapps defi rwa"
  ).split(" "),
);

/** Common names and nicknames, applied only when the id is among the known coins. */
const ALIASES: Readonly<Record<string, string>> = {
  ether: "ethereum",
  shiba: "shiba-inu",
  "binance coin": "binancecoin",
  avalanche: "avalanche-2",
  polygon: "matic-network",
  toncoin: "the-open-network",
  elrond: "elrond-erd-2",
  multiversx: "elrond-erd-2",
  "bitcoin satoshi vision": "bitcoin-cash-sv",
  xrp: "ripple",
};

/** Words that make the word before them a coin ("link price", "dot chart"). */
const COIN_NOUNS: ReadonlySet<string> = new Set(
  "price prices chart stats token coin ohlc candles marketcap mcap volume supply".split(" "),
);

function isUpperCase(raw: string): boolean {
  return /\p{L}/u.test(raw) && raw === raw.toUpperCase();
}

function isCapitalised(raw: string): boolean {
  const first = raw.charAt(0);
  return first !== first.toLowerCase();
}

/** Written the way people write a coin they mean: `$X`, `X` in capitals, or "Xname" mid-sentence. */
function writtenAsCoin(word: Word): boolean {
  return (
    word.dollar ||
    (isUpperCase(word.raw) && word.raw.length >= 2) ||
    (isCapitalised(word.raw) && !word.sentenceStart)
  );
}

// ---------------------------------------------------------------------------------------------
// Coins

/** A coin found in a question: `query` is what the tools get (a known coin's id, or the word). */
export interface CoinMention {
  query: string;
  coin: KnownCoin;
  /** How the question wrote it, as lower-case words (each time it was named). */
  phrases: string[][];
}

type PhraseKind = "name" | "id" | "alias" | "symbol";

interface PhraseEntry {
  coin: KnownCoin;
  kind: PhraseKind;
}

/** Recognises coins in text; built once per known-coins list. */
export interface CoinMatcher {
  /** Known coins mentioned in `text`, in order of appearance, without repeats. */
  find(text: string): CoinMention[];
  /** The known coin with this id, or null. */
  byId(id: string): KnownCoin | null;
}

function phraseOf(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}.-]+/gu, " ")
    .trim();
}

/** Edits a misspelt word of this length may differ by ("solanna" 1, "etherium" 1). */
function fuzzyAllowance(length: number): number {
  if (length < 5) return 0;
  if (length < 7) return 1;
  if (length < 12) return 2;
  return 3;
}

/**
 * A matcher over `coins` (best ranked first: on a clash of names or tickers the earlier coin wins).
 * Exact names, ids, aliases and tickers match first, longest phrase first ("Bitcoin Cash" before
 * "Bitcoin"); otherwise a word or two of at least 5 letters matches the closest name or id within
 * fuzzyAllowance edits (Levenshtein distance, same first letter). Tickers and names that are also
 * English words must be written as coins (see writtenAsCoin).
 */
export function createCoinMatcher(coins: ReadonlyArray<KnownCoin>): CoinMatcher {
  const phrases = new Map<string, PhraseEntry>();
  const ids = new Map<string, KnownCoin>();
  const add = (phrase: string, coin: KnownCoin, kind: PhraseKind) => {
    if (phrase !== "" && !phrases.has(phrase)) phrases.set(phrase, { coin, kind });
  };
  for (const coin of coins) if (!ids.has(coin.id)) ids.set(coin.id, coin);
  for (const coin of coins) add(phraseOf(coin.name), coin, "name");
  for (const coin of coins) add(coin.id, coin, "id");
  for (const [alias, id] of Object.entries(ALIASES)) {
    const coin = ids.get(id);
    if (coin) add(alias, coin, "alias");
  }
  for (const coin of coins) add(coin.symbol.toLowerCase(), coin, "symbol");
  const longest = Math.max(1, ...[...phrases.keys()].map((p) => p.split(" ").length));
  const fuzzyTargets = [...phrases.entries()].filter(([phrase, e]) => {
    return e.kind !== "symbol" && phrase.length >= 4;
  });

  const exact = (words: Word[], at: number): { entry: PhraseEntry; length: number } | null => {
    for (let n = Math.min(longest, words.length - at); n >= 1; n--) {
      const slice = words.slice(at, at + n);
      const entry = phrases.get(slice.map((w) => w.lower).join(" "));
      if (!entry) continue;
      const [word] = slice;
      if (n === 1 && word) {
        const asCoin = writtenAsCoin(word) || COIN_NOUNS.has(words[at + 1]?.lower ?? "");
        if (VOCABULARY.has(word.lower) && !asCoin) continue;
        if (entry.kind === "symbol" && word.lower.length < 3 && !asCoin) continue;
      }
      return { entry, length: n };
    }
    return null;
  };

  const fuzzy = (words: Word[], at: number): { entry: PhraseEntry; length: number } | null => {
    let best: { entry: PhraseEntry; length: number; edits: number } | null = null;
    for (let n = Math.min(2, words.length - at); n >= 1; n--) {
      const slice = words.slice(at, at + n);
      if (slice.some((w) => VOCABULARY.has(w.lower) || /\d/.test(w.lower))) continue;
      const phrase = slice.map((w) => w.lower).join(" ");
      const allowance = fuzzyAllowance(phrase.length);
      if (allowance === 0) continue;
      for (const [target, entry] of fuzzyTargets) {
        if (target[0] !== phrase[0] || Math.abs(target.length - phrase.length) > allowance)
          continue;
        const edits = distance(phrase, target);
        if (edits <= allowance && (!best || edits < best.edits)) best = { entry, length: n, edits };
      }
      if (best) return best;
    }
    return best;
  };

  return {
    byId: (id) => ids.get(id) ?? null,
    find(text) {
      const words = splitWords(text);
      const found: CoinMention[] = [];
      for (let at = 0; at < words.length;) {
        const match = exact(words, at) ?? fuzzy(words, at);
        if (!match) {
          at += 1;
          continue;
        }
        const { coin } = match.entry;
        const phrase = words.slice(at, at + match.length).map((w) => w.lower);
        const seen = found.find((m) => m.coin.id === coin.id);
        if (seen) seen.phrases.push(phrase);
        else found.push({ query: coin.id, coin, phrases: [phrase] });
        at += match.length;
      }
      return found;
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Stands in for a coin's name: a word no intent pattern contains. */
const MASK = "xcoinx";

/**
 * The folded question with each coin mention replaced by MASK, so a coin's name never reads as
 * an intent ("The Graph" is not a chart, "Wrapped Bitcoin" not a topic).
 */
function maskMentions(text: string, mentions: CoinMention[]): string {
  let masked = text;
  for (const mention of mentions) {
    for (const phrase of mention.phrases) {
      const pattern = phrase.map(escapeRegExp).join("[^\\p{L}\\p{N}]+");
      masked = masked.replace(
        new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, "u"),
        MASK,
      );
    }
  }
  return masked;
}

/**
 * A coin the question names that is not among the known coins: `$TICKER`, an upper-case ticker,
 * a capitalised word mid-sentence ("price of Pepe"), or the word after "price of"/"stats for".
 * Null when nothing looks like a coin; the tool's own search then decides (§8 "No results found").
 */
function unknownCoin(question: string): string | null {
  const words = splitWords(question);
  const candidate = (w: Word) =>
    /\p{L}/u.test(w.raw) &&
    w.raw.length >= 2 &&
    !VOCABULARY.has(w.lower) &&
    !NOT_TICKERS.has(w.lower);
  const dollar = words.find((w) => w.dollar && candidate(w));
  if (dollar) return dollar.raw;
  const ticker = words.find((w) => candidate(w) && isUpperCase(w.raw) && w.raw.length <= 10);
  if (ticker) return ticker.raw;
  const named = words.findIndex((w) => candidate(w) && isCapitalised(w.raw) && !w.sentenceStart);
  if (named >= 0) {
    const name = [words[named]];
    for (const next of words.slice(named + 1)) {
      if (!candidate(next) || !isCapitalised(next.raw)) break;
      name.push(next);
    }
    return name.map((w) => w?.raw).join(" ");
  }
  const folded = fold(question);
  const after =
    /\b(?:price|prices|stats|statistics|data|details|info|chart|history|ohlc|candles|cap|volume|performance|about)\s+(?:of|for|on)\s+([\p{L}\p{N}.-]+)/u;
  const before = /\b([\p{L}\p{N}.-]+?)(?:'s)?\s+(?:price|stats|market\s+cap|chart|token|coin)\b/u;
  for (const pattern of [after, before]) {
    const word = pattern.exec(folded)?.[1];
    if (word && candidate({ raw: word, lower: word, dollar: false, sentenceStart: false })) {
      return word;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Periods

export interface Period {
  /** Days counted back from now, 1..MAX_OHLC_DAYS. */
  days: number;
  /**
   * False for "24h"/"today", which also describe the current quote's 24 h change; true for a
   * period only a price history answers ("yesterday", "last 2 weeks", "since January").
   */
  strong: boolean;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  couple: 2,
  "couple of": 2,
  few: 3,
  "a few": 3,
};

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function clampDays(days: number): number {
  return Math.min(MAX_OHLC_DAYS, Math.max(1, Math.round(days)));
}

/** Days from the first of `month` (0-based; the latest such date not after now) to now. */
function daysSinceMonth(month: number, now: Date): number {
  let year = now.getUTCFullYear();
  if (Date.UTC(year, month, 1) > now.getTime()) year -= 1;
  return clampDays(Math.ceil((now.getTime() - Date.UTC(year, month, 1)) / DAY_MS));
}

/** "2 weeks", "90d", "3-month" (a number after "$" is an amount, not a period). */
const DIGITS_UNIT =
  /(?<![$\d.,])\b(\d+(?:\.\d+)?)\s*-?\s*(hours?|hrs?|h|days?|d|weeks?|wks?|w|months?|mos?|m|years?|yrs?|y)\b/;
/** "two weeks", "a month", "a couple of days": spelt numbers take only spelt units. */
const WORDS_UNIT =
  /\b(a few|couple of|couple|few|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(hours?|days?|weeks?|months?|years?)\b/;

/**
 * The period a question names, in days counted back from `now` (issue #5): "last 2 weeks" 14,
 * "90 days", "3 months" 90, "past year"/"12 months" 365, "since January" (from 1 January of the
 * current year, UTC), "yesterday"/"24h" 1, "this week" 7. Capped at 365 (CoinGecko's OHLC
 * maximum). Null when none is named.
 */
export function parsePeriod(question: string, now: Date): Period | null {
  const text = fold(question);
  const since = /\bsince\s+(?:the\s+)?(?:start\s+of\s+|beginning\s+of\s+)?([a-z]+)/.exec(text);
  if (since?.[1]) {
    const month = MONTHS.findIndex((m) => since[1]?.startsWith(m));
    if (month >= 0) return { days: daysSinceMonth(month, now), strong: true };
    if (/^(?:the|this)?year$/.test(since[1])) return { days: daysSinceMonth(0, now), strong: true };
  }
  if (/\b(?:year to date|ytd|this year|since new year|start of the year)\b/.test(text)) {
    return { days: daysSinceMonth(0, now), strong: true };
  }
  const sinceYear = /\bsince\s+((?:19|20)\d\d)\b/.exec(text);
  if (sinceYear?.[1]) {
    const start = Date.UTC(Number(sinceYear[1]), 0, 1);
    return { days: clampDays(Math.ceil((now.getTime() - start) / DAY_MS)), strong: true };
  }
  const unit = DIGITS_UNIT.exec(text) ?? WORDS_UNIT.exec(text);
  if (unit?.[1] && unit[2]) {
    const count = NUMBER_WORDS[unit[1]] ?? Number(unit[1]);
    const u = unit[2];
    if (u.startsWith("h")) return { days: clampDays(Math.ceil(count / 24)), strong: count > 24 };
    if (u.startsWith("d")) return { days: clampDays(count), strong: true };
    if (u.startsWith("w")) return { days: clampDays(count * 7), strong: true };
    if (u.startsWith("m"))
      return { days: clampDays(count === 12 ? 365 : count * 30), strong: true };
    return { days: clampDays(count * 365), strong: true };
  }
  const named: Array<[RegExp, number, boolean]> = [
    [/\byesterday\b/, 1, true],
    [/\bfortnight\b/, 14, true],
    [/\bhalf\s+(?:a\s+)?year\b/, 180, true],
    [/\bquarter\b/, 90, true],
    [/\b(?:this|last|past|previous)\s+week\b/, 7, true],
    [/\b(?:this|last|past|previous)\s+month\b/, 30, true],
    [/\b(?:last|past|previous)\s+year\b/, 365, true],
    [/\ball[\s-]time\b(?!\s+(?:high|low))|\bmax(?:imum)?\s+(?:range|period|history)\b/, 365, true],
    [/\btoday\b|\bintraday\b/, 1, false],
  ];
  for (const [pattern, days, strong] of named) if (pattern.test(text)) return { days, strong };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Intents

const CAPABILITIES =
  /\bwhat\s+(?:can|could)\s+you\s+(?:do|help)|\bwhat\s+do\s+you\s+do\b|\bhow\s+(?:can|could)\s+you\s+help\b|\bwhat\s+(?:can|should)\s+i\s+ask\b|\bwho\s+are\s+you\b|\bwhat\s+are\s+you\b|\byour\s+(?:capabilities|features|skills)\b|\bwhat\s+(?:kind\s+of\s+|sort\s+of\s+)?(?:questions|things)\s+can\b|^\s*(?:help|commands|menu)\s*[?!.]*\s*$/;
const GREETING =
  /^\s*(?:hi|hello|hey|hiya|yo|gm|good\s+(?:morning|afternoon|evening))(?:\s+(?:there|max))?\s*[!.?]*\s*$/;
const THANKS =
  /^\s*(?:(?:great|cool|nice|perfect|awesome|ok|okay|got\s+it)[\s,!.]*)?(?:thanks|thank\s+you|thx|ty|cheers|great|cool|nice|perfect|awesome|ok|okay|got\s+it)(?:\s+(?:a\s+lot|so\s+much|very\s+much|max))?[\s!.]*$/;
const ANALYSE_CHIP =
  /\banaly[sz]e\s+(?:your|the|that|this)\s+(?:last|previous|latest)?\s*(?:message|answer|reply|response)|\binsights?\s+(?:from|in|on)\s+(?:your|the|that)\s+(?:last|previous)|\banaly[sz]e\s+(?:that|this|it)\b|\bdig\s+deeper\b|^\s*(?:tell\s+me\s+more|go\s+on|elaborate|more\s+details?|go\s+deeper)\s*[.!?]*\s*$/;
const MORE_RESEARCH_CHIP =
  /\bwhat\s+(?:other|else|more|further)\s+(?:research|should\s+i\s+(?:research|read|look\s+into|study))|\b(?:other|further|more)\s+research\b|\bwhat\s+should\s+i\s+(?:research|read|look\s+into)\s*(?:next)?\b|\bresearch\s+(?:should\s+i|next)\b/;
const ADVICE =
  /\bshould\s+(?:i|we)\s+(?:buy|sell|invest|hold|short|long|ape|dump|get\s+into)|\b(?:is|are)\s+(?:it|\S+)\s+(?:a\s+)?(?:good|safe|smart|wise)\s+(?:buy|investment|time|bet|idea)|\bgood\s+(?:time|moment)\s+to\s+(?:buy|sell|invest)|\bworth\s+(?:buying|investing|it)\b|\b(?:financial|investment)\s+advice\b|\bwhat\s+(?:should|to)\s+(?:i\s+)?(?:buy|invest)|\bbest\s+(?:coin|token|crypto|investment)s?\b|\bbuy\s+or\s+sell\b|\bwill\s+\S+(?:\s+\S+)?\s+(?:go\s+up|go\s+down|rise|fall|drop|crash|moon|pump|dump|reach|hit|recover)\b|\bpredict|\bprediction|\bforecast|\bprice\s+target|\bwhere\s+will\b|\bwhat\s+will\s+\S+(?:\s+\S+)?\s+(?:be\s+worth|cost|trade|be)\b|\bgoing\s+to\s+(?:go\s+up|go\s+down|rise|fall|crash|moon|pump|dump)|\bto\s+the\s+moon\b|\b(?:next|tomorrow'?s?)\s+(?:week|month|year)?'?s?\s*price\b/;
const OFF_TOPIC =
  /\bweather\b|\bjokes?\b|\bfunny\b|\bpoem\b|\bsong\b|\blyrics\b|\brecipe|\bcook|\bfootball\b|\bsoccer\b|\bmovie|\bfilm\b|\bhoroscope|\bcapital\s+of\b|\btranslate\b|\bwrite\s+(?:me\s+)?(?:an?\s+)?(?:essay|story|code|email|letter|program)|\bstocks?\b|\bshares?\s+of\b|\bsports?\b|\bdating\b|\bhomework\b/;
const NEW_TOKENS =
  /\bnew(?:ly)?\s+(?:\w+\s+)?(?:tokens?|coins?|listings?|cryptos?|cryptocurrencies|projects|launches)\b|\brecent(?:ly)?\s+(?:listed|added|launched)|\b(?:latest|newest|fresh)\s+(?:tokens?|coins?|listings?)\b|\bjust\s+(?:been\s+)?(?:listed|launched)\b|\bnew\s+on\s+coingecko\b|\blisted\s+(?:recently|today|this\s+week)\b/;
const TRENDING =
  /\btrending\b|\bhot\s+(?:right\s+now|today|at\s+the\s+moment|coins?|tokens?)\b|\bwhat'?s\s+hot\b|\bmost\s+(?:searched|popular|talked)\b|\bpopular\s+(?:coins?|tokens?|right\s+now|today)\b|\b(?:everyone|people)\s+(?:is\s+|are\s+)?(?:talking|searching)\b|\bbuzz(?:ing)?\b/;
const HISTORY =
  /\b(?:chart|charts|graph|graphs|plot|history|historical|ohlc|candles?|candlesticks?|performance|performed|perform|trajectory|price\s+action|evolution|trend)\b|\bhow\s+(?:did|has|have|was|were)\b.{0,40}\b(?:do|done|doing|perform|performed|move|moved|moving|go|gone|going|trade|traded|trading|fare|fared|been)\b|\b(?:over|during|in|across)\s+the\s+(?:last|past|previous)\b|\bsince\b/;
const TOKEN_DATA =
  /\b(?:price|prices|cost|worth|value|trading\s+at|market\s*cap|mcap|capitali[sz]ation|volume|stats|statistics|data|details|info|information|overview|supply|ath|all[\s-]time\s+high|rank|ranking|fdv|how\s+much|quote|figures|numbers|metrics|fundamentals)\b|\bhow\s+is\b.{0,30}\bdoing\b/;
const EXPLAIN =
  /\b(?:what\s+is|what\s+are|what's|whats|what\s+does|what\s+do|explain|how\s+does|how\s+do|how\s+is|how\s+are|how\s+can|how\s+to|why\s+does|why\s+do|why\s+is|why\s+are|why\s+did|tell\s+me\s+(?:more\s+)?about|describe|define|definition\s+of|meaning\s+of|difference\s+between|learn\s+about|read\s+about|teach\s+me|research\s+(?:on|about)|articles?\s+(?:on|about)|guide\s+to|introduction\s+to|who\s+(?:created|invented|founded|made|designed|runs|controls))\b/;
/** Explanations that are about how a thing works rather than what a coin is worth. */
const EXPLAIN_HOW =
  /\b(?:how\s+does|how\s+do|how\s+is|how\s+are|how\s+can|how\s+to|why\s+does|why\s+do|why\s+is|why\s+are|why\s+did|explain|describe|teach\s+me|difference\s+between|research\s+(?:on|about)|articles?\s+(?:on|about)|who\s+(?:created|invented|founded|made|designed|runs|controls))\b/;
/** Crypto topics our research library covers; a question naming one is a research question. */
const TOPIC =
  /\b(?:rollups?|layer\s*2s?|l2s?|staking|stake|stakers?|validators?|the\s+merge|merge|mev|taproot|lightning|gas|fees?|sharding|danksharding|blobs?|eip-?\d+|bip-?\d+|zk|zero[\s-]knowledge|optimistic|proof[\s-]of[\s-](?:stake|work)|consensus|smart\s+contracts?|defi|nfts?|daos?|bridges?|bridging|oracles?|wallets?|account\s+abstraction|mining|miners?|halving|mempool|scaling|scalability|beacon\s+chain|withdrawals?|erc-?20|token\s+standards?|stablecoins?|decentrali[sz]ed\s+identity|web3|dapps?|scams?|security|governance|restaking|segwit|schnorr|covenants?|ordinals|inscriptions|silent\s+payments|evm|sidechains?|dex|amm|liquidity|slashing|finality|statelessness|pbs|issuance|whitepaper|channels?|payjoin|coinjoin|multisig|self[\s-]custody|custody|energy|desci|refi|wrapped|dencun|shapella|cancun|pectra|fusaka|rbf|cpfp|utxos?|nodes?|forks?|upgrades?|roadmap|bitcoin\s+core|optech)\b/;
const COMPARE = /\b(?:compare|compared|comparison|versus|vs|against|relative\s+to)\b/;
const ARTICLE_QUESTION =
  /\b(?:this|the)\s+(?:article|post|piece|report|paper|newsletter|page)\b|\bsummar(?:y|i[sz]e)\b|\btl;?dr\b|\bwhat\s+is\s+(?:this|it)\s+about\b|\bkey\s+(?:points|takeaways|ideas)\b|\bmain\s+(?:points|ideas|takeaways|argument)\b|\bexplain\s+(?:this|it)\b/;

/** The research query of a question: its topic without the question's scaffolding. */
export function researchQuery(question: string): string {
  let text = question
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .replace(/[‘’]/g, "'")
    .replace(/[?!.,;:"“”()]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const leading = [
    /^(?:hey|hi|hello|ok|okay|so|and|but|max)\b[\s,]*/i,
    /^(?:can|could|would|will)\s+you\s+(?:please\s+)?/i,
    /^please\s+/i,
    /^i\s+(?:want|would\s+like|'d\s+like)\s+to\s+(?:know|learn|understand|read)\s+(?:more\s+)?(?:about\s+)?/i,
    /^(?:explain|describe|define|summari[sz]e|teach\s+me(?:\s+about)?|tell\s+me\s+(?:more\s+)?about|give\s+me\s+(?:an?\s+)?(?:overview|summary|introduction)\s+(?:of|on|to)|find\s+(?:me\s+)?(?:research|articles?)\s+(?:on|about)|research\s+(?:on|about)|articles?\s+(?:on|about)|what\s+does\s+(?:your|our|the)\s+research\s+say\s+about|what\s+do\s+you\s+know\s+about|learn\s+about|read\s+about)\s+(?:to\s+me\s+)?/i,
    /^(?:what|how|why|when|who)(?:'s|\s+is|\s+are|\s+does|\s+do|\s+did|\s+was|\s+were|\s+can|\s+should)?\s+/i,
    /^(?:the\s+)?(?:difference\s+between|meaning\s+of|definition\s+of|basics\s+of|concept\s+of|idea\s+of|point\s+of|purpose\s+of|role\s+of|introduction\s+to|guide\s+to)\s+/i,
    /^(?:the|a|an)\s+/i,
  ];
  const trailing =
    /\s+(?:work|works|working|mean|means|matter|matters|in\s+simple\s+terms|simply|please|for\s+me|to\s+me|exactly|actually|about|exist|exists)$/i;
  for (let changed = true; changed;) {
    changed = false;
    for (const pattern of [...leading, trailing]) {
      const next = text.replace(pattern, "").trim();
      if (next !== text && next.length >= 2) {
        text = next;
        changed = true;
      }
    }
  }
  return text.slice(0, 200);
}

/** The topic a previous turn was about, for "What other research should I do?". */
function topicOf(call: PlannedCall, matcher: CoinMatcher): string {
  switch (call.toolName) {
    case "searchResearch":
      return call.input.query;
    case "getTokenData":
    case "getOhlc":
      return matcher.byId(call.input.query)?.name ?? call.input.query;
    case "getNewTokens":
    case "getTrendingTokens":
      return "scam tokens";
  }
}

function coinCalls(
  intent: "getTokenData" | "getOhlc",
  queries: string[],
  days: number,
): PlannedCall[] {
  return queries
    .slice(0, MAX_COMPARED_COINS)
    .map((query) =>
      intent === "getOhlc"
        ? { toolName: "getOhlc", input: { query, days } }
        : { toolName: "getTokenData", input: { query } },
    );
}

/** The coin queries and days of the previous turn's coin lookups (for "and for 30 days?"). */
function previousCoins(previous: PlannedCall[]): { queries: string[]; days: number | null } {
  const queries: string[] = [];
  let days: number | null = null;
  for (const call of previous) {
    if (call.toolName === "getTokenData" || call.toolName === "getOhlc") {
      if (!queries.includes(call.input.query)) queries.push(call.input.query);
      if (call.toolName === "getOhlc") days = call.input.days;
    }
  }
  return { queries, days };
}

/**
 * The tool calls of the latest earlier turn that made any: taken from its recorded calls, or
 * re-derived from its question when the history kept only text. [] when there is none.
 */
function previousCalls(turns: Turn[], matcher: CoinMatcher, now: Date): PlannedCall[] {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    if (!turn) continue;
    if (turn.calls.length > 0) return turn.calls;
    const decision = understand(
      { question: turn.question, earlierTurns: [], article: null },
      matcher,
      now,
    );
    if (decision.kind === "call") return decision.calls;
  }
  return [];
}

const reply = (r: DirectReply): Decision => ({ kind: "reply", reply: r });
const call = (...calls: PlannedCall[]): Decision => ({ kind: "call", calls });

/** True for the "Analyze your last message for valuable insights" chip and its rephrasings. */
export function isAnalysisRequest(question: string): boolean {
  return ANALYSE_CHIP.test(fold(question));
}

/** True for the "What other research should I do?" chip and its rephrasings. */
export function isMoreResearchRequest(question: string): boolean {
  return MORE_RESEARCH_CHIP.test(fold(question));
}

/** True when, with an article as context, the question is about that article. */
export function isArticleQuestion(question: string): boolean {
  return ARTICLE_QUESTION.test(fold(question));
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
  const { question, earlierTurns, article } = view;
  let text = fold(question);
  if (isInjectionAttempt(question)) return reply({ kind: "injection" });
  if (CAPABILITIES.test(text)) return reply({ kind: "capabilities" });
  if (GREETING.test(text)) return reply({ kind: "greeting" });
  if (THANKS.test(text)) return reply({ kind: "thanks" });

  let last: PlannedCall[] | undefined;
  const previous = () => (last ??= previousCalls(earlierTurns, matcher, now));
  if (isAnalysisRequest(question)) {
    const calls = previous();
    return calls.length > 0 ? call(...calls) : reply({ kind: "nothing-to-analyse" });
  }
  if (isMoreResearchRequest(question)) {
    const [latest] = previous();
    const query = latest ? topicOf(latest, matcher) : article?.title;
    return query
      ? call({ toolName: "searchResearch", input: { query } })
      : reply({ kind: "capabilities" });
  }

  const mentions = matcher.find(question);
  if (ADVICE.test(text)) return reply({ kind: "advice", coin: mentions[0]?.coin.name ?? null });
  text = maskMentions(text, mentions);
  if (mentions.length === 0 && OFF_TOPIC.test(text)) return reply({ kind: "out-of-scope" });
  if (article && isArticleQuestion(question)) {
    return call({ toolName: "searchResearch", input: { query: article.title } });
  }
  if (NEW_TOKENS.test(text)) return call({ toolName: "getNewTokens", input: {} });
  if (TRENDING.test(text)) return call({ toolName: "getTrendingTokens", input: {} });

  const period = parsePeriod(question, now);
  const wantsHistory = HISTORY.test(text) || period?.strong === true;
  const wantsFigures = TOKEN_DATA.test(text);
  const explains = EXPLAIN.test(text);
  const topical = TOPIC.test(text);

  // A how/why question, or one about a topic, that asks for no figures is a research question.
  if (!wantsFigures && !wantsHistory && (topical || (explains && EXPLAIN_HOW.test(text)))) {
    const query = researchQuery(question);
    if (query.length >= 2) return call({ toolName: "searchResearch", input: { query } });
  }

  let queries = mentions.map((m) => m.query);
  const before = previousCoins(previous());
  if (queries.length === 1 && COMPARE.test(text)) {
    // "compare it with ETH": the previous turn's coin against the one named now.
    queries = [...before.queries.filter((q) => !queries.includes(q)), ...queries];
  }
  if (queries.length === 0 && (wantsHistory || wantsFigures || period)) {
    const unknown = unknownCoin(question);
    queries = unknown ? [unknown] : before.queries;
    if (queries.length === 0) return reply({ kind: "clarify-coin" });
  }
  if (queries.length > 0) {
    if (wantsHistory || (period && !wantsFigures)) {
      const days = period?.days ?? before.days ?? DEFAULT_OHLC_DAYS;
      return call(...coinCalls("getOhlc", queries, days));
    }
    if (wantsFigures) return call(...coinCalls("getTokenData", queries, 0));
    // Only coins named ("what about ETH?"): the previous turn's lookup, for the new coin.
    const tool = previous().find((c) => c.toolName === "getOhlc" || c.toolName === "getTokenData");
    if (tool?.toolName === "getOhlc")
      return call(...coinCalls("getOhlc", queries, tool.input.days));
    return call(...coinCalls("getTokenData", queries, 0));
  }
  const unknown = unknownCoin(question);
  if (explains) {
    if (unknown && /^\s*(?:what\s+is|what's|whats|tell\s+me\s+about)\b/.test(text)) {
      return call({ toolName: "getTokenData", input: { query: unknown } });
    }
    const query = researchQuery(question);
    if (query.length >= 2) return call({ toolName: "searchResearch", input: { query } });
  }
  if (unknown && splitWords(question).length <= 3) {
    return call({ toolName: "getTokenData", input: { query: unknown } });
  }
  return reply({ kind: "out-of-scope" });
}

/** A recorded tool call as a PlannedCall, or null when its name or input does not fit a tool. */
export function toPlannedCall(toolName: string, input: unknown): PlannedCall | null {
  if (!Object.hasOwn(assistantToolInputs, toolName)) return null;
  const name = toolName as AssistantToolName;
  const parsed = assistantToolInputs[name].safeParse(input);
  return parsed.success ? ({ toolName: name, input: parsed.data } as PlannedCall) : null;
}
