// Max's chat session: the AI SDK chat over POST /api/assistant/chat (an AI SDK UI message stream,
// docs/product/max.md#assistant-conversation), whose request carries the new question only and the
// article's slug.
import { type UseChatHelpers, useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { useMemo, useRef } from "react";
import { isProcessing, lastQuestion, type MaxMessage } from "./chat-rules.ts";

/** The streamed chat endpoint (server-sent events, see apps/server's assistant.routes.ts). */
const CHAT_URL = "/api/assistant/chat";

/**
 * The parts of the AI SDK chat the screen uses, and `processing`: true from a send until the
 * answer has streamed (docs/product/max.md#assistant-conversation, see `isProcessing`).
 */
export type ChatSession = Pick<
  UseChatHelpers<MaxMessage>,
  | "messages"
  | "setMessages"
  | "sendMessage"
  | "regenerate"
  | "stop"
  | "status"
  | "error"
  | "clearError"
> & { processing: boolean };

/**
 * The chat with Max. Each request's body is `{ text, articleSlug? }`: the newest question (the
 * server keeps the thread) and, when the reader came from an article, its slug as read at send
 * time (`articleSlug` may change while the transport lives).
 */
export function useChatSession(articleSlug: string | undefined): ChatSession {
  const slug = useRef(articleSlug);
  slug.current = articleSlug;
  const transport = useMemo(
    () =>
      new DefaultChatTransport<MaxMessage>({
        api: CHAT_URL,
        prepareSendMessagesRequest: ({ messages }) => ({
          body: {
            text: lastQuestion(messages),
            ...(slug.current ? { articleSlug: slug.current } : {}),
          },
        }),
      }),
    [],
  );
  const { messages, setMessages, sendMessage, regenerate, stop, status, error, clearError } =
    useChat<MaxMessage>({ id: "max", transport });
  return {
    messages,
    setMessages,
    sendMessage,
    regenerate,
    stop,
    status,
    error,
    clearError,
    processing: isProcessing(status),
  };
}
