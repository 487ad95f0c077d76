// Assistant contract: Max's tools, the chat endpoint and the stored messages
// (docs/product/data.md#entity-assistant-message, docs/product/max.md#assistant-thread,
// docs/product/max.md#assistant-credits, docs/product/api.md#api-assistant). The web
// imports these as types only, so zod stays out of the browser bundle.
import { z } from "zod";
import {
  MARKET_RANKINGS,
  type MarketRanking,
  type NewTokens,
  type Ohlc,
  type TokenData,
  type TrendingTokens,
} from "./market.ts";
import type { MarketResult } from "./market-values.ts";
import { MAX_QUERY_LENGTH } from "./pagination.ts";

/**
 * Free messages for an anonymous visitor (docs/product/max.md#assistant-credits: "shown as n / 2").
 */
export const ANONYMOUS_CREDITS = 2;
/**
 * The assistant ignores input of 1 character or fewer (docs/product/data.md#validation-content);
 * the longest question we take.
 */
export const QUESTION_MIN = 2;
/** The longest question we take: 2,000 characters. */
export const QUESTION_MAX = 2000;

/**
 * What getOhlc's `days` accepts, as the error a model reads when it sends anything else (the AI
 * SDK returns a failed input check to the model as the call's result, so it can call again).
 */
const OHLC_DAYS_RULE = 'days must be a whole number from 1 to 365, or "max" for the whole history';

/** The tools Max may call (docs/product/max.md#max-tools, plus our research search). */
export const assistantToolInputs = {
  getTokenData: z.object({
    query: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .describe("The coin's name, ticker symbol or CoinGecko id, e.g. 'solana', 'SOL', 'bitcoin'."),
  }),
  getNewTokens: z.object({}),
  getTrendingTokens: z.object({}),
  getOhlc: z.object({
    query: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .describe("The coin's name, ticker symbol or CoinGecko id."),
    days: z
      .union(
        [
          z.number().int(OHLC_DAYS_RULE).min(1, OHLC_DAYS_RULE).max(365, OHLC_DAYS_RULE),
          z.literal("max", OHLC_DAYS_RULE),
        ],
        { error: OHLC_DAYS_RULE },
      )
      .describe(
        "How many days of candles, counted back from the newest: a number from 1 to 365 " +
          "(served as the smallest of 1, 7, 14, 30, 90, 180, 365 that covers it), or 'max' " +
          "for the whole history there is (the result's `days` then says how long it was).",
      ),
    from: z.iso
      .date()
      .optional()
      .describe(
        "A calendar period asked about ('in Q1 2025'): only the candles from this day on " +
          "(YYYY-MM-DD, UTC), with `days` covering it ('max' for a period before the last year).",
      ),
    to: z.iso
      .date()
      .optional()
      .describe("The end of that period: only the candles before this day (YYYY-MM-DD, UTC)."),
  }),
  getMarket: z.object({
    by: z
      .enum(MARKET_RANKINGS)
      .describe(
        "What to rank by: marketCap, volume (24 h), or the price change over 24 h, 7 d or 30 d " +
          "(change24h, change7d, change30d).",
      ),
    order: z
      .enum(["desc", "asc"])
      .default("desc")
      .describe("desc: largest first (the top, the gainers); asc: smallest first (the losers)."),
    limit: z.number().int().min(1).max(25).default(10).describe("How many coins, 1 to 25."),
    from: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(1)
      .describe("The first position to return (1-based): 2 with limit 1 is the second largest."),
  }),
  searchResearch: z.object({
    query: z
      .string()
      .trim()
      .min(2)
      .max(MAX_QUERY_LENGTH)
      .describe("Keywords for the publication's own research articles, e.g. 'rollups data'."),
    sides: z
      .array(z.string().trim().min(1).max(100))
      .length(2)
      .optional()
      .describe(
        "For a question on the difference between two things ('proof of stake vs proof of " +
          "work'), the two things as keywords: each is then found and explained, with what sets " +
          "them apart, even where they have articles of their own.",
      ),
    slug: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe(
        "The slug of the article in context, to summarise it or quote its key points: the " +
          "passages are then that article's opening and sections, in order.",
      ),
  }),
} as const;

/** The name of one of Max's tools. */
export type AssistantToolName = keyof typeof assistantToolInputs;

/** One passage of our research, numbered for citation as [n] with a link to /p/{slug}. */
export interface ResearchPassage {
  n: number;
  title: string;
  slug: string;
  /** Site-relative article address, `/p/{slug}`. */
  url: string;
  /** Plain-text passage: whole sentences of the section that matches, at most ~600 characters. */
  excerpt: string;
  /**
   * The heading of the section the passage comes from; null for the article's opening (absent in
   * answers stored before it existed).
   */
  section?: string | null;
  /** ISO 8601 publish date. */
  publishDate: string;
}

/**
 * The research tool's result: the query and the passages found, best first, or, with `order:
 * "newest"`, the issues of the series the query asked the latest of, newest first
 * (docs/product/max.md#max-research).
 */
export interface ResearchResults {
  query: string;
  /**
   * The two things a "difference between A and B" search set side by side, when it was asked
   * with them: the first passages then say what each is and how they differ
   * (docs/product/max.md#max-research).
   */
  sides?: string[];
  /** How the passages are ordered; absent in answers stored before it existed (relevance). */
  order?: "relevance" | "newest";
  passages: ResearchPassage[];
  /**
   * Present while the server is still reading the library after a start: the passages come from
   * the `indexed` articles read so far, of `total` (docs/product/max.md#max-research).
   */
  warming?: { indexed: number; total: number };
}

/** What each tool returns (its output in a UI message's tool part). */
export interface AssistantToolOutputs {
  getTokenData: MarketResult<TokenData>;
  getNewTokens: MarketResult<NewTokens>;
  getTrendingTokens: MarketResult<TrendingTokens>;
  getOhlc: MarketResult<Ohlc>;
  getMarket: MarketResult<MarketRanking>;
  searchResearch: ResearchResults;
}

/**
 * Credits as shown to an anonymous visitor: `remaining / limit`
 * (docs/product/max.md#assistant-credits).
 */
export interface AssistantCredits {
  used: number;
  limit: number;
  remaining: number;
}

/**
 * Metadata on each assistant UI message. `credits` is present for anonymous visitors only;
 * `limited` marks the "used all your assistant credits" answer
 * (docs/product/max.md#assistant-credits); `error` marks a provider fault the reader can retry.
 */
export interface AssistantMessageMetadata {
  createdAt?: string;
  credits?: AssistantCredits;
  limited?: boolean;
  error?: "timeout" | "rate_limited" | "unavailable";
}

/**
 * POST /api/assistant/chat body. The server keeps the history; the client sends only the new
 * question (and, from an article page, its slug as context). The answer is an AI SDK UI message
 * stream (server-sent events).
 */
export const chatRequestSchema = z.object({
  text: z.string().trim().min(QUESTION_MIN).max(QUESTION_MAX),
  articleSlug: z.string().max(200).optional(),
});
/** The body of `POST /api/assistant/chat` (`chatRequestSchema`). */
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** A stored message as the chat screen restores it (AI SDK UIMessage-compatible). */
export interface ChatHistoryMessage {
  id: string;
  role: "user" | "assistant";
  /** UI message parts: `{ type: "text", text }` and tool parts with their outputs. */
  parts: unknown[];
  metadata?: AssistantMessageMetadata;
}

/** GET /api/assistant/history: the caller's thread (member: by account; visitor: by cookie). */
export interface ChatHistory {
  data: {
    messages: ChatHistoryMessage[];
    /** null for members (unlimited). */
    credits: AssistantCredits | null;
  };
}

/**
 * The old client's stored-message shape (`/api/assistant-messages`,
 * docs/product/data.md#entity-assistant-message, docs/product/api.md#api-assistant), Strapi v4
 * style.
 */
export const assistantMessageInputSchema = z.object({
  data: z.object({
    isUser: z.boolean(),
    content: z.string().min(1).max(20_000),
    /** Ignored if given: a message always belongs to the member who saves it. */
    user: z.unknown().optional(),
  }),
});

/** A stored message as `/api/assistant-messages` answers it, Strapi v4 style. */
export interface AssistantMessageEntity {
  id: number;
  attributes: { isUser: boolean; content: string; createdAt: string };
}
