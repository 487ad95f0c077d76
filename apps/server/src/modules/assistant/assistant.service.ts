// Max's conversations: credits and limits, the tool loop streamed as UI messages, and stored history.
import type { AssistantMessageEntity, ChatHistory } from "@pragmatist/contracts";
import { type ChatInput, chat } from "./assistant.chat.ts";
import { createAllowance } from "./assistant.credits.ts";
import { deleteMessage, listMessages, saveMessage } from "./assistant.messages.ts";
import { createResearchSearch } from "./assistant.research.ts";
import { clearHistory, history } from "./assistant.threads.ts";
import { createAssistantTools } from "./assistant.tools.ts";
import type { Asker, AssistantDependencies } from "./assistant.types.ts";

export {
  CREDITS_USED_MESSAGE,
  MAX_OUTPUT_TOKENS,
  MAX_STEPS,
  NOTHING_FOUND_MESSAGE,
} from "./assistant.chat.ts";
export { MEMBER_MESSAGES } from "./assistant.credits.ts";
export type { Asker, AssistantDependencies, ChatUIMessage } from "./assistant.types.ts";

/**
 * Wires Max: allowances (assistant.credits.ts), research search (assistant.research.ts), the chat
 * turn (assistant.chat.ts), the thread (assistant.threads.ts) and the old client's messages API
 * (assistant.messages.ts, docs/product/api.md#api-assistant). See each method.
 */
export function createAssistantService(deps: AssistantDependencies) {
  const k = deps.db.kysely;
  const allowance = createAllowance(deps.limits);
  const research = createResearchSearch(deps.articles);
  const tools = createAssistantTools({ market: deps.market, searchResearch: research });
  const chatContext = { deps, k, allowance, tools };

  return {
    /** A visitor's credits (used, limit, remaining); null for a member. */
    credits: allowance.credits,
    /** Passages of published research for a query (the searchResearch tool), numbered from 1. */
    searchResearch: research,

    /**
     * Answers `text` as a UI message stream of one assistant message (assistant.chat.ts `chat`).
     * @throws RateLimitError (429) when a member sends faster than MEMBER_MESSAGES per window.
     */
    chat: (input: ChatInput) => chat(chatContext, input),

    /**
     * The asker's stored thread as UI messages, oldest first, and their credits
     * (docs/product/max.md#assistant-thread).
     */
    history: (asker: Asker): Promise<ChatHistory> => history(k, asker, allowance.credits),

    /**
     * Clear history (docs/product/max.md#assistant-clear-history): deletes the asker's thread and
     * its messages (credits stay spent).
     */
    clearHistory: (asker: Asker): Promise<void> => clearHistory(k, asker),

    /**
     * POST /api/assistant-messages (docs/product/api.md#api-assistant): appends a text message to
     * the member's thread.
     */
    saveMessage: (
      userId: number,
      message: { isUser: boolean; content: string },
    ): Promise<AssistantMessageEntity> => saveMessage(k, deps.now().toISOString(), userId, message),

    /**
     * GET /api/assistant-messages (docs/product/api.md#api-assistant): the member's own messages,
     * oldest first.
     */
    listMessages: (userId: number, page: { page: number; pageSize: number }) =>
      listMessages(k, userId, page),

    /**
     * DELETE /api/assistant-messages/{id} (docs/product/api.md#api-assistant).
     * @throws NotFoundError when the message does not exist or is not the member's (no hint which).
     */
    deleteMessage: (userId: number, id: number): Promise<void> => deleteMessage(k, userId, id),
  };
}

/** Max's service as services.ts wires it and the routes call it. */
export type AssistantService = ReturnType<typeof createAssistantService>;
