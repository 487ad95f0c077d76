// Article Markdown in a mail (docs/product/newsletter.md#newsletter-sending): the site's rules (raw
// HTML as text, unsafe schemes dropped), every address absolute, links through the tracking map,
// and a readable text part.
import { describe, expect, it } from "vitest";
import { absoluteUrl, markdownToMailHtml, markdownToMailText } from "./issue-markdown.ts";

const base = "https://pragmatist.example";
const tracked = { base, link: (url: string) => `${base}/r/${encodeURIComponent(url)}` };
const direct = { base, link: (url: string) => url };

describe("absoluteUrl", () => {
  it.each([
    ["/uploads/a.webp", `${base}/uploads/a.webp`],
    ["p/x", `${base}/p/x`],
    ["//cdn.example/a.png", "https://cdn.example/a.png"],
    ["https://x.example/a?b=1&c=2", "https://x.example/a?b=1&c=2"],
    ["mailto:desk@pragmatist.example", "mailto:desk@pragmatist.example"],
    ["#user-content-fn-1", "#user-content-fn-1"],
    ["javascript:alert(1)", ""],
    ["data:image/png;base64,AAAA", ""],
    ["", ""],
  ])("%s → %s", (url, expected) => {
    expect(absoluteUrl(url, base)).toBe(expected);
  });
});

describe("markdownToMailHtml", () => {
  it("shows raw HTML as text and drops unsafe links, as the site does", () => {
    const html = markdownToMailHtml(
      'Hi <script>alert("x")</script> [bad](javascript:alert(1))',
      direct,
    );
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("javascript:");
  });

  it("makes images and links absolute, and passes only links through the map", () => {
    const html = markdownToMailHtml(
      "[a](/p/a?x=1&y=2) ![chart](/uploads/c.webp) <desk@pragmatist.example>",
      tracked,
    );
    expect(html).toContain(`href="${base}/r/${encodeURIComponent(`${base}/p/a?x=1&y=2`)}"`);
    expect(html).toContain(`src="${base}/uploads/c.webp"`);
    expect(html).toContain('href="mailto:desk@pragmatist.example"');
  });

  it("renders GitHub Flavored Markdown: tables, task lists, strikethrough", () => {
    const html = markdownToMailHtml(
      "| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~old~~",
      direct,
    );
    expect(html).toContain("<table>");
    expect(html).toContain('<input type="checkbox" disabled="" checked="" />');
    expect(html).toContain("<del>old</del>");
  });
});

describe("markdownToMailText", () => {
  it("keeps paragraphs, lists and code, and numbers links after the text", () => {
    const text = markdownToMailText(
      "# Fees\n\nRead [the primer](/p/primer) and [docs][d].\n\n- one\n- two\n\n```\nconst a = 1;\n```\n\nSee https://x.example/a\n\n[d]: https://docs.example/",
      direct,
    );
    expect(text).toBe(
      [
        "Fees",
        "Read the primer [1] and docs [2].",
        "- one\n- two",
        "const a = 1;",
        "See https://x.example/a",
        `[1] ${base}/p/primer\n[2] https://docs.example/`,
      ].join("\n\n"),
    );
  });

  it("passes links through the map and leaves no trace of images or tags", () => {
    const text = markdownToMailText("![chart](/c.webp) <b>bold</b> [a](/p/a)", tracked);
    expect(text).toBe(`bold a [1]\n\n[1] ${base}/r/${encodeURIComponent(`${base}/p/a`)}`);
  });
});
