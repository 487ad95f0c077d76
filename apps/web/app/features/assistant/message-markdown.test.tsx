// An answer's Markdown while it arrives (eval class R8, docs/product/max.md#eval-classes):
// unfinished bold and links render as what they will be, never as raw asterisks or brackets; a
// finished answer renders as written.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { MessageMarkdown } from "./message-markdown.tsx";

describe("MessageMarkdown", () => {
  it("completes the bold of a partial answer's last line", async () => {
    const text = "Here it is.\nAs of 3 May 2026, **Solana (SOL)** is **down 2.9";
    const { container } = renderRoute(<MessageMarkdown text={text} partial />);
    expect((await screen.findByText("down 2.9")).tagName).toBe("STRONG");
    expect(container.textContent).not.toContain("**");
  });

  it("shows a link still arriving as its words", async () => {
    const text = "See [DePIN incentive design](/p/dep";
    const { container } = renderRoute(<MessageMarkdown text={text} partial />);
    await screen.findByText(/See DePIN incentive design/);
    expect(container.textContent).not.toContain("](/p/dep");
  });

  it("renders a finished answer as written", async () => {
    const { container } = renderRoute(<MessageMarkdown text={"Rates at 5 * 3 = 15 **bps"} />);
    await screen.findByText(/Rates at/);
    expect(container.textContent).toBe("Rates at 5 * 3 = 15 **bps");
  });
});
