// Test kit for Max with a real OpenAI-compatible provider (LLM_*): a loopback server speaking the
// chat-completions protocol (streamed chunks, tool calls), and an app pointed at it. Tests only.
import { once } from "node:events";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { withTestApp } from "../../testing/app.ts";

/** A chat-completions request as the provider code sends it (the fields the tests read). */
export interface ChatCompletionRequest {
  model: string;
  stream: boolean;
  messages: Array<{
    role: string;
    content: unknown;
    tool_calls?: unknown[];
    tool_call_id?: string;
  }>;
  tools?: Array<{
    type: string;
    function: { name: string; description: string; parameters: unknown };
  }>;
  max_tokens?: number;
}

/** Answers one chat-completions request. */
export type Handler = (body: ChatCompletionRequest, res: ServerResponse) => void;

/** One streamed chat.completion.chunk per delta, then usage, then [DONE]. */
export function sse(res: ServerResponse, deltas: object[], finishReason: string) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  const base = {
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "test-model",
  };
  for (const delta of deltas) {
    res.write(
      `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`,
    );
  }
  res.write(
    `data: ${JSON.stringify({
      ...base,
      choices: [{ index: 0, delta: {}, finish_reason: finishReason }],
      usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
    })}\n\n`,
  );
  res.end("data: [DONE]\n\n");
}

/** Streams `text` a word per chunk and stops. */
export const streamText = (res: ServerResponse, text: string) =>
  sse(
    res,
    text.split(/(?<= )/).map((w, i) => (i ? { content: w } : { role: "assistant", content: w })),
    "stop",
  );

/** One function call the provider asks for: its id, the tool, its arguments as JSON text. */
export interface ProviderToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Streams `calls` as one assistant turn, as OpenAI does: each call opened with its index, id and
 * name, its arguments following in two pieces, then finish_reason "tool_calls".
 */
export function streamToolCalls(res: ServerResponse, calls: ProviderToolCall[]) {
  const deltas = calls.flatMap((c, index) => {
    const half = Math.ceil(c.arguments.length / 2);
    return [
      {
        ...(index === 0 ? { role: "assistant" } : {}),
        tool_calls: [
          { index, id: c.id, type: "function", function: { name: c.name, arguments: "" } },
        ],
      },
      { tool_calls: [{ index, function: { arguments: c.arguments.slice(0, half) } }] },
      { tool_calls: [{ index, function: { arguments: c.arguments.slice(half) } }] },
    ];
  });
  sse(res, deltas, "tool_calls");
}

/** The tool results a request carries, by call id: the `content` of each `tool` message. */
export function toolResults(body: ChatCompletionRequest): Map<string, string> {
  return new Map(
    body.messages
      .filter((m) => m.role === "tool")
      .map((m) => [m.tool_call_id ?? "", String(m.content)]),
  );
}

/**
 * Registers, in the calling describe block, a loopback chat-completions server and an app whose
 * LLM_* settings point at it (key "sk-test-secret-key", model "test-model", LLM_TIMEOUT_MS
 * `timeoutMs`). Each request is answered by the next of `handlers` (500 when none is left) and
 * recorded in `requests`; both are emptied before each test. `ask` posts a question from a new IP
 * address.
 * @param timeoutMs the whole answer's deadline: by default a minute, which no answer scripted by
 *   `handlers` comes near however loaded the machine (retries included); a test of the timeout
 *   itself gives a short one, which it waits for.
 */
export function withLoopbackProvider({ timeoutMs = 60_000 }: { timeoutMs?: number } = {}) {
  const requests: Array<{ headers: IncomingMessage["headers"]; body: ChatCompletionRequest }> = [];
  const handlers: Handler[] = [];
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw) as ChatCompletionRequest;
    requests.push({ headers: req.headers, body });
    const handler = handlers.shift();
    if (!handler) {
      res.writeHead(500).end("no handler scripted");
      return;
    }
    if (req.url !== "/v1/chat/completions") {
      res.writeHead(404).end();
      return;
    }
    handler(body, res);
  });

  beforeAll(async () => {
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  // After the server's hooks: built once it listens, closed before it stops.
  const ctx = withTestApp("sqlite", () => ({
    config: {
      LLM_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      LLM_API_KEY: "sk-test-secret-key",
      LLM_MODEL: "test-model",
      LLM_TIMEOUT_MS: String(timeoutMs),
    },
  }));
  beforeEach(() => {
    requests.length = 0;
    handlers.length = 0;
  });

  let ip = 0;
  const ask = (text: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/assistant/chat",
      payload: { text },
      headers,
      remoteAddress: `10.55.0.${++ip}`,
    });

  return { ctx, requests, handlers, ask };
}
