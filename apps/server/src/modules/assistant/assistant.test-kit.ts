// Shared set-up of Max's HTTP tests: an app whose model (the AI SDK's mock) plays a script per test.
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { beforeAll, expect } from "vitest";
import type { ChatHistory } from "@pragmatist/contracts";
import type { Dialect } from "../../db/client.ts";
import { withTestApp } from "../../testing/app.ts";
import { insertArticle } from "../../testing/fixtures.ts";

/** One model step the script plays, given the prompt the loop sent. */
export type ScriptStep = (prompt: unknown) => LanguageModelV4StreamPart[];

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A model step that calls `toolName` with `input` and finishes for tool calls. */
export function toolCallStep(toolName: string, input: object): LanguageModelV4StreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    {
      type: "tool-call",
      toolCallId: `call-${Math.random()}`,
      toolName,
      input: JSON.stringify(input),
    },
    { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
  ];
}

/** A model step that writes `text`, a word per delta, and stops. */
export function textStep(text: string): LanguageModelV4StreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t" },
    ...text.split(" ").map((w, i): LanguageModelV4StreamPart => ({
      type: "text-delta",
      id: "t",
      delta: (i ? " " : "") + w,
    })),
    { type: "text-end", id: "t" },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
  ];
}

/** The output of the last tool result in a model prompt. */
export function lastToolOutput(prompt: unknown): unknown {
  const messages = prompt as Array<{
    role: string;
    content: Array<{ type: string; output?: { value: unknown } }>;
  }>;
  const tool = messages.filter((m) => m.role === "tool").at(-1);
  return tool?.content.find((c) => c.type === "tool-result")?.output?.value;
}

/**
 * Registers, in the calling describe block, one app on `engine` whose model plays the script of
 * the running test (`play`; "Hello" until a test sets one), with the article "Rollups explained"
 * published and indexed. Returns the app, the model (for its calls), and helpers to ask Max
 * (`ask`, from 10.1.1.1 unless told), read the history (`history`, expecting 200) and pick an IP
 * address no other test of the block uses (`freshIp`).
 */
export function withScriptedMax(engine: Dialect) {
  let script: ScriptStep[] = [() => textStep("Hello")];
  let scriptStart = 0;
  const model: MockLanguageModelV4 = new MockLanguageModelV4({
    doStream: async (options) => {
      const n = model.doStreamCalls.length - 1;
      const step = script[Math.min(n - scriptStart, script.length - 1)]!;
      return { stream: simulateReadableStream({ chunks: step(options.prompt) }) };
    },
  });

  // One app; each test swaps the script the model plays.
  const ctx = withTestApp(engine, () => ({ languageModel: model }));
  beforeAll(async () => {
    await insertArticle(ctx.db, {
      slug: "rollups-explained",
      title: "Rollups explained",
      content: "Rollups execute transactions off chain and post data to Ethereum for security.",
    });
    await ctx.app.services.search.rebuild();
  });

  function play(steps: ScriptStep[]) {
    script = steps;
    scriptStart = model.doStreamCalls.length;
  }

  let ipCounter = 0;
  const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  async function ask(
    text: string,
    headers: Record<string, string> = {},
    options: { ip?: string; articleSlug?: string } = {},
  ) {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/assistant/chat",
      headers,
      remoteAddress: options.ip ?? "10.1.1.1",
      payload: { text, ...(options.articleSlug ? { articleSlug: options.articleSlug } : {}) },
    });
    return res;
  }

  const history = async (headers: Record<string, string>) => {
    const res = await ctx.app.inject({ url: "/api/assistant/history", headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as ChatHistory).data;
  };

  return { ctx, model, play, ask, history, freshIp };
}
