// Comment text that tries to be script, markup or a dangerous link (OWASP XSS Filter Evasion
// Cheat Sheet), rendered and then parsed as a browser would: only the subset's elements, no event
// handler or style, and every link an http(s) address with rel="nofollow ugc noopener".
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { renderCommentHtml } from "./comment-markdown.ts";

const ELEMENTS = new Set([
  "A",
  "BLOCKQUOTE",
  "BR",
  "CODE",
  "EM",
  "LI",
  "OL",
  "P",
  "PRE",
  "STRONG",
  "UL",
]);
/** The attributes each element may carry. */
const ATTRIBUTES: Record<string, string[]> = {
  A: ["href", "rel", "target"],
  CODE: ["class"],
  OL: ["start"],
};

const PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<svg onload=alert(1)><circle r=1></svg>",
  '<a href="javascript:alert(1)">click</a>',
  "[x](javascript:alert(1))",
  "[x](javascript&colon;alert(1))",
  "[x](&#x6A;avascript:alert(1))",
  "[x](java\tscript:alert(1))",
  "[x]( javascript:alert(1))",
  "[x](<javascript:alert(1)>)",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[x](vbscript:msgbox(1))",
  "<javascript:alert(1)>",
  "<JAVASCRIPT:alert(1)>",
  '![x](x" onerror="alert(1))',
  '![x](https://example.com/a.png "onerror=alert(1)")',
  '[x](https://example.com/"onmouseover="alert(1))',
  '[x](https://example.com/ "title" onmouseover=alert(1))',
  '<https://example.com/"onmouseover="alert(1)">',
  'https://example.com/"onmouseover="alert(1)" ok',
  "https://example.com/'onmouseover='alert(1)' ok",
  'www.example.com/"><script>alert(1)</script>',
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "&#60;img src=x onerror=alert(1)&#62;",
  "**<img src=x onerror=alert(1)>**",
  '> <iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "- <details open ontoggle=alert(1)>",
  "```html\n<script>alert(1)</script>\n```",
  '```"><script>alert(1)</script>\nx\n```',
  "`<script>alert(1)</script>`",
  "<style>body{display:none}</style>",
  "<!--<img src=x onerror=alert(1)>-->",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "[**[nested](javascript:alert(1))**](https://example.com)",
  "[a](https://example.com)[b](javascript:alert(1))",
  "\u202Egnp.exe [x](https://example.com/\u202E)",
];

/** `html` parsed by a browser engine (happy-dom) inside a div. */
function parse(html: string): Element {
  const { document } = new Window();
  const root = document.createElement("div");
  root.innerHTML = html;
  return root as unknown as Element;
}

describe("comment text that tries to be markup", () => {
  it.each(PAYLOADS)("%j stays within the subset", (payload) => {
    const root = parse(renderCommentHtml(payload));
    for (const el of Array.from(root.querySelectorAll("*"))) {
      expect(ELEMENTS.has(el.tagName), el.outerHTML).toBe(true);
      const allowed = ATTRIBUTES[el.tagName] ?? [];
      for (const name of el.getAttributeNames()) expect(allowed, el.outerHTML).toContain(name);
    }
    for (const a of Array.from(root.querySelectorAll("a"))) {
      expect(new URL(a.getAttribute("href") ?? "").protocol).toMatch(/^https?:$/);
      expect(a.getAttribute("rel")).toBe("nofollow ugc noopener");
    }
    for (const code of Array.from(root.querySelectorAll("code[class]"))) {
      expect(code.getAttribute("class")).toMatch(/^language-[\w+#.-]+$/);
    }
  });

  it("shows the script, the image and the refused links as their text", () => {
    const text = (markdown: string) => parse(renderCommentHtml(markdown)).textContent;
    expect(text("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
    expect(text("<img src=x onerror=alert(1)>")).toBe("<img src=x onerror=alert(1)>");
    expect(text("[x](javascript:alert(1))")).toBe("[x](javascript:alert(1))");
    expect(text("&lt;script&gt;")).toBe("<script>");
    // A quote inside a bare address is part of the address, percent-encoded: no attribute escapes.
    const link = parse(renderCommentHtml('https://example.com/"onmouseover="x ok')).querySelector(
      "a",
    );
    expect(link?.getAttribute("href")).toBe("https://example.com/%22onmouseover=%22x");
    expect(link?.getAttributeNames()).toEqual(["href", "rel", "target"]);
  });
});

/** Usernames that hold markup, Markdown or quotes, each mentioned in a comment. */
const HOSTILE_NAMES = [
  '<img src=x onerror="alert(1)">',
  "</a><script>alert(1)</script>",
  '"onmouseover="alert(1)',
  "**bold** [x](javascript:alert(1))",
  "`tick` & <b>",
];

describe("mentions of members whose names look like markup", () => {
  it.each(HOSTILE_NAMES)("@%s is one mention link showing the name as text", (username) => {
    const mentions = [{ username, href: "/p/an-article#comment-7" }];
    const root = parse(renderCommentHtml(`Hello @${username} there`, mentions));
    for (const el of Array.from(root.querySelectorAll("*"))) {
      expect(ELEMENTS.has(el.tagName), el.outerHTML).toBe(true);
      const allowed = el.tagName === "A" ? ["href", "class"] : (ATTRIBUTES[el.tagName] ?? []);
      for (const name of el.getAttributeNames()) expect(allowed, el.outerHTML).toContain(name);
    }
    const links = Array.from(root.querySelectorAll("a"));
    // Where Markdown in the name makes other nodes of the text, the name is not matched: no link.
    expect(links.length).toBeLessThanOrEqual(1);
    for (const a of links) {
      expect(a.getAttribute("class")).toBe("mention");
      expect(a.getAttribute("href")).toBe("/p/an-article#comment-7");
      expect(a.textContent).toBe(`@${username}`);
    }
    expect(root.textContent).toContain("Hello @");
  });

  it("links a name with quotes, the quotes escaped as text inside the link", () => {
    const html = renderCommentHtml('Hi @"quoted" name', [
      { username: '"quoted" name', href: "/authors/quoted-name" },
    ]);
    expect(html).toBe(
      '<p>Hi <a href="/authors/quoted-name" class="mention">@"quoted" name</a></p>',
    );
  });
});
