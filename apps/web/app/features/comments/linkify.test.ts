// Linkify rules (docs/product/reader.md#comments): only http(s) addresses become links; the text
// round-trips exactly.
import { describe, expect, it } from "vitest";
import { linkify, safeHref } from "./linkify.ts";

const joined = (text: string) =>
  linkify(text)
    .map((p) => p.text)
    .join("");

describe("linkify", () => {
  it("links http and https addresses and keeps the rest as text", () => {
    expect(linkify("See https://example.com/a?b=1, and http://x.org.")).toEqual([
      { text: "See " },
      { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { text: ", and " },
      { text: "http://x.org", href: "http://x.org/" },
      { text: "." },
    ]);
  });

  it("keeps balanced brackets and drops an unbalanced closing one", () => {
    expect(linkify("(https://en.wikipedia.org/wiki/Foo_(bar))")[1]).toEqual({
      text: "https://en.wikipedia.org/wiki/Foo_(bar)",
      href: "https://en.wikipedia.org/wiki/Foo_(bar)",
    });
  });

  it.each([
    "javascript:alert(1)",
    "[x](javascript:alert(1))",
    "data:text/html,<script>alert(1)</script>",
    "&#x6A;avascript:alert(1)",
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    "vbscript:msgbox(1)",
    "http://",
    "java\u200dscript:alert(1)",
  ])("makes no link of %j", (text) => {
    expect(linkify(text).filter((p) => p.href)).toEqual([]);
    expect(joined(text)).toBe(text);
  });

  it("stops an address at quotes, angle brackets and invisible characters", () => {
    const pieces = linkify('<a href="https://ok.example/x">https://ok.example/\u202Egnp.exe');
    expect(pieces.filter((p) => p.href).map((p) => p.href)).toEqual([
      "https://ok.example/x",
      "https://ok.example/",
    ]);
  });

  it("accepts only http(s) URLs", () => {
    expect(safeHref("https://a.b/")).toBe("https://a.b/");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("not a url")).toBeNull();
  });
});
