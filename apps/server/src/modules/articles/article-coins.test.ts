// An article's coins and its coin links (docs/product/reader.md#article-coins): which coins the
// "Coins in this article" section lists, which words become a link to a coin's page and which
// never do (code, existing links, headings, English words in plain prose), read over the offline
// snapshot's coins as the articles are.
import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "../../text/plain-text.ts";
import { createGazetteer } from "../market/coin-gazetteer.service.ts";
import { createSnapshotSource, loadSnapshot } from "../market/snapshot.ts";
import { linkCoins, readArticleCoins } from "./article-coins.ts";

const gazetteer = createGazetteer(createSnapshotSource(loadSnapshot()).knownCoins());

/** The article's text as the page shows it, and the coins its section lists. */
function page(content: string, extra: { title?: string; body?: boolean } = {}) {
  const article = { title: extra.title ?? "", subTitle: "", content, body: extra.body ?? true };
  const reading = readArticleCoins(article, gazetteer);
  return { text: linkCoins(content, reading.links), coins: reading.coinIds };
}

describe("coin links in an article", () => {
  it("links a coin's first mention only, to its page", () => {
    const { text, coins } = page("Solana is fast. Solana is also cheap, and so is ETH.\n");
    expect(text).toBe(
      "[Solana](/markets/solana) is fast. Solana is also cheap, and so is [ETH](/markets/ethereum).\n",
    );
    expect(coins).toEqual(["solana", "ethereum"]);
  });

  it("links no English word in plain prose, and the coin where it is clearly meant", () => {
    const content =
      "Funding stayed near neutral and the flow of funds slowed; follow the link below.\n\n" +
      "We added $NEAR to the basket. NEAR Protocol shards its state.\n";
    const { text, coins } = page(content);
    expect(text).toBe(
      "Funding stayed near neutral and the flow of funds slowed; follow the link below.\n\n" +
        "We added [$NEAR](/markets/near) to the basket. NEAR Protocol shards its state.\n",
    );
    expect(coins).toEqual(["near"]);
  });

  it("links NEAR Protocol by its name when that is its first mention", () => {
    expect(page("Validators on NEAR Protocol earn fees.\n").text).toBe(
      "Validators on [NEAR Protocol](/markets/near) earn fees.\n",
    );
  });

  it("never links inside code, an existing link or a heading: the first mention outside them", () => {
    const content = [
      "## Why Solana",
      "",
      "Call `getSolanaBalance` or read [the Solana docs](https://solana.com/docs).",
      "",
      "```js",
      "const chain = 'Solana';",
      "```",
      "",
      "Solana settles in seconds.",
      "",
    ].join("\n");
    const { text, coins } = page(content);
    expect(text).toBe(content.replace("Solana settles", "[Solana](/markets/solana) settles"));
    expect(coins).toEqual(["solana"]);
  });

  it("lists a coin named only in the title, a heading or a link, without linking it", () => {
    const content = "## Bitcoin\n\nRead [the Ethereum roadmap](/p/roadmap).\n";
    const { text, coins } = page(content, { title: "A note on Solana" });
    expect(text).toBe(content);
    expect(coins).toEqual(["solana", "bitcoin", "ethereum"]);
  });

  it("keeps the text as it reads: emphasis, tables, escapes, references, an image's mark", () => {
    const content = [
      "| Coin | Note |",
      "|---|---|",
      "| *Bitcoin* | the first |",
      "",
      "Wow!Solana and \\*ETH\\* and &amp; Cardano.",
      "",
    ].join("\n");
    const { text, coins } = page(content);
    expect(text).toContain("| *[Bitcoin](/markets/bitcoin)* | the first |");
    // After a "!" a link would read as an image: Solana stays unlinked; escapes and references
    // around the words are kept as written.
    expect(text).toContain(
      "Wow!Solana and \\*[ETH](/markets/ethereum)\\* and &amp; [Cardano](/markets/cardano).",
    );
    expect(markdownToPlainText(text)).toBe(markdownToPlainText(content));
    expect(coins).toEqual(["bitcoin", "solana", "ethereum", "cardano"]);
  });

  it("lists the coins of a plain-text article and links none (it renders without markup)", () => {
    const { text, coins } = page("Solana and ETH moved.\n\nBitcoin did not.", { body: false });
    expect(text).toBe("Solana and ETH moved.\n\nBitcoin did not.");
    expect(coins).toEqual(["solana", "ethereum", "bitcoin"]);
  });
});
