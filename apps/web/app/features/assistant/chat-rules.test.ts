// The chat screen's rules as a reader meets them (docs/product/max.md#assistant-screen,
// #assistant-conversation, #assistant-credits, docs/product/messages.md#messages-assistant,
// docs/product/limits.md#constants).
import { describe, expect, it } from "vitest";
import {
  BUSY_ALERT,
  canSend,
  chatErrorText,
  creditsLabel,
  currentCredits,
  greetingMessage,
  lastQuestion,
  type MaxMessage,
  messageText,
  suggestionChips,
} from "./chat-rules.ts";
import { markdownLines } from "./markdown-lines.ts";
import { REVEAL_INTERVAL_MS, revealedLength } from "./reveal.ts";

const user = (id: string, text: string): MaxMessage => ({
  id,
  role: "user",
  parts: [{ type: "text", text }],
});
const answer = (id: string, text: string, metadata?: MaxMessage["metadata"]): MaxMessage => ({
  id,
  role: "assistant",
  parts: [{ type: "step-start" }, { type: "text", text }],
  ...(metadata ? { metadata } : {}),
});

describe("sending (Enter sends only when the input is longer than 1 character)", () => {
  it("refuses empty, one-character and blank input", () => {
    expect(canSend("")).toBe(false);
    expect(canSend("a")).toBe(false);
    expect(canSend("   ")).toBe(false);
    expect(canSend(" a ")).toBe(false);
  });
  it("sends two characters and more", () => {
    expect(canSend("hi")).toBe(true);
    expect(canSend("What can you do?")).toBe(true);
  });
  it("says the busy message when a send comes while Max is busy", () => {
    expect(BUSY_ALERT).toBe("Please wait for the current message to finish processing");
  });
});

/** An answer whose research search found `passages` passages (0: nothing to analyse). */
const researched = (id: string, passages: number): MaxMessage => ({
  id,
  role: "assistant",
  parts: [
    {
      type: "tool-searchResearch",
      toolCallId: `${id}-call`,
      state: "output-available",
      input: { query: "rollups" },
      output: {
        query: "rollups",
        passages: Array.from({ length: passages }, (_, i) => ({
          n: i + 1,
          title: "Rollups explained",
          slug: "rollups-explained",
          url: "/p/rollups-explained",
          excerpt: "Rollups post their data to Ethereum.",
          publishDate: "2026-03-12",
        })),
      },
    },
    { type: "text", text: "Rollups post their data to Ethereum [1]." },
  ],
});
const texts = (chips: ReturnType<typeof suggestionChips>) => chips.map((c) => c.text);
const ANALYSE = "Analyze your last message for valuable insights";

describe("suggestion chips", () => {
  const chips = (messages: MaxMessage[], processing = false, aboutArticle = false) =>
    suggestionChips({ messages, processing, aboutArticle });

  it("offers the four starters in an empty chat, the last two hidden on phones", () => {
    expect(chips([])).toEqual([
      { text: "What can you do?", hideOnMobile: false },
      { text: "Give me a list of new tokens", hideOnMobile: false },
      { text: "List the current trending tokens", hideOnMobile: true },
      { text: "Give me the key market stats for Solana", hideOnMobile: true },
    ]);
  });
  it("offers the two follow-ups once an answer holds data to analyse", () => {
    const asked = [user("q", "How do rollups work?"), researched("a", 2)];
    expect(texts(chips(asked))).toEqual([ANALYSE, "What other research should I do?"]);
    // While the next answer comes, the chips still follow the answer shown in full.
    expect(texts(chips([...asked, user("q2", "What can you do?")], true))).toContain(ANALYSE);
  });
  it("never offers to analyse an answer without data, offering the other starters instead", () => {
    for (const latest of [answer("a", "I'm Max. Here is what I can do."), researched("a", 0)]) {
      expect(texts(chips([user("q", "What can you do?"), latest]))).toEqual([
        "Give me a list of new tokens",
        "List the current trending tokens",
        "Give me the key market stats for Solana",
      ]);
    }
    const older = [user("q", "How do rollups work?"), researched("a", 2)];
    const latest = [user("q2", "Hello"), answer("a2", "Hi! I'm Max.")];
    expect(texts(chips([...older, ...latest]))).not.toContain(ANALYSE);
  });
  it("offers article questions when opened from an article", () => {
    for (const messages of [[], [user("q", "Summarise this article"), researched("a", 1)]]) {
      expect(texts(chips(messages, false, true))).toEqual([
        "Summarise this article",
        "What should I research next?",
      ]);
    }
  });
});

describe("messages", () => {
  it("greets with Max's name and the publication's", () => {
    const text = messageText(greetingMessage("Crypto Pragmatist"));
    expect(text).toMatch(/^Hi, I'm Max, the market analyst of Crypto Pragmatist\./);
  });
  it("reads a message's text parts and skips the others", () => {
    const message: MaxMessage = {
      id: "a",
      role: "assistant",
      parts: [
        { type: "step-start" },
        { type: "text", text: "First." },
        {
          type: "tool-getNewTokens",
          toolCallId: "t1",
          state: "input-available",
          input: {},
        },
        { type: "text", text: "Second." },
      ],
    };
    expect(messageText(message)).toBe("First.\n\nSecond.");
  });
  it("resends the newest question", () => {
    const messages = [user("1", "Price of SOL?"), answer("2", "…"), user("3", "And ETH?")];
    expect(lastQuestion(messages)).toBe("And ETH?");
    expect(lastQuestion([])).toBe("");
  });
});

describe("credits (n / 2)", () => {
  const fromHistory = { used: 0, limit: 2, remaining: 2 };
  it("shows what the history said until an answer brings newer figures", () => {
    expect(currentCredits([], fromHistory)).toEqual(fromHistory);
    const afterOne = [
      user("1", "hi"),
      answer("2", "Hello", { credits: { used: 1, limit: 2, remaining: 1 } }),
    ];
    expect(creditsLabel(currentCredits(afterOne, fromHistory)!)).toBe("1 / 2");
    const afterTwo = [
      ...afterOne,
      user("3", "again"),
      answer("4", "Sure", { credits: { used: 2, limit: 2, remaining: 0 } }),
      user("5", "once more"),
    ];
    expect(creditsLabel(currentCredits(afterTwo, fromHistory)!)).toBe("0 / 2");
  });
  it("shows none for members", () => {
    expect(currentCredits([user("1", "hi"), answer("2", "Hello")], null)).toBeNull();
  });
});

describe("refusals before streaming", () => {
  it("turns a 429 body into a wait the reader can act on", () => {
    const body = {
      data: null,
      error: {
        status: 429,
        name: "RateLimitError",
        message: "Too many requests, please try again later.",
        details: { retryAfterSeconds: 240 },
      },
    };
    expect(chatErrorText(new Error(JSON.stringify(body)))).toBe(
      "You are sending messages faster than Max can answer. Please try again in 4 minutes.",
    );
  });
  it("shows the server's message for other refusals, and a general one when offline", () => {
    const body = {
      data: null,
      error: { status: 400, name: "ValidationError", message: "Too long" },
    };
    expect(chatErrorText(new Error(JSON.stringify(body)))).toBe("Too long");
    expect(chatErrorText(new TypeError("Failed to fetch"))).toMatch(/could not be reached/);
  });
});

describe("reveal (one character every 5 ms)", () => {
  it("shows one more character per 5 ms, up to what has arrived", () => {
    expect(REVEAL_INTERVAL_MS).toBe(5);
    expect(revealedLength(0, 0, 100)).toBe(0);
    expect(revealedLength(0, 4, 100)).toBe(0);
    expect(revealedLength(0, 16, 100)).toBe(3);
    expect(revealedLength(40, 50, 100)).toBe(50);
    expect(revealedLength(40, 5000, 100)).toBe(100);
  });
});

describe("lines (each line rendered as Markdown)", () => {
  it("splits on newlines and drops blank lines", () => {
    expect(markdownLines("**SOL** is up.\n\n- one\n- two\r\nDone.")).toEqual([
      "**SOL** is up.",
      "- one",
      "- two",
      "Done.",
    ]);
  });
  it("keeps a table and a code block whole", () => {
    const text = "Top:\n| Coin | Price |\n|---|--:|\n| BTC | $1 |\nAfter\n```\na\n\nb\n```\nEnd";
    expect(markdownLines(text)).toEqual([
      "Top:",
      "| Coin | Price |\n|---|--:|\n| BTC | $1 |",
      "After",
      "```\na\n\nb\n```",
      "End",
    ]);
  });
  it("shows an unclosed code block while it streams", () => {
    expect(markdownLines("Code:\n```ts\nconst a")).toEqual(["Code:", "```ts\nconst a"]);
  });
});
