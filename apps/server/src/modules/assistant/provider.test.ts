// Max with a real OpenAI-compatible provider (LLM_*): the provider code against a loopback server
// speaking the chat-completions protocol — streamed text, streamed tool calls, retries, timeouts.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { MarketError, Ohlc, TokenData } from "@pragmatist/contracts";
import { buildApp } from "../../app.ts";
import { freshDb, testConfig } from "../../testing/db.ts";
import { startFakeCoinGecko } from "../../testing/fake-coingecko.ts";
import { hasCoinGeckoCaptures, needs, noteSkipped } from "../../testing/shared-data.ts";
import { readAnswer } from "../../testing/ui-stream.ts";
import { FAULT_MESSAGES } from "./assistant.model.ts";
import { VISITOR_COOKIE } from "./assistant.routes.ts";
import {
  type ChatCompletionRequest,
  sse,
  streamText,
  streamToolCalls,
  toolResults,
  withLoopbackProvider,
} from "./provider.test-kit.ts";

describe("Max with an OpenAI-compatible provider", () => {
  const { ctx, requests, handlers, ask } = withLoopbackProvider();

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
      "getMarket",
      "getNewTokens",
      "getOhlc",
      "getTokenData",
      "getTrendingTokens",
      "searchResearch",
    ]);
    // Any model is told how to date every market result and what getOhlc's days may be.
    for (const t of body.tools!.filter((t) => t.function.name !== "searchResearch")) {
      expect(t.function.description, t.function.name).toMatch(/`asOf`.*`source`/);
    }
    const ohlc = body.tools!.find((t) => t.function.name === "getOhlc")!.function;
    expect(ohlc.parameters).toMatchObject({
      properties: {
        days: {
          anyOf: [
            { type: "integer", minimum: 1, maximum: 365 },
            { type: "string", const: "max" },
          ],
        },
      },
    });
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

  it("runs two tool calls asked for in one step, sending back both results, dated", async () => {
    handlers.push((_body, res) =>
      streamToolCalls(res, [
        { id: "call_data", name: "getTokenData", arguments: '{"query":"dogecoin"}' },
        { id: "call_history", name: "getOhlc", arguments: '{"query":"dogecoin","days":30}' },
      ]),
    );
    handlers.push((body, res) => {
      const results = toolResults(body);
      const data = JSON.parse(results.get("call_data")!) as TokenData;
      const history = JSON.parse(results.get("call_history")!) as MarketError;
      streamText(
        res,
        `As of ${data.asOf} (${data.source}) ${data.name} is at $${data.priceUsd}; ` +
          `its price history: ${history.error} (${history.source}).`,
      );
    });
    const answer = await readAnswer((await ask("Dogecoin price and its chart")).body);
    expect(requests).toHaveLength(2);
    // Both calls went out in one step and both results came back in the next request.
    const turn = requests[1]!.body.messages.find((m) => m.role === "assistant");
    expect(turn?.tool_calls).toHaveLength(2);
    const parts = answer.message.parts.filter((p) => p.type.startsWith("tool-")) as Array<{
      type: string;
      output: TokenData | MarketError;
    }>;
    expect(parts.map((p) => p.type)).toEqual(["tool-getTokenData", "tool-getOhlc"]);
    const [data, history] = parts.map((p) => p.output) as [TokenData, MarketError];
    // Each result says where it comes from, the error too, so any model can date and place it.
    expect(data).toMatchObject({ name: "Dogecoin", source: "snapshot" });
    expect(data.asOf).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(history).toEqual({
      error: "No price history for this coin in the available data",
      query: "dogecoin",
      coin: { id: "dogecoin", symbol: "doge", name: "Dogecoin" },
      source: "snapshot",
    });
    expect(answer.text).toBe(
      `As of ${data.asOf} (snapshot) Dogecoin is at $${data.priceUsd}; its price history: ` +
        "No price history for this coin in the available data (snapshot).",
    );
  });

  it("sends a tool call with a bad argument back as a clear tool error, and the model recovers", async () => {
    handlers.push((_body, res) =>
      streamToolCalls(res, [
        { id: "call_bad", name: "getOhlc", arguments: '{"query":"bitcoin","days":"a year"}' },
      ]),
    );
    handlers.push((body, res) => {
      const error = toolResults(body).get("call_bad") ?? "";
      // The model reads which argument was wrong and calls again within the limit.
      const days = error.includes("from 1 to 365") ? 365 : "a year";
      streamToolCalls(res, [
        { id: "call_good", name: "getOhlc", arguments: JSON.stringify({ query: "bitcoin", days }) },
      ]);
    });
    handlers.push((body, res) => {
      const history = JSON.parse(toolResults(body).get("call_good")!) as Ohlc;
      streamText(res, `Bitcoin over ${history.days} days, to ${history.asOf}.`);
    });
    const res = await ask("Bitcoin over the last year");
    const answer = await readAnswer(res.body);
    expect(requests).toHaveLength(3);
    const error = toolResults(requests[1]!.body).get("call_bad")!;
    // The AI SDK's error for the input check names the tool, and the rule says what days takes.
    expect(error).toContain("Invalid input for tool getOhlc");
    expect(error).toContain('days must be a whole number from 1 to 365, or \\"max\\"');
    // The failed call shows as such; the recovered one ran: its chart data is in the answer,
    // which is not a fault.
    const calls = answer.message.parts.filter((p) => p.type === "tool-getOhlc") as Array<{
      state: string;
      input: unknown;
      output: Ohlc;
    }>;
    expect(calls.map((c) => c.state)).toEqual(["output-error", "output-available"]);
    const tool = calls[1];
    expect(tool?.input).toEqual({ query: "bitcoin", days: 365 });
    expect(tool?.output.candles).toHaveLength(365);
    expect(answer.text).toBe(`Bitcoin over 365 days, to ${tool!.output.asOf}.`);
    expect(answer.message.metadata?.error).toBeUndefined();
    const cookie = res.cookies.find((c) => c.name === VISITOR_COOKIE)!;
    const history = await ctx.app.inject({
      url: "/api/assistant/history",
      headers: { cookie: `${VISITOR_COOKIE}=${cookie.value}` },
    });
    expect(history.json()).toMatchObject({ data: { credits: { used: 1 } } });
    expect((history.json() as { data: { messages: unknown[] } }).data.messages).toHaveLength(2);
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

describe("Max with a provider that does not answer", () => {
  // A deadline of 1.5 s, for this test alone: the others' is long, so that a loaded machine
  // cannot time out an answer they script.
  const { requests, handlers, ask } = withLoopbackProvider({ timeoutMs: 1500 });

  it("times out, with 'Request timed out.'", async () => {
    handlers.push(() => {
      /* never answers */
    });
    // The provider never answers: an answer at all, saying it timed out, is the bound.
    const answer = await readAnswer((await ask("Bitcoin price history for 30 days")).body);
    expect(answer.text).toBe(FAULT_MESSAGES.timeout);
    expect(answer.text.startsWith("Request timed out.")).toBe(true);
    expect(answer.message.metadata?.error).toBe("timeout");
    expect(requests).toHaveLength(1);
  });
});

noteSkipped(hasCoinGeckoCaptures, "Max on a provider with live CoinGecko data", "coingecko");

describe("Max with both a provider and CoinGecko configured", () => {
  const name = `answers a token question from live CoinGecko data through the provider's tool call ${needs("coingecko")}`;
  it.skipIf(!hasCoinGeckoCaptures)(name, async () => {
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
