// Max with a real OpenAI-compatible provider (LLM_*): the provider code against a loopback server
// speaking the chat-completions protocol — streamed text, streamed tool calls, retries, timeouts.
import { once } from "node:events";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TokenData } from "@pragmatist/contracts";
import { buildApp } from "../../app.ts";
import { withTestApp } from "../../testing/app.ts";
import { freshDb, testConfig } from "../../testing/db.ts";
import { startFakeCoinGecko } from "../../testing/fake-coingecko.ts";
import { readAnswer } from "../../testing/ui-stream.ts";
import { FAULT_MESSAGES } from "./assistant.model.ts";
import { VISITOR_COOKIE } from "./assistant.routes.ts";

interface ChatCompletionRequest {
  model: string;
  stream: boolean;
  messages: Array<{ role: string; content: unknown; tool_calls?: unknown[] }>;
  tools?: Array<{ type: string; function: { name: string; description: string } }>;
  max_tokens?: number;
}

type Handler = (body: ChatCompletionRequest, res: ServerResponse) => void;

/** One streamed chat.completion.chunk per delta, then usage, then [DONE]. */
function sse(res: ServerResponse, deltas: object[], finishReason: string) {
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

const streamText = (res: ServerResponse, text: string) =>
  sse(
    res,
    text.split(/(?<= )/).map((w, i) => (i ? { content: w } : { role: "assistant", content: w })),
    "stop",
  );

describe("Max with an OpenAI-compatible provider", () => {
  let requests: Array<{ headers: IncomingMessage["headers"]; body: ChatCompletionRequest }>;
  let handlers: Handler[];
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
      LLM_TIMEOUT_MS: "1500",
    },
  }));
  beforeEach(() => {
    requests = [];
    handlers = [];
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

  it("streams the provider's text, sending the key, model, tools and token cap", async () => {
    handlers.push((_body, res) => streamText(res, "Bitcoin is the first cryptocurrency."));
    const answer = await readAnswer((await ask("What is Bitcoin?")).body);
    expect(answer.text).toBe("Bitcoin is the first cryptocurrency.");
    // Several text deltas arrived: the answer streamed rather than arriving in one piece.
    expect(answer.chunks.filter((c) => c.type === "text-delta").length).toBeGreaterThan(3);
    const { headers, body } = requests[0]!;
    expect(headers.authorization).toBe("Bearer sk-test-secret-key");
    expect(body.model).toBe("test-model");
    expect(body.stream).toBe(true);
    expect(body.max_tokens).toBeGreaterThan(0);
    expect(body.tools?.map((t) => t.function.name).sort()).toEqual([
      "getNewTokens",
      "getOhlc",
      "getTokenData",
      "getTrendingTokens",
      "searchResearch",
    ]);
    expect(body.messages[0]).toMatchObject({ role: "system" });
    expect(body.messages.at(-1)).toMatchObject({ role: "user", content: "What is Bitcoin?" });
  });

  it("runs streamed tool calls and sends their results back to the provider", async () => {
    handlers.push((_body, res) =>
      sse(
        res,
        [
          {
            role: "assistant",
            tool_calls: [
              {
                index: 0,
                id: "call_1",
                type: "function",
                function: { name: "getTokenData", arguments: "" },
              },
            ],
          },
          { tool_calls: [{ index: 0, function: { arguments: '{"query":' } }] },
          { tool_calls: [{ index: 0, function: { arguments: '"solana"}' } }] },
        ],
        "tool_calls",
      ),
    );
    handlers.push((body, res) => {
      const result = body.messages.find((m) => m.role === "tool");
      const data = JSON.parse(String(result?.content)) as TokenData;
      streamText(res, `Solana is ranked ${data.rank} as of ${data.asOf}.`);
    });
    const answer = await readAnswer((await ask("Key market stats for Solana")).body);
    const tool = answer.message.parts.find((p) => p.type === "tool-getTokenData") as
      { input: unknown; output: TokenData } | undefined;
    expect(tool?.input).toEqual({ query: "solana" });
    expect(tool?.output.name).toBe("Solana");
    expect(answer.text).toBe(`Solana is ranked ${tool!.output.rank} as of ${tool!.output.asOf}.`);
    expect(requests).toHaveLength(2);
    expect(
      requests[1]!.body.messages.some((m) => m.role === "assistant" && m.tool_calls?.length),
    ).toBe(true);
  });

  it("retries a 429, honouring retry-after, then answers", async () => {
    handlers.push((_body, res) =>
      res
        .writeHead(429, { "content-type": "application/json", "retry-after": "0" })
        .end(JSON.stringify({ error: { message: "Rate limit reached", type: "rate_limit" } })),
    );
    handlers.push((_body, res) => streamText(res, "Back again."));
    const answer = await readAnswer((await ask("Trending tokens?")).body);
    expect(answer.text).toBe("Back again.");
    expect(requests).toHaveLength(2);
  });

  it("gives up after 2 retries of a 5xx with a message the reader can retry, and refunds the credit", async () => {
    for (let i = 0; i < 3; i++) {
      handlers.push((_body, res) =>
        res
          .writeHead(503, { "content-type": "application/json", "retry-after-ms": "10" })
          .end(JSON.stringify({ error: { message: "overloaded" } })),
      );
    }
    const res = await ask("New tokens?");
    const answer = await readAnswer(res.body);
    expect(requests).toHaveLength(3);
    expect(answer.text).toBe(FAULT_MESSAGES.unavailable);
    expect(answer.message.metadata?.error).toBe("unavailable");
    // The failed answer cost the visitor nothing and was not stored.
    const cookie = res.cookies.find((c) => c.name === VISITOR_COOKIE)!;
    const history = await ctx.app.inject({
      url: "/api/assistant/history",
      headers: { cookie: `${VISITOR_COOKIE}=${cookie.value}` },
    });
    expect(history.json()).toMatchObject({
      data: { messages: [], credits: { used: 0, remaining: 2 } },
    });
  });

  it("times out a provider that does not answer, with 'Request timed out.'", async () => {
    handlers.push(() => {
      /* never answers */
    });
    const started = Date.now();
    const answer = await readAnswer((await ask("Bitcoin price history for 30 days")).body);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer.text).toBe(FAULT_MESSAGES.timeout);
    expect(answer.text.startsWith("Request timed out.")).toBe(true);
    expect(answer.message.metadata?.error).toBe("timeout");
    expect(requests).toHaveLength(1);
  });

  it("survives a connection refused", async () => {
    const refused = await buildApp(
      testConfig({ LLM_BASE_URL: "http://127.0.0.1:9/v1", LLM_MODEL: "test-model" }),
      { db: ctx.db, logger: false },
    );
    try {
      const res = await refused.inject({
        method: "POST",
        url: "/api/assistant/chat",
        payload: { text: "Hello Max" },
        remoteAddress: "10.56.0.1",
      });
      const answer = await readAnswer(res.body);
      expect(answer.message.metadata?.error).toBe("unavailable");
    } finally {
      await refused.close();
    }
  });
});

describe("Max with both a provider and CoinGecko configured", () => {
  it("answers a token question from live CoinGecko data through the provider's tool call", async () => {
    const coingecko = await startFakeCoinGecko();
    const requests: ChatCompletionRequest[] = [];
    const llm = createServer(async (req, res) => {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const body = JSON.parse(raw) as ChatCompletionRequest;
      requests.push(body);
      const result = body.messages.find((m) => m.role === "tool");
      if (!result) {
        sse(
          res,
          [
            {
              role: "assistant",
              tool_calls: [
                {
                  index: 0,
                  id: "call_btc",
                  type: "function",
                  function: { name: "getTokenData", arguments: '{"query":"bitcoin"}' },
                },
              ],
            },
          ],
          "tool_calls",
        );
        return;
      }
      const data = JSON.parse(String(result.content)) as TokenData;
      streamText(res, `${data.name}: $${data.priceUsd} (as of ${data.asOf}, ${data.source}).`);
    });
    llm.listen(0, "127.0.0.1");
    await once(llm, "listening");
    const db = await freshDb("sqlite");
    const app = await buildApp(
      testConfig({
        LLM_BASE_URL: `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`,
        LLM_MODEL: "test-model",
        COINGECKO_API_KEY: "CG-demo-key",
        COINGECKO_PLAN: "demo",
        COINGECKO_BASE_URL: coingecko.baseUrl,
      }),
      { db, logger: false },
    );
    try {
      const res = await app.inject({
        method: "POST",
        url: "/api/assistant/chat",
        payload: { text: "Key market stats for Bitcoin" },
        remoteAddress: "10.57.0.1",
      });
      const answer = await readAnswer(res.body);
      const tool = answer.message.parts.find((p) => p.type === "tool-getTokenData") as
        { output: TokenData } | undefined;
      expect(tool?.output).toMatchObject({ id: "bitcoin", source: "coingecko", stale: false });
      expect(answer.text).toBe(
        `Bitcoin: $${tool!.output.priceUsd} (as of ${tool!.output.asOf}, coingecko).`,
      );
      // The live API was asked, with the demo key in its header (never in the answer).
      expect(coingecko.count("/search")).toBe(1);
      expect(coingecko.last("/coins/markets")?.headers["x-cg-demo-api-key"]).toBe("CG-demo-key");
      expect(res.body).not.toContain("CG-demo-key");
      expect(requests).toHaveLength(2);
    } finally {
      await app.close();
      await db.close();
      llm.closeAllConnections();
      llm.close();
      await coingecko.close();
    }
  });
});
