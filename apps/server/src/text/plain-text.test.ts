// Unit tests of the one Markdown-to-text rule behind excerpts, reading time, search and Max's
// passages: the words a reader sees, none of the markup.
import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "./plain-text.ts";

describe("markdownToPlainText", () => {
  it("keeps the words and drops emphasis, heading, list and quote markers", () => {
    const md =
      "## Heading\n\nA **bold** [link](https://x.org) and `code`, _emphasis_.\n\n- item\n\n> quote";
    expect(markdownToPlainText(md)).toBe("Heading A bold link and code, emphasis. item quote");
  });

  it("drops addresses: link targets, bare and angle-bracket URLs, reference definitions", () => {
    const md = [
      "Read [the spec][spec] or https://example.org/a?b=c and <https://example.net>.",
      "",
      "[spec]: https://github.com/ethereum/consensus-specs",
    ].join("\n");
    expect(markdownToPlainText(md)).toBe("Read the spec or and .");
  });

  it("drops images and footnote markers but keeps footnote text", () => {
    const md = "Fees rose[^1]. ![chart of fees](/fees.png)\n\n[^1]: Source: mempool data.";
    expect(markdownToPlainText(md)).toBe("Fees rose. Source: mempool data.");
  });

  it("separates table cells and decodes entities", () => {
    const md = "| Coin | Price |\n| --- | ---: |\n| BTC | $1&nbsp;000 &amp; up |";
    // The no-break space counts as white space too.
    expect(markdownToPlainText(md)).toBe("Coin Price BTC $1 000 & up");
  });

  it("keeps the text of raw HTML without its tags", () => {
    const md = '<div class="note">\n<b>Careful</b>: keys stay offline.\n</div>\n\nAfter.';
    expect(markdownToPlainText(md)).toBe("Careful : keys stay offline. After.");
    expect(markdownToPlainText("A <!-- hidden --> comment")).toBe("A comment");
  });

  it("leaves code blocks out unless asked to keep them", () => {
    const md = "Spend with:\n\n```\nOP_CHECKSIG\n```\n\nDone.";
    expect(markdownToPlainText(md)).toBe("Spend with: Done.");
    expect(markdownToPlainText(md, { code: true })).toBe("Spend with: OP_CHECKSIG Done.");
  });

  it("reads any string, however broken, as Markdown", () => {
    expect(markdownToPlainText("")).toBe("");
    expect(markdownToPlainText("**unclosed [link](")).toBe("**unclosed [link](");
  });
});
