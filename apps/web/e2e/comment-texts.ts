// Comment texts the comments journeys post (comments.test.ts): a formatted one, and attempts to
// make comment text into markup, script or a dangerous link (docs/product/reader.md#comment-text).

/** A comment with the formatting readers use most: bold, a list, a code block and a link. */
export const FORMATTED = [
  "**Audits** are not enough on their own:",
  "",
  "- read the code yourself",
  "- check who holds the *upgrade keys*",
  "",
  "```",
  "const exposure = positionSize * probabilityOfExploit * (1 - recoveryRate); // long lines scroll",
  "```",
  "",
  "More in [the risk guide](https://example.com/risk-guide).",
].join("\n");

/** The elements comment text may hold (reader.md#comment-text). */
export const SUBSET = "a, blockquote, br, code, em, li, ol, p, pre, strong, ul";

// At least 25 attempts to make comment text into markup, script or a dangerous link.
export const PAYLOADS = [
  "<script>alert('xss-1')</script>",
  "<img src=x onerror=alert('xss-2')>",
  "<svg onload=alert('xss-3')><circle r=1></svg>",
  "<a href=\"javascript:alert('xss-4')\">click me</a>",
  "javascript:alert('xss-5')",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgneHNzLTYnKTwvc2NyaXB0Pg==",
  "[click](javascript:alert('xss-7'))",
  "![img](x\" onerror=\"alert('xss-8'))",
  "&lt;script&gt;alert('xss-9')&lt;/script&gt;",
  "<a href=\"&#x6A;avascript:alert('xss-10')\">entity</a>",
  "&#x6A;avascript:alert('xss-11')",
  "<a href=\"jav&#x09;ascript:alert('xss-12')\">tab</a>",
  "\u202Egnp.exe <b>rtl-13</b>",
  "java\u200Dscript:alert('xss-14') java\u200Bscript:x",
  "＜script＞alert('xss-15')＜/script＞",
  "<iframe srcdoc=\"<script>alert('xss-16')</script>\"></iframe>",
  "<style>body{display:none}</style>styled-17",
  "{{constructor.constructor('alert(\"xss-18\")')()}}",
  "</textarea><script>alert('xss-19')</script>",
  "<details open ontoggle=alert('xss-20')>",
  "<body onload=alert('xss-21')>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert('xss-22')>",
  "\"><img src=x onerror=alert('xss-23')>",
  "<object data=\"javascript:alert('xss-24')\"></object>",
  "<input autofocus onfocus=alert('xss-25')>",
  "https://example.com/\"onmouseover=\"alert('xss-26') ok",
  "http://evil.example/<script>alert('xss-27')</script>",
  "<!--<img src=x onerror=alert('xss-28')>-->",
];

/**
 * Markup and dangerous links inside Markdown, each with the text a reader sees: the Markdown
 * formats (bold, a quote, a list, a link) and what is inside stays text.
 */
export const NESTED_PAYLOADS: [payload: string, shown: string][] = [
  ["**<img src=x onerror=alert('xss-29')>**", "<img src=x onerror=alert('xss-29')>"],
  [
    "[**[nested](javascript:alert('xss-30'))**](https://example.com/ok)",
    "[[nested](javascript:alert('xss-30'))](https://example.com/ok)",
  ],
  [
    '<https://example.com/"onmouseover="alert(\'xss-31\')">',
    'https://example.com/"onmouseover="alert(\'xss-31\')"',
  ],
  ["> - <script>alert('xss-32')</script>", "<script>alert('xss-32')</script>"],
];
