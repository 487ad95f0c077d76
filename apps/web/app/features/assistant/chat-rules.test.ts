// The chat screen's rules as a reader meets them (docs/product.md#assistant-screen,
// #assistant-conversation, #assistant-credits, #messages-assistant, #constants).
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

describe("suggestion chips", () => {
  it("offers the four starters in an empty chat, the last two hidden on phones", () => {
    expect(suggestionChips({ started: false, aboutArticle: false })).toEqual([
      { text: "What can you do?", hideOnMobile: false },
      { text: "Give me a list of new tokens", hideOnMobile: false },
      { text: "List the current trending tokens", hideOnMobile: true },
      { text: "Give me the key market stats for Solana", hideOnMobile: true },
    ]);
  });
  it("offers the two follow-ups once the conversation has started", () => {
    expect(suggestionChips({ started: true, aboutArticle: false }).map((c) => c.text)).toEqual([
      "Analyze your last message for valuable insights",
      "What other research should I do?",
    ]);
  });
  it("offers article questions when opened from an article", () => {
    for (const started of [false, true]) {
      expect(suggestionChips({ started, aboutArticle: true }).map((c) => c.text)).toEqual([
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
