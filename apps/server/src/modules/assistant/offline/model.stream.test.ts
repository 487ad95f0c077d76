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
    // Each pause is held until the test lets it go, so the pacing is seen in the order things
    // happen, not timed: a loaded machine can neither fail nor pass this by being slow.
    const held: Array<() => void> = [];
    const asked: number[] = [];
    const paced = createOfflineModel({
      knownCoins: () => knownCoins,
      chunkDelayMs: 5,
      pause: (ms) => {
        asked.push(ms);
        return new Promise<void>((go) => held.push(go));
      },
    });
    const { stream } = await paced.doStream({
      prompt: prompt("What can you do?"),
      tools: ALL_TOOLS,
    });
    const reader = stream.getReader();
    /** Reads to the next text-delta (true) or to the end (false). */
    const nextText = async () => {
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        if (r.value.type === "text-delta") return true;
      }
      return false;
    };

    // The first chunk comes with no pause let go (a paced first chunk would hang here).
    expect(await nextText()).toBe(true);
    let texts = 1;
    // Every other one waits for a pause of chunkDelayMs and comes once it is let go.
    for (;;) {
      let settled = false;
      const next = nextText().finally(() => (settled = true));
      await expect.poll(() => settled || held.length > 0).toBe(true);
      if (held.length === 0) {
        expect(await next).toBe(false); // the end: no text came unpaced
        break;
      }
      expect(settled).toBe(false);
      held.shift()?.();
      expect(await next).toBe(true);
      texts++;
    }
    expect(texts).toBeGreaterThan(2);
    expect(asked).toEqual(Array(texts - 1).fill(5));
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
