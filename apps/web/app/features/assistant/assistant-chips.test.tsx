// The suggestion chips of the chat screen driven through its real code
// (docs/product/max.md#assistant-chips, eval class A7, docs/product/max.md#eval-classes): "Analyze
// your last message for valuable insights" is offered only after an answer that holds data to
// analyse.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TokenData } from "@pragmatist/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { member, renderChat, startChatServer, streamedAnswer } from "./chat-test-kit.tsx";

/** Long enough for a streamed answer to be revealed (docs/product/max.md#message-bubble). */
const REVEAL = { timeout: 5000 };
const ANALYSE = "Analyze your last message for valuable insights";

const solana: TokenData = {
  asOf: "2026-05-03T07:43:00.000Z",
  source: "snapshot",
  stale: false,
  ageSeconds: 0,
  id: "solana",
  symbol: "sol",
  name: "Solana",
  rank: 7,
  priceUsd: 83.97,
  change24hPercent: 0.3,
  change7dPercent: -2.1,
  change30dPercent: 4.5,
  marketCapUsd: 48_380_000_000,
  volume24hUsd: 1_650_000_000,
  high24hUsd: 84.78,
  low24hUsd: 83.58,
  circulatingSupply: 576_210_000,
  maxSupply: null,
  athUsd: 293.31,
  athDate: "2025-01-19T11:15:27.957Z",
  athChangePercent: -71.37,
  fdvUsd: null,
  totalSupply: null,
  atlUsd: null,
  atlDate: null,
  atlChangePercent: null,
  missing: [],
  description: "",
  homepage: null,
  categories: [],
};

/** The chip buttons shown under the conversation, by their text. */
async function chipTexts() {
  const list = await screen.findByRole("list", { name: "Suggestions" });
  return within(list)
    .getAllByRole("button")
    .map((b) => b.textContent);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AssistantChat suggestion chips", () => {
  it("offers to analyse an answer only once it holds data, then sends the chip", async () => {
    const server = startChatServer(null, [
      () => streamedAnswer("I'm Max. I can look up coins and explain research."),
      () =>
        streamedAnswer("Solana is at $83.97.", {}, undefined, [
          { toolName: "getTokenData", input: { query: "solana" }, output: solana },
        ]),
      () => streamedAnswer("Solana is 71.37% below its all-time high."),
    ]);
    const user = userEvent.setup();
    renderChat(member);

    const pick = async (text: string) => {
      const chip = await screen.findByRole("button", { name: text });
      await waitFor(() => expect((chip as HTMLButtonElement).disabled).toBe(false));
      await user.click(chip);
    };

    await pick("What can you do?");
    expect(await screen.findByText(/^I'm Max\. I can look up coins/, {}, REVEAL)).toBeTruthy();
    // Nothing to analyse in a text-only answer: the other starters instead.
    await waitFor(async () =>
      expect(await chipTexts()).toEqual([
        "Give me a list of new tokens",
        "List the current trending tokens",
        "Give me the key market stats for Solana",
      ]),
    );

    await pick("Give me the key market stats for Solana");
    expect(await screen.findByText("Solana is at $83.97.", {}, REVEAL)).toBeTruthy();
    expect(screen.getByRole("figure", { name: "Market data: Solana (SOL)" })).toBeTruthy();
    await waitFor(async () =>
      expect(await chipTexts()).toEqual([ANALYSE, "What other research should I do?"]),
    );

    await pick(ANALYSE);
    expect(
      await screen.findByText("Solana is 71.37% below its all-time high.", {}, REVEAL),
    ).toBeTruthy();
    expect(server.questions().map((q) => q.text)).toEqual([
      "What can you do?",
      "Give me the key market stats for Solana",
      ANALYSE,
    ]);
  });
});
