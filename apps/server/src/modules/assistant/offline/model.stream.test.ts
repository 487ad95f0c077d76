// Max's offline model as a stream: parts, pacing, the output cap and aborts.
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { createOfflineModel } from "./model.ts";
import { ALL_TOOLS, knownCoins, model, prompt } from "./test-kit.ts";

describe("offline model: the stream", () => {
  it("sends stream-start, a few words per text-delta, and a finish with estimated usage", async () => {
    const { stream } = await model.doStream({
      prompt: prompt("What can you do?"),
      tools: ALL_TOOLS,
    });
    const parts: LanguageModelV4StreamPart[] = [];
    for await (const part of stream) parts.push(part);
    expect(parts.map((p) => p.type).slice(0, 3)).toEqual([
      "stream-start",
      "response-metadata",
      "text-start",
    ]);
    const deltas = parts.flatMap((p) => (p.type === "text-delta" ? [p.delta] : []));
    expect(deltas.length).toBeGreaterThan(20);
    for (const delta of deltas) expect(delta.trim().split(/\s+/).length).toBeLessThanOrEqual(3);
    const finish = parts[parts.length - 1];
    expect(finish?.type).toBe("finish");
    if (finish?.type !== "finish") return;
    expect(finish.finishReason.unified).toBe("stop");
    expect(finish.usage.outputTokens.total).toBe(Math.ceil(deltas.join("").length / 4));
    expect(finish.usage.inputTokens.total).toBeGreaterThan(0);
  });

  it("streams a tool call as tool-input-start/-delta/-end then tool-call", async () => {
    const { stream } = await model.doStream({ prompt: prompt("SOL price"), tools: ALL_TOOLS });
    const parts: LanguageModelV4StreamPart[] = [];
    for await (const part of stream) parts.push(part);
    expect(parts.map((p) => p.type)).toEqual([
      "stream-start",
      "response-metadata",
      "tool-input-start",
      "tool-input-delta",
      "tool-input-end",
      "tool-call",
      "finish",
    ]);
    const callPart = parts[5];
    expect(callPart?.type === "tool-call" && JSON.parse(callPart.input)).toEqual({
      query: "solana",
    });
  });

  it("sends the first chunk at once and paces the rest", async () => {
    const paced = createOfflineModel({ knownCoins: () => knownCoins, chunkDelayMs: 5 });
    const { stream } = await paced.doStream({
      prompt: prompt("What can you do?"),
      tools: ALL_TOOLS,
    });
    // From the stream on: writing the answer (slow on a loaded machine) is not pacing.
    const started = performance.now();
    const reader = stream.getReader();
    let first = Infinity;
    let count = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      if (r.value.type === "text-delta" && count++ === 0) first = performance.now() - started;
    }
    const total = performance.now() - started;
    // The first chunk waits for no pacing: it comes before half the rest's pauses could pass
    // (a ratio, not a wall-clock bound, so a loaded machine does not fail it).
    expect(first).toBeLessThan(((count - 1) * 5) / 2);
    expect(total).toBeGreaterThan((count - 1) * 4);
  });

  it("cuts the text at maxOutputTokens and reports length", async () => {
    const result = await model.doGenerate({
      prompt: prompt("What can you do?"),
      maxOutputTokens: 10,
    });
    const [part] = result.content;
    expect(part?.type === "text" && part.text.length).toBe(40);
    expect(result.finishReason.unified).toBe("length");
  });

  it("stops streaming when the request is aborted", async () => {
    const paced = createOfflineModel({ knownCoins: () => knownCoins, chunkDelayMs: 20 });
    const controller = new AbortController();
    const { stream } = await paced.doStream({
      prompt: prompt("What can you do?"),
      abortSignal: controller.signal,
    });
    const reader = stream.getReader();
    await reader.read();
    controller.abort();
    await expect(
      (async () => {
        for (let r = await reader.read(); !r.done; r = await reader.read());
      })(),
    ).rejects.toThrow();
  });
});
