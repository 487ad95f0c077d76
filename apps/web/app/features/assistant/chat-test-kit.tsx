// Test kit for the chat's component tests: a stand-in for the server's assistant routes (fetch
// replaced by a vi.fn answering with real AI SDK UI message streams, as assistant.routes.ts does)
// and the chat rendered in a router whose root loader gives the viewer. Imported by tests only.
import type {
  AssistantCredits,
  AssistantMessageMetadata,
  ChatHistory,
  OwnUser,
} from "@pragmatist/contracts";
import { createUIMessageStream, createUIMessageStreamResponse } from "ai";
import { vi } from "vitest";
import { loginStandIn, renderRoute } from "../../../test/route-test-kit.tsx";
import { AssistantChat } from "./assistant-chat.tsx";

/** A member as the root loader gives them (the fields the chat reads). */
export const member = {
  id: 7,
  username: "Maya Okafor",
  email: "maya@example.com",
  role: "member",
  createdAt: "2024-01-01T00:00:00.000Z",
  profilePicture: null,
} as unknown as OwnUser;

/** A visitor's credits with `remaining` of the 2 left (docs/product/max.md#assistant-credits). */
export function credits(remaining: number): AssistantCredits {
  return { used: 2 - remaining, limit: 2, remaining };
}

let answerCount = 0;

/** A tool call of an answer: the tool, its input and its output (a UI message tool part). */
export interface AnswerTool {
  toolName: string;
  input: unknown;
  output: unknown;
}

/**
 * POST /api/assistant/chat's answer as the server streams it (apps/server/src/modules/assistant/assistant.chat.ts): a
 * start chunk with `metadata`, the `tools` called (input, then output), the text, with `fault`
 * the metadata again with `error`, then finish; sent as server-sent events by the AI SDK's own
 * createUIMessageStreamResponse.
 */
export function streamedAnswer(
  text: string,
  metadata: AssistantMessageMetadata = {},
  fault?: AssistantMessageMetadata["error"],
  tools: AnswerTool[] = [],
): Response {
  const id = `answer-${++answerCount}`;
  const stream = createUIMessageStream({
    execute: ({ writer }) => {
      writer.write({ type: "start", messageId: id, messageMetadata: metadata });
      tools.forEach(({ toolName, input, output }, i) => {
        const toolCallId = `${id}-call-${i}`;
        writer.write({ type: "tool-input-available", toolCallId, toolName, input });
        writer.write({ type: "tool-output-available", toolCallId, output });
      });
      writer.write({ type: "text-start", id: `${id}-text` });
      writer.write({ type: "text-delta", id: `${id}-text`, delta: text });
      writer.write({ type: "text-end", id: `${id}-text` });
      if (fault) {
        writer.write({ type: "message-metadata", messageMetadata: { ...metadata, error: fault } });
      }
      writer.write({ type: "finish" });
    },
  });
  return createUIMessageStreamResponse({ stream });
}

/** A refusal before streaming: `status` with the server's Strapi-style error body. */
export function refusal(status: number, error: object): Response {
  return new Response(JSON.stringify({ error: { status, ...error } }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** What the stand-in server was asked: the chat requests' bodies, in order. */
export interface ChatServer {
  fetch: ReturnType<typeof vi.fn>;
  questions: () => Array<{ text: string; articleSlug?: string }>;
}

/**
 * Replaces `fetch` with a vi.fn serving GET /api/assistant/history (an empty thread with
 * `historyCredits`) and POST /api/assistant/chat, each request answered by the next of `answers`.
 * @throws Error (rejected fetch) for any other request or when the answers run out.
 */
export function startChatServer(
  historyCredits: AssistantCredits | null,
  answers: Array<() => Response>,
): ChatServer {
  const history: ChatHistory = { data: { messages: [], credits: historyCredits } };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    if (url === "/api/assistant/history" && method === "GET") {
      return new Response(JSON.stringify(history), {
        headers: { "content-type": "application/json" },
      });
    }
    const next = url === "/api/assistant/chat" && method === "POST" ? answers.shift() : undefined;
    if (!next) throw new Error(`unexpected request: ${method} ${url}`);
    return next();
  });
  vi.stubGlobal("fetch", fetch);
  const questions = () =>
    fetch.mock.calls
      .filter(([input]) => String(input) === "/api/assistant/chat")
      .map(([, init]) => JSON.parse(String(init?.body)) as { text: string; articleSlug?: string });
  return { fetch, questions };
}

/**
 * Renders the chat at /assistant under a root route whose loader gives `viewer` (null: an
 * anonymous visitor), with a /login page saying "Sign-in page, then {next}".
 */
export function renderChat(viewer: OwnUser | null) {
  return renderRoute(<AssistantChat siteName="Pragmatist" article={null} />, {
    path: "assistant",
    at: "/assistant",
    routes: [loginStandIn],
    viewer,
  });
}
