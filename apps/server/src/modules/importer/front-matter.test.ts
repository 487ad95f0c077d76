// Unit tests of reading files into drafts: our format, the sources, broken files, dates and slugs.
import { describe, expect, it } from "vitest";
import { excerptOf, firstSentences } from "../../text/excerpts.ts";
import { isDraftError, parsePublishDate, slugify } from "./article-draft.ts";
import { parseArticleFile } from "./front-matter.ts";

describe("text helpers", () => {
  it("slugifies names for terms", () => {
    expect(slugify("NFTs & Gaming")).toBe("nfts-gaming");
    expect(slugify("Layer 2")).toBe("layer-2");
    expect(slugify("Café Research")).toBe("cafe-research");
  });

  it("parses real calendar dates only", () => {
    expect(parsePublishDate("2026-04-10")).toBe("2026-04-10T00:00:00.000Z");
    expect(parsePublishDate(new Date("2024-01-02T00:00:00Z"))).toBe("2024-01-02T00:00:00.000Z");
    expect(parsePublishDate("2026-02-30")).toBeNull();
    expect(parsePublishDate("10/04/2026")).toBeNull();
    expect(parsePublishDate(undefined)).toBeNull();
  });

  it("makes excerpts of plain text without Markdown syntax", () => {
    const excerpt = excerptOf(`${"word ".repeat(100)}`);
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(excerpt.endsWith("…")).toBe(true);
  });

  it("takes the first sentences up to a useful length", () => {
    expect(
      firstSentences("Tokens, e.g. ERC-20 ones, move. Vs. before. Next sentence here.", 10),
    ).toBe("Tokens, e.g. ERC-20 ones, move.");
    expect(firstSentences("Short one. This is the second sentence of it. Third.", 20)).toBe(
      "Short one. This is the second sentence of it.",
    );
  });
});

describe("parseArticleFile", () => {
  const root = "/content";
  it("reads our own format", () => {
    const raw =
      '---\ntitle: "Hello"\nsubTitle: "Sub"\nslug: "hello-world"\npublishDate: "2024-05-06"\nauthor: "Maya"\ntype: "News"\ncategories: ["DeFi"]\ntags: ["a", "a"]\necosystems: ["Ethereum"]\nthumbnail: "images/articles/hello-world.svg"\n---\nBody text.';
    const d = parseArticleFile("/content/articles/hello-world.md", raw, root);
    if (isDraftError(d)) throw new Error(d.reason);
    expect(d).toMatchObject({
      slug: "hello-world",
      type: "News",
      publishDate: "2024-05-06T00:00:00.000Z",
      authorUsername: "Maya",
      tags: ["a"],
      credit: null,
      thumbnail: {
        kind: "file",
        paths: [
          "/content/images/articles/hello-world.svg",
          "/content/articles/images/articles/hello-world.svg",
        ],
      },
    });
  });

  it("gives a reason for each broken file", () => {
    const reason = (raw: string, file = "/content/x.md") => {
      const d = parseArticleFile(file, raw, root);
      return isDraftError(d) ? d.reason : "ok";
    };
    expect(reason("---\ntitle: [unclosed\n---\nBody")).toMatch(/front matter does not parse/);
    expect(reason("---\nsubTitle: x\n---\nBody")).toMatch(/no title/);
    expect(
      reason('---\ntitle: T\npublishDate: "2024-13-01"\nauthor: A\ntype: News\n---\nBody'),
    ).toMatch(/publishDate/);
    expect(
      reason('---\ntitle: T\npublishDate: "2024-12-01"\nauthor: A\ntype: Blog\n---\nBody'),
    ).toMatch(/type must be/);
    expect(
      reason(
        "---\ntitle: T\npermalink: /en/newsletters/2026/02/31/\n---\nBody",
        "/c/2026-02-31-newsletter.md",
      ),
    ).toMatch(/bad date/);
  });

  it("dates Optech newsletters from the file name and credits the source", () => {
    const raw =
      "---\ntitle: 'Bitcoin Optech Newsletter #400'\npermalink: /en/newsletters/2026/04/10/\n---\nThis week's newsletter summarizes a proposal. Also included are our regular sections.\n\n## News\n\n- **Quantum thing:** text";
    const d = parseArticleFile("/c/2026-04-10-newsletter.md", raw, root);
    if (isDraftError(d)) throw new Error(d.reason);
    expect(d).toMatchObject({
      slug: "bitcoin-optech-newsletter-2026-04-10",
      // A developers' newsletter: its own type, and so its card's label
      // (docs/product/reader.md#article-card).
      type: "Newsletter",
      publishDate: "2026-04-10T00:00:00.000Z",
      categories: ["Bitcoin"],
      ecosystems: ["Bitcoin"],
      sourceAuthor: "Bitcoin Optech",
      credit: {
        name: "Bitcoin Optech",
        url: "https://bitcoinops.org/en/newsletters/2026/04/10/",
        licence: "MIT (Bitcoin Optech contributors)",
      },
    });
    expect(d.subTitle).toBe(
      "This week's newsletter summarizes a proposal. Also included are our regular sections.",
    );
    expect(d.tags).toContain("quantum");
  });

  it("maps ethereum.org files to their page URL and uses the description as subtitle", () => {
    const raw =
      "---\ntitle: Proof-of-stake (PoS)\ndescription: An explanation of PoS.\nlang: en\nsummaryPoints:\n  - One point\n---\nBody";
    const d = parseArticleFile("/c/ethereum-org/consensus-mechanisms--pos.md", raw, root);
    if (isDraftError(d)) throw new Error(d.reason);
    expect(d).toMatchObject({
      slug: "consensus-mechanisms-pos",
      type: "Research",
      subTitle: "An explanation of PoS.",
      ecosystems: ["Ethereum"],
      categories: ["Staking"],
      credit: {
        name: "ethereum.org",
        url: "https://ethereum.org/en/developers/docs/consensus-mechanisms/pos/",
        licence: "MIT (ethereum.org contributors)",
      },
    });
    expect(d.content).toBe("- One point\n\nBody");
  });

  it("leaves out of an ethereum.org body the page's title heading and the description it repeats", () => {
    const file = "/c/ethereum-org/security.md";
    const read = (raw: string) => {
      const d = parseArticleFile(file, raw, root);
      if (isDraftError(d)) throw new Error(d.reason);
      return d;
    };
    // The title heading goes, whatever its wording (the page's own heading on ethereum.org).
    const titled = read(
      "---\ntitle: Ethereum security and scam prevention\ndescription: Staying safe on Ethereum\nlang: en\n---\n\n# Ethereum security and scam prevention {#introduction}\n\nRising interest.\n\n## Crypto security 101\n\n# A later H1 stays",
    );
    expect(titled.content).toBe("Rising interest.\n\n## Crypto security 101\n\n# A later H1 stays");
    // The subtitle shown above the text is not repeated as its first sentence(s).
    const gas = read(
      "---\ntitle: Gas and fees\ndescription: Gas is essential. It is the fuel.\nlang: en\n---\n\nGas is essential. It is the fuel.\n\n## Prerequisites",
    );
    expect(gas.subTitle).toBe("Gas is essential. It is the fuel.");
    expect(gas.content).toBe("## Prerequisites");
    const web2 = read(
      "---\ntitle: Web2 vs Web3\ndescription: Web2 refers to the internet **today**.\nlang: en\n---\nWeb2 refers to the internet [today](/web2/). It is dominated by companies.",
    );
    expect(web2.content).toBe("It is dominated by companies.");
  });

  it("does not repeat an Optech newsletter's subtitle at the top of its body", () => {
    const raw =
      "---\ntitle: 'Bitcoin Optech Newsletter #401'\n---\nThis week's newsletter describes an idea for nested\nMuSig2 Lightning nodes. Also included are our regular sections.\n\n## News";
    const d = parseArticleFile("/c/2026-04-17-newsletter.md", raw, root);
    if (isDraftError(d)) throw new Error(d.reason);
    expect(d.subTitle).toBe(
      "This week's newsletter describes an idea for nested MuSig2 Lightning nodes.",
    );
    expect(d.content).toBe("Also included are our regular sections.\n\n## News");
  });

  it("uses the first paragraph when an ethereum.org description is empty", () => {
    const raw =
      "---\ntitle: Gas and fees\ndescription:\nlang: en\n---\n\nGas is essential to the Ethereum network. It is the fuel.\n\n## More";
    const d = parseArticleFile("/c/ethereum-org/gas.md", raw, root);
    if (isDraftError(d)) throw new Error(d.reason);
    expect(d.subTitle).toBe("Gas is essential to the Ethereum network. It is the fuel.");
  });
});
