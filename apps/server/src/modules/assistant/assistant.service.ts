// Max's conversations: credits and limits, the tool loop streamed as UI messages, and stored history.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import {
  type ModelMessage,
  type UIMessage,
  type UIMessageChunk,
  createUIMessageStream,
  generateId,
  stepCountIs,
  streamText,
} from "ai";
import {
  ANONYMOUS_CREDITS,
  type AssistantCredits,
  type AssistantMessageEntity,
  type AssistantMessageMetadata,
  type ChatHistory,
  type ResearchResults,
} from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import { NotFoundError } from "../../errors.ts";
import type { RateLimitFactory } from "../../plugins/rate-limit.ts";
import type { ArticlesService } from "../articles/articles.service.ts";
import type { MarketService } from "../market/market.service.ts";
import { excerptOf, proseParagraphs, truncateText } from "../../text/excerpts.ts";
import { markdownToPlainText } from "../../text/plain-text.ts";
import type { SearchService } from "../search/search.types.ts";
import * as repo from "./assistant.repository.ts";
import type { ThreadOwner } from "./assistant.repository.ts";
import {
  FAULT_MESSAGES,
  PROVIDER_MAX_RETRIES,
  type ProviderFault,
  classifyFault,
} from "./assistant.model.ts";
import {
  type ArticleContext,
  fold,
  INJECTION_REFUSAL,
  isInjectionAttempt,
  systemPrompt,
} from "./assistant.prompt.ts";
import { createAssistantTools } from "./assistant.tools.ts";

/** Steps of one answer: tool rounds plus the final text (issue #5: "a step limit"). */
export const MAX_STEPS = 5;
/** Output tokens per step, and the history sent with each question (OWASP LLM10). */
export const MAX_OUTPUT_TOKENS = 1200;
const HISTORY_MESSAGES = 10;
const HISTORY_MESSAGE_CHARS = 4000;
/** Members: messages per window (issue #5: "e.g. 30 messages per 10 minutes"). */
export const MEMBER_MESSAGES = 30;
export const MEMBER_WINDOW_SECONDS = 600;
/** Visitors from one IP address per day, whatever their cookies say. */
export const IP_DAILY_MESSAGES = 20;
/**
 * A visitor's 2 credits renew after three weeks. (The in-memory limiter expires keys with a timer,
 * which cannot be longer than 24.8 days.)
 */
export const VISITOR_CREDIT_WINDOW_SECONDS = 21 * 24 * 3600;
const RESEARCH_PASSAGES = 4;

/** The §6 answer once an anonymous visitor's credits are used. */
export const CREDITS_USED_MESSAGE =
  "Sorry, you have used all your assistant credits. Please [login](/login) to continue using the assistant.";
/** Spec §4/§8: the loop ended without an answer. */
export const NOTHING_FOUND_MESSAGE = "Sorry, I haven't found anything";

export type ChatUIMessage = UIMessage<AssistantMessageMetadata>;

/** Who is asking: a member, or a visitor with the id from their signed cookie and their IP. */
export type Asker = { userId: number } | { visitorId: string; ip: string };

export interface AssistantDependencies {
  db: Db;
  model: LanguageModelV4;
  market: MarketService;
  articles: Pick<ArticlesService, "findBySlug">;
  search: Pick<SearchService, "search">;
  limits: RateLimitFactory;
  now: () => Date;
  siteName: string;
  /** Milliseconds one answer may take, all steps included. */
  timeoutMs: number;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

function ownerOf(asker: Asker): ThreadOwner {
  return "userId" in asker ? { userId: asker.userId } : { visitorId: asker.visitorId };
}

function textOf(parts: ReadonlyArray<{ type: string; text?: string }>): string {
  return parts
    .filter((p) => p.type === "text")
    .map((p) => p.text ?? "")
    .join("")
    .trim();
}

/**
 * The passage of an article that best answers `query`: the prose paragraph holding the most query
 * words (3+ letters), as plain text of at most `max` characters; the article's excerpt when no
 * paragraph mentions any.
 */
export function bestPassage(markdown: string, query: string, max = 400): string {
  const words = fold(query).match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  let best = "";
  let bestScore = 0;
  for (const paragraph of proseParagraphs(markdown)) {
    const text = markdownToPlainText(paragraph);
    const folded = fold(text);
    const score = words.filter((w) => folded.includes(w)).length;
    if (score > bestScore) [best, bestScore] = [text, score];
  }
  return bestScore > 0 ? truncateText(best, max) : excerptOf(markdown, max);
}

/** One chunk sequence writing `text` as its own text part. */
function textChunks(text: string): Array<UIMessageChunk<AssistantMessageMetadata>> {
  const id = generateId();
  return [
    { type: "text-start", id },
    { type: "text-delta", id, delta: text },
    { type: "text-end", id },
  ];
}

/** Wires Max: see each method. */
export function createAssistantService(deps: AssistantDependencies) {
  const k = deps.db.kysely;
  const visitorCredits = deps.limits.create(
    "assistant-visitor",
    ANONYMOUS_CREDITS,
    VISITOR_CREDIT_WINDOW_SECONDS,
  );
  const ipCap = deps.limits.create("assistant-ip", IP_DAILY_MESSAGES, 24 * 3600);
  const memberRate = deps.limits.create("assistant-member", MEMBER_MESSAGES, MEMBER_WINDOW_SECONDS);
  const tools = createAssistantTools({ market: deps.market, searchResearch });

  async function credits(asker: Asker): Promise<AssistantCredits | null> {
    if ("userId" in asker) return null;
    const used = Math.min(ANONYMOUS_CREDITS, await visitorCredits.used(asker.visitorId));
    return { used, limit: ANONYMOUS_CREDITS, remaining: ANONYMOUS_CREDITS - used };
  }

  /**
   * Passages of published research for `query` (the searchResearch tool): the best matches of the
   * publication's search, each with an excerpt around the query and its `/p/{slug}` address.
   */
  async function searchResearch(query: string): Promise<ResearchResults> {
    const hits = await deps.search.search(query, RESEARCH_PASSAGES);
    const articles = await Promise.all(hits.map((h) => deps.articles.findBySlug(h.slug)));
    const passages = articles
      .filter((a) => a !== null)
      .map((a, i) => ({
        n: i + 1,
        title: a.attributes.title,
        slug: a.attributes.slug,
        url: `/p/${a.attributes.slug}`,
        excerpt: bestPassage(a.attributes.content, query),
        publishDate: a.attributes.publishDate,
      }));
    return { query, passages };
  }

  async function articleContext(slug: string | undefined): Promise<ArticleContext | null> {
    if (!slug) return null;
    const article = await deps.articles.findBySlug(slug);
    return article
      ? {
          title: article.attributes.title,
          slug: article.attributes.slug,
          subTitle: article.attributes.subTitle,
        }
      : null;
  }

  /** The thread's recent messages as model input: text only, each capped (OWASP LLM10). */
  async function historyMessages(threadId: number | null): Promise<ModelMessage[]> {
    if (threadId === null) return [];
    const rows = await repo.listThreadMessages(k, threadId, HISTORY_MESSAGES);
    return rows.map((r) => ({
      role: r.is_user ? "user" : "assistant",
      content: r.content.slice(0, HISTORY_MESSAGE_CHARS),
    }));
  }

  /**
   * Counts one message against the asker's allowance. Visitors: 2 credits (spec §6) and an IP
   * cap; false when used up. Members: a rate limit.
   * @throws RateLimitError (429) when a member sends too fast.
   */
  async function spend(asker: Asker): Promise<boolean> {
    if ("userId" in asker) {
      await memberRate.consume(`u:${asker.userId}`);
      return true;
    }
    try {
      await visitorCredits.consume(asker.visitorId);
    } catch {
      return false;
    }
    try {
      await ipCap.consume(asker.ip);
    } catch {
      await visitorCredits.refund(asker.visitorId);
      return false;
    }
    return true;
  }

  async function refund(asker: Asker): Promise<void> {
    if ("userId" in asker) await memberRate.refund(`u:${asker.userId}`);
    else await Promise.all([visitorCredits.refund(asker.visitorId), ipCap.refund(asker.ip)]);
  }

  async function persist(asker: Asker, question: string, answer: ChatUIMessage): Promise<void> {
    const owner = ownerOf(asker);
    const at = deps.now().toISOString();
    const threadId = await repo.openThread(k, owner, at);
    const parts = answer.parts.filter((p) => p.type !== "step-start");
    await repo.insertMessages(k, threadId, "userId" in owner ? owner.userId : null, [
      { isUser: true, content: question, parts: null, createdAt: at },
      { isUser: false, content: textOf(parts), parts, createdAt: at },
    ]);
  }

  return {
    credits,
    searchResearch,

    /**
     * Answers `text` as a UI message stream (AI SDK 7) of one assistant message: the model loop
     * with tools (at most MAX_STEPS steps, MAX_OUTPUT_TOKENS per step, `timeoutMs` in all),
     * metadata with the visitor's credits, and the answer stored with the question when it
     * completes. Faults of the model's provider (after its retries) end the message with a
     * reader-facing text and `metadata.error`; the credit is given back and nothing is stored.
     * An answer without text gets "Sorry, I haven't found anything" (spec §8).
     * @throws RateLimitError (429) when a member sends faster than MEMBER_MESSAGES per window.
     */
    async chat(input: {
      asker: Asker;
      text: string;
      articleSlug?: string;
      signal?: AbortSignal;
    }): Promise<ReadableStream<UIMessageChunk<AssistantMessageMetadata>>> {
      const { asker, text } = input;
      const allowed = await spend(asker);
      const createdAt = deps.now().toISOString();
      const metadata: AssistantMessageMetadata = { createdAt };
      const credit = await credits(asker);
      if (credit) metadata.credits = credit;

      if (!allowed) {
        return createUIMessageStream<ChatUIMessage>({
          execute: ({ writer }) => {
            writer.write({
              type: "start",
              messageId: generateId(),
              messageMetadata: { ...metadata, limited: true },
            });
            for (const chunk of textChunks(CREDITS_USED_MESSAGE)) writer.write(chunk);
            writer.write({ type: "finish" });
          },
        });
      }

      let fault: ProviderFault | null = null;
      return createUIMessageStream<ChatUIMessage>({
        generateId,
        execute: async ({ writer }) => {
          if (isInjectionAttempt(text)) {
            writer.write({ type: "start", messageId: generateId(), messageMetadata: metadata });
            for (const chunk of textChunks(INJECTION_REFUSAL)) writer.write(chunk);
            writer.write({ type: "finish" });
            return;
          }
          const [threadId, article] = await Promise.all([
            repo.findThreadId(k, ownerOf(asker)),
            articleContext(input.articleSlug),
          ]);
          const deadline = AbortSignal.timeout(deps.timeoutMs);
          const result = streamText({
            model: deps.model,
            system: systemPrompt({ siteName: deps.siteName, today: deps.now(), article }),
            messages: [...(await historyMessages(threadId)), { role: "user", content: text }],
            tools,
            stopWhen: stepCountIs(MAX_STEPS),
            maxOutputTokens: MAX_OUTPUT_TOKENS,
            maxRetries: PROVIDER_MAX_RETRIES,
            abortSignal: input.signal ? AbortSignal.any([input.signal, deadline]) : deadline,
            onError: ({ error }) => {
              fault ??= classifyFault(error);
              deps.log.warn({ err: error, fault }, "assistant model call failed");
            },
          });
          const answer = result.toUIMessageStream<ChatUIMessage>({
            generateMessageId: generateId,
            sendFinish: false,
            messageMetadata: ({ part }) => (part.type === "start" ? metadata : undefined),
            // Tool errors go back to the model as tool results (it answers from them); only
            // failures of the model call itself are faults, set by streamText's onError above.
            redactToolErrors: false,
          });
          let wroteText = false;
          for await (const chunk of answer) {
            if (chunk.type === "error") continue;
            if (chunk.type === "text-delta" && chunk.delta.trim()) wroteText = true;
            writer.write(chunk);
          }
          if (deadline.aborted) fault = "timeout";
          // The reader left mid-answer: nothing is stored and the credit is given back.
          else if (input.signal?.aborted) fault ??= "unavailable";
          if (fault) {
            for (const chunk of textChunks(FAULT_MESSAGES[fault])) writer.write(chunk);
            writer.write({
              type: "message-metadata",
              messageMetadata: { ...metadata, error: fault },
            });
          } else if (!wroteText) {
            for (const chunk of textChunks(NOTHING_FOUND_MESSAGE)) writer.write(chunk);
          }
          writer.write({ type: "finish" });
        },
        onError: (error) => {
          fault ??= classifyFault(error);
          deps.log.error({ err: error }, "assistant answer failed");
          return FAULT_MESSAGES[fault];
        },
        onEnd: async ({ responseMessage }) => {
          try {
            if (fault) await refund(asker);
            else await persist(asker, text, responseMessage);
          } catch (error) {
            deps.log.error({ err: error }, "assistant answer could not be stored");
          }
        },
      });
    },

    /** The asker's stored thread as UI messages, oldest first, and their credits (spec §4 Thread). */
    async history(asker: Asker): Promise<ChatHistory> {
      const threadId = await repo.findThreadId(k, ownerOf(asker));
      const rows = threadId === null ? [] : await repo.listThreadMessages(k, threadId, 200);
      return {
        data: {
          messages: rows.map((r) => ({
            id: String(r.id),
            role: r.is_user ? "user" : "assistant",
            parts: r.parts
              ? (JSON.parse(r.parts) as unknown[])
              : [{ type: "text", text: r.content }],
            metadata: { createdAt: r.created_at },
          })),
          credits: await credits(asker),
        },
      };
    },

    /** Spec §4 Clear history: deletes the asker's thread and its messages (credits stay spent). */
    async clearHistory(asker: Asker): Promise<void> {
      await repo.deleteThread(k, ownerOf(asker));
    },

    /** Spec §7 POST /api/assistant-messages: appends a text message to the member's thread. */
    async saveMessage(
      userId: number,
      message: { isUser: boolean; content: string },
    ): Promise<AssistantMessageEntity> {
      const at = deps.now().toISOString();
      const threadId = await repo.openThread(k, { userId }, at);
      const [id] = await repo.insertMessages(k, threadId, userId, [
        { ...message, parts: null, createdAt: at },
      ]);
      return { id: id!, attributes: { ...message, createdAt: at } };
    },

    /** Spec §7 GET /api/assistant-messages: the member's own messages, oldest first. */
    async listMessages(userId: number, page: { page: number; pageSize: number }) {
      const { rows, total } = await repo.listMemberMessages(k, userId, {
        offset: (page.page - 1) * page.pageSize,
        limit: page.pageSize,
      });
      return {
        data: rows.map((r): AssistantMessageEntity => ({
          id: r.id,
          attributes: { isUser: r.is_user === 1, content: r.content, createdAt: r.created_at },
        })),
        meta: {
          pagination: {
            page: page.page,
            pageSize: page.pageSize,
            pageCount: Math.ceil(total / page.pageSize),
            total,
          },
        },
      };
    },

    /**
     * Spec §7 DELETE /api/assistant-messages/{id}.
     * @throws NotFoundError when the message does not exist or is not the member's (no hint which).
     */
    async deleteMessage(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteMemberMessage(k, userId, id))) throw new NotFoundError();
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
