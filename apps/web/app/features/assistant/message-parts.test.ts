// What an answer shows besides its text (docs/product/max.md#assistant): stats cards, charts and
// cited sources, read from the tool parts of a UI message as the server streams them.
import { describe, expect, it } from "vitest";
import type { MaxMessage } from "./chat-rules.ts";
import { hasContent, messageSources, messageVisuals } from "./message-parts.ts";

const freshness = {
  asOf: "2026-11-22T07:00:00.000Z",
  source: "snapshot",
  stale: false,
  ageSeconds: 0,
} as const;

describe("answer parts", () => {
  it("shows a card per token found and a chart per price history, skipping market-data errors", () => {
    const message: MaxMessage = {
      id: "a",
      role: "assistant",
      parts: [
        { type: "step-start" },
        {
          type: "tool-getTokenData",
          toolCallId: "t1",
          state: "output-available",
          input: { query: "xyz" },
          output: { error: "No results found", query: "xyz" },
        },
        {
          type: "tool-getOhlc",
          toolCallId: "t2",
          state: "output-available",
          input: { query: "btc", days: 7 },
          output: {
            ...freshness,
            id: "bitcoin",
            symbol: "btc",
            name: "Bitcoin",
            days: 7,
            candles: [],
            closesFrom: null,
          },
        },
        { type: "tool-getOhlc", toolCallId: "t3", state: "input-available", input: {} },
      ],
    };
    expect(messageVisuals(message).map((v) => [v.kind, v.key])).toEqual([["ohlc", "t2"]]);
    expect(hasContent(message)).toBe(true);
  });

  it("lists research passages as numbered sources, then web sources, each once and unless linked", () => {
    const passage = (n: number, slug: string) => ({
      n,
      title: `Article ${n}`,
      slug,
      url: `/p/${slug}`,
      excerpt: "…",
      publishDate: "2025-01-02T00:00:00.000Z",
    });
    const message: MaxMessage = {
      id: "a",
      role: "assistant",
      parts: [
        {
          type: "tool-searchResearch",
          toolCallId: "r1",
          state: "output-available",
          input: { query: "rollups" },
          output: { query: "rollups", passages: [passage(1, "rollups"), passage(2, "data")] },
        },
        { type: "source-url", sourceId: "s1", url: "/p/rollups", title: "Again" },
        { type: "source-url", sourceId: "s2", url: "https://l2beat.com/" },
        { type: "text", text: "Rollups post data [1][2]." },
      ],
    };
    const linked: MaxMessage = {
      ...message,
      parts: [
        ...message.parts,
        { type: "text", text: "Sources: 1. [Article 1](/p/rollups), 2. [Article 2](/p/data)" },
      ],
    };
    expect(messageSources(linked).map((s) => s.url)).toEqual(["https://l2beat.com/"]);
    expect(messageSources(message)).toEqual([
      {
        n: 1,
        title: "Article 1",
        url: "/p/rollups",
        publishDate: "2025-01-02T00:00:00.000Z",
        section: null,
      },
      {
        n: 2,
        title: "Article 2",
        url: "/p/data",
        publishDate: "2025-01-02T00:00:00.000Z",
        section: null,
      },
      {
        n: null,
        title: "https://l2beat.com/",
        url: "https://l2beat.com/",
        publishDate: null,
        section: null,
      },
    ]);
  });

  it("is still waiting while only a tool call has arrived", () => {
    const message: MaxMessage = {
      id: "a",
      role: "assistant",
      parts: [
        { type: "step-start" },
        { type: "tool-getNewTokens", toolCallId: "n1", state: "input-available", input: {} },
      ],
    };
    expect(hasContent(message)).toBe(false);
  });
});
