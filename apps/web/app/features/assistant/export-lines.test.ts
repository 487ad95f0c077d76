// The PDF export (docs/product/max.md#pdf-export): its lines, its file name, and the PDF itself
// read back with a PDF parser (unpdf): "User:"/"Assistant:" text on as many pages as it needs.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { MaxMessage } from "./chat-rules.ts";
import { buildChatPdf } from "./chat-pdf.ts";
import { exportFileName, exportLines, pdfSafeText, plainText } from "./export-lines.ts";

const conversation: MaxMessage[] = [
  { id: "1", role: "user", parts: [{ type: "text", text: "Key stats for Solana?" }] },
  {
    id: "2",
    role: "assistant",
    parts: [
      { type: "step-start" },
      {
        type: "text",
        text: "## Solana (SOL)\n**Price:** $142.10 → up 3.2% 🚀\nSee [our research](/p/solana-fees) [1].",
      },
    ],
  },
  { id: "3", role: "assistant", parts: [{ type: "step-start" }] },
];

describe("export lines", () => {
  it("writes one User:/Assistant: line per message with text, as plain text", () => {
    expect(exportLines(conversation)).toEqual([
      "User: Key stats for Solana?",
      "Assistant: Solana (SOL)\nPrice: $142.10 -> up 3.2% \nSee our research (/p/solana-fees) [1].",
    ]);
  });
  it("drops Markdown marks but keeps the words", () => {
    expect(plainText("> *quoted* and `code` and ![chart](x.png)")).toBe(
      "quoted and code and chart",
    );
    expect(plainText("| a | b |\n|---|---:|\n| 1 | 2 |")).toBe("| a | b |\n\n| 1 | 2 |");
  });
  it("keeps escaped marks as the characters a reader sees", () => {
    expect(plainText("**Bitcoin Optech Newsletter \\#419** and \\*not emphasis\\*")).toBe(
      "Bitcoin Optech Newsletter #419 and *not emphasis*",
    );
  });
  it("keeps what Helvetica can draw and replaces the rest", () => {
    expect(pdfSafeText("“Price” – 5 € … café")).toBe("“Price” – 5 € … café");
    expect(pdfSafeText("≈ 3 ≥ 2 中 🚀")).toBe("~ 3 >= 2 ? ");
  });
  it("names the file after the product ({product}_bot_export.pdf)", () => {
    expect(exportFileName("Crypto Pragmatist")).toBe("Crypto_Pragmatist_bot_export.pdf");
    expect(exportFileName("  A/B  Desk ")).toBe("AB_Desk_bot_export.pdf");
  });
});

describe("research answers in the export", () => {
  const site = "https://pragmatist.example";
  const research: MaxMessage = {
    id: "4",
    role: "assistant",
    parts: [
      {
        type: "tool-searchResearch",
        toolCallId: "r1",
        state: "output-available",
        input: { query: "MEV" },
        output: {
          query: "MEV",
          passages: [
            {
              n: 1,
              title: "Maximal extractable value (MEV)",
              slug: "mev",
              url: "/p/mev",
              excerpt: "Maximal extractable value (MEV) refers to…",
              section: null,
              publishDate: "2024-02-07T00:00:00.000Z",
            },
            {
              n: 2,
              title: "Proposer-builder separation",
              slug: "roadmap-pbs",
              url: "/p/roadmap-pbs",
              excerpt: "Maximum extractable value…",
              section: "PBS and MEV",
              publishDate: "2024-02-13T00:00:00.000Z",
            },
          ],
        },
      },
      {
        type: "text",
        text: "MEV is value taken by ordering [1]. See [our MEV explainer](/p/mev).",
      },
    ],
  };

  it("writes the site's links as absolute addresses on its public URL", () => {
    expect(exportLines(conversation, site)[1]).toContain(
      "See our research (https://pragmatist.example/p/solana-fees) [1].",
    );
  });

  it("adds the sources shown under the answer that its text does not link, absolute", () => {
    expect(exportLines([research], site)).toEqual([
      "Assistant: MEV is value taken by ordering [1]. See our MEV explainer (https://pragmatist.example/p/mev).\n" +
        "Sources:\n[2] Proposer-builder separation, 13 Feb 2024: https://pragmatist.example/p/roadmap-pbs",
    ]);
  });

  it("makes those addresses clickable in the PDF", () => {
    const source = buildChatPdf(exportLines([research], site)).output();
    expect(source).toContain("/URI (https://pragmatist.example/p/mev)");
    expect(source).toContain("/URI (https://pragmatist.example/p/roadmap-pbs)");
  });
});

describe("the PDF", () => {
  it("holds the conversation's text, and runs onto more pages when long", async () => {
    const long = Array.from(
      { length: 60 },
      (_, i) => `Paragraph ${i + 1}: ${"market ".repeat(30)}`,
    );
    const lines = [...exportLines(conversation), ...long.map((p) => `Assistant: ${p}`)];
    const bytes = new Uint8Array(buildChatPdf(lines).output("arraybuffer"));
    const pdf = await getDocumentProxy(bytes);
    const { totalPages, text } = await extractText(pdf, { mergePages: true });
    expect(totalPages).toBeGreaterThan(3);
    expect(text).toContain("User: Key stats for Solana?");
    expect(text).toContain("Assistant: Solana (SOL)");
    expect(text).toContain("Paragraph 60:");
  });
  it("paints every page dark with white 12 pt text", () => {
    const doc = buildChatPdf(Array.from({ length: 30 }, (_, i) => `User: question ${i}`));
    expect(doc.getNumberOfPages()).toBe(2);
    const source = doc.output();
    // Each page starts with a full-page rectangle in #0d1117, then white Helvetica at 12 pt.
    expect(
      source.match(/^0\.05 0\.07 0\.09 rg\n0\. 841\.\d+ 595\.\d+ -841\.\d+ re$/gm),
    ).toHaveLength(2);
    expect(source).toMatch(/^\/F1 12 Tf\n[\d.]+ TL\n1\. g$/m);
  });
});
