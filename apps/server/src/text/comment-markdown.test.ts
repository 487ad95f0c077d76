// The comment renderer's subset (docs/product/reader.md#comment-text): what becomes markup, what
// stays the text the reader typed, and the links it may make.
import { describe, expect, it } from "vitest";
import { COMMENT_MAX_DEPTH, COMMENT_MAX_STACKED, renderCommentHtml } from "./comment-markdown.ts";

/** The attributes every comment link carries. */
const LINK = 'rel="nofollow ugc noopener" target="_blank"';

describe("renderCommentHtml: what it formats", () => {
  it.each([
    [
      "bold and italic",
      "**bold**, __also__, *italic* and _too_",
      "<p><strong>bold</strong>, <strong>also</strong>, <em>italic</em> and <em>too</em></p>",
    ],
    [
      "inline code, its markup literal",
      "run `a <b> && c` now",
      "<p>run <code>a &#x3C;b> &#x26;&#x26; c</code> now</p>",
    ],
    [
      "a fenced code block with its language",
      "```ts\nconst x = '<b>';\n  indented\n```",
      "<pre><code class=\"language-ts\">const x = '&#x3C;b>';\n  indented\n</code></pre>",
    ],
    [
      "a fenced code block whose info is no language",
      '~~~" onclick=x\nx\n~~~',
      "<pre><code>x\n</code></pre>",
    ],
    ["a block quote", "> quoted\n> still", "<blockquote>\n<p>quoted<br>\nstill</p>\n</blockquote>"],
    ["a bulleted list", "- one\n- two", "<ul>\n<li>one</li>\n<li>two</li>\n</ul>"],
    [
      "a list of stars, then of pluses",
      "* a\n+ b",
      "<ul>\n<li>a</li>\n</ul>\n<ul>\n<li>b</li>\n</ul>",
    ],
    [
      "a numbered list from its first number",
      "3. three\n4. four",
      '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>',
    ],
    [
      "a nested list",
      "1. one\n   - a\n   - b",
      "<ol>\n<li>one\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n</li>\n</ol>",
    ],
    [
      "line breaks inside a paragraph, and paragraphs",
      "line one\nline two\n\nnext",
      "<p>line one<br>\nline two</p>\n<p>next</p>",
    ],
    ["entities, decoded then escaped", "&lt;b&gt; &amp; &copy;", "<p>&#x3C;b> &#x26; ©</p>"],
    ["a backslash escape", "\\*not italic\\*", "<p>*not italic*</p>"],
  ])("%s", (_, markdown, html) => {
    expect(renderCommentHtml(markdown)).toBe(html);
  });

  it("links http(s) addresses: inline, autolinks and bare ones, each with rel and target", () => {
    expect(renderCommentHtml('[the **docs**](https://example.com/a?b=1&c=2 "title")')).toBe(
      `<p><a href="https://example.com/a?b=1&#x26;c=2" ${LINK}>the <strong>docs</strong></a></p>`,
    );
    expect(renderCommentHtml("<HTTP://Example.com>")).toBe(
      `<p><a href="http://example.com/" ${LINK}>HTTP://Example.com</a></p>`,
    );
    expect(renderCommentHtml("See https://example.com/a, and www.example.org.")).toBe(
      `<p>See <a href="https://example.com/a" ${LINK}>https://example.com/a</a>, and ` +
        `<a href="http://www.example.org/" ${LINK}>www.example.org</a>.</p>`,
    );
    // A closing bracket the address did not open ends it, as today's links did.
    expect(renderCommentHtml("(see https://en.wikipedia.org/wiki/Foo_(bar))")).toBe(
      `<p>(see <a href="https://en.wikipedia.org/wiki/Foo_(bar)" ${LINK}>https://en.wikipedia.org/wiki/Foo_(bar)</a>)</p>`,
    );
  });

  it("gives nothing for empty text (a deleted comment's)", () => {
    expect(renderCommentHtml("")).toBe("");
    expect(renderCommentHtml(" \n ")).toBe("");
  });
});

describe("renderCommentHtml: what it shows as the text written", () => {
  it.each([
    ["headings", "# Title\n## Sub", "<p># Title<br>\n## Sub</p>"],
    [
      "a setext heading and a thematic break",
      "Title\n---\n\n***",
      "<p>Title<br>\n---</p>\n<p>***</p>",
    ],
    [
      "an image",
      "![chart](https://example.com/c.png)",
      "<p>![chart](https://example.com/c.png)</p>",
    ],
    [
      "a table",
      "| a | b |\n|---|---|\n| 1 | 2 |",
      "<p>| a | b |<br>\n|---|---|<br>\n| 1 | 2 |</p>",
    ],
    ["raw HTML, escaped", "<b>bold</b> <!-- c -->", "<p>&#x3C;b>bold&#x3C;/b> &#x3C;!-- c --></p>"],
    [
      "a block of raw HTML, escaped",
      "<div>\nx\n</div>",
      "<p>&#x3C;div><br>\nx<br>\n&#x3C;/div></p>",
    ],
    ["indented code (a paragraph)", "    four spaces", "<p>four spaces</p>"],
    [
      "a reference and its definition (the address stays a bare link)",
      "[x][1]\n\n[1]: https://example.com",
      `<p>[x][1]</p>\n<p>[1]: <a href="https://example.com/" ${LINK}>https://example.com</a></p>`,
    ],
    ["strikethrough and task items (GFM)", "~~no~~ [ ] task", "<p>~~no~~ [ ] task</p>"],
    ["an address alone", "http://", "<p>http://</p>"],
  ])("%s", (_, markdown, html) => {
    expect(renderCommentHtml(markdown)).toBe(html);
  });

  it.each([
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](data:text/html,<b>x</b>)",
    "[x](vbscript:msgbox(1))",
    "[x](mailto:a@example.com)",
    "[x](/relative/path)",
    "[x](#fragment)",
    "[x](ftp://example.com/file)",
  ])("shows %j, a link to another scheme or a relative address, as text", (markdown) => {
    const html = renderCommentHtml(markdown);
    expect(html).not.toContain("<a");
    expect(html).toBe(`<p>${markdown.replace(/&/g, "&#x26;").replace(/</g, "&#x3C;")}</p>`);
  });

  it("shows autolinks to other schemes and e-mail addresses as text", () => {
    expect(renderCommentHtml("<javascript:alert(1)> <mailto:a@b.co> <a@b.co> a@b.co")).toBe(
      "<p>&#x3C;javascript:alert(1)> &#x3C;mailto:a@b.co> &#x3C;a@b.co> a@b.co</p>",
    );
  });

  it("keeps the formatting around a refused link, and the link's words as written", () => {
    expect(renderCommentHtml("**[x](javascript:alert(1))** and *![y](z)*")).toBe(
      "<p><strong>[x](javascript:alert(1))</strong> and <em>![y](z)</em></p>",
    );
  });

  it("shows text nested too deeply, or opening too many containers on a line, as one paragraph", () => {
    const deep = `${"> ".repeat(COMMENT_MAX_STACKED + 1)}<b>x</b>\nnext`;
    expect(renderCommentHtml(deep)).toBe(
      `<p>${"> ".repeat(COMMENT_MAX_STACKED + 1)}&#x3C;b>x&#x3C;/b><br>\nnext</p>`,
    );
    const nested = Array.from({ length: COMMENT_MAX_DEPTH }, (_, i) => `${"  ".repeat(i)}- x`);
    expect(renderCommentHtml(nested.join("\n"))).toMatch(/^<p>- x<br>\n {2}- x<br>/);
    // Within the limits, it is Markdown.
    expect(renderCommentHtml(`${"> ".repeat(COMMENT_MAX_STACKED)}x`)).toMatch(/^<blockquote>/);
  });

  it("answers every text of the allowed length without throwing", () => {
    for (const text of [
      "*_".repeat(2500),
      "[](".repeat(1666),
      "- ".repeat(2500),
      "`".repeat(5000),
    ]) {
      expect(typeof renderCommentHtml(text)).toBe("string");
    }
  });
});
