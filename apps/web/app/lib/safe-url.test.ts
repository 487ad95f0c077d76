// The safe-address rule (docs/product/reader.md#safe-urls): our light restatement agrees with
// react-markdown's defaultUrlTransform, which the Markdown renderer used to take it from.
import { defaultUrlTransform } from "react-markdown";
import { describe, expect, it } from "vitest";
import { safeUrl, sitePath } from "./safe-url.ts";

const ADDRESSES = [
  "https://example.com/a?b=c#d",
  "HTTP://EXAMPLE.COM",
  "mailto:ada@example.com",
  "xmpp:ada@example.com",
  "irc://irc.libera.chat/pragmatist",
  "ircs://irc.libera.chat:6697/pragmatist",
  "/p/solana-fees",
  "//cdn.example.com/x.png",
  "p/relative",
  "?q=a:b",
  "#note:1",
  "./a:b",
  "",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD4=",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "ftp://example.com",
  "tel:+441234",
  "java\nscript:alert(1)",
  "https:",
  ":no-scheme",
];

describe("safeUrl (http, https, ircs, irc, mailto, xmpp, or relative)", () => {
  it("keeps safe and relative addresses and empties the rest", () => {
    expect(safeUrl("https://example.com/")).toBe("https://example.com/");
    expect(safeUrl("/login")).toBe("/login");
    expect(safeUrl("javascript:alert(1)")).toBe("");
    expect(safeUrl("data:text/html,x")).toBe("");
  });
  it("agrees with react-markdown's defaultUrlTransform", () => {
    for (const address of ADDRESSES) {
      expect(safeUrl(address), address).toBe(defaultUrlTransform(address));
    }
  });
});

describe("sitePath (links the app follows itself)", () => {
  it("keeps a path on this site, normalised", () => {
    expect(sitePath("/p/slug#comments")).toBe("/p/slug#comments");
    expect(sitePath("/login?next=%2Fassistant")).toBe("/login?next=%2Fassistant");
    expect(sitePath("/a/../p/x")).toBe("/p/x");
  });

  it("leaves other hosts, schemes, anchors and relative paths to the browser", () => {
    for (const href of [
      "//evil.example",
      "/\\evil.example",
      "/.//evil.example",
      "https://x.example/",
      "#top",
      "p/x",
      "",
      undefined,
      null,
    ]) {
      expect(sitePath(href)).toBeNull();
    }
  });
});
