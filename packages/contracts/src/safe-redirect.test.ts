// Return addresses after sign-in: only paths on the site itself, judged after the
// URL parser has normalised them, so /login cannot be used as an open redirect.
import { describe, expect, it } from "vitest";
import { REDIRECT_TARGET_MAX, safeRedirectPath } from "./safe-redirect.ts";

const SITE = "https://pragmatist.example";

describe("safeRedirectPath keeps paths on the site", () => {
  it.each([
    // Legitimate paths, kept as they are.
    ["/p/some-slug?x=1#comments", "/p/some-slug?x=1#comments"],
    ["/studio/articles/3", "/studio/articles/3"],
    ["/account", "/account"],
    ["/account?tab=1#x", "/account?tab=1#x"],
    ["/", "/"],
    ["/assistant", "/assistant"],
    ["/studio/articles?status=draft&page=2", "/studio/articles?status=draft&page=2"],
    // Dot segments are resolved: what is kept is where the browser would go.
    ["/a/../p/x", "/p/x"],
    ["/./account", "/account"],
    ["/%2e%2e/account", "/account"],
    // An encoded slash or backslash stays inside one segment of a path on this site.
    ["/%2F/evil.example", "/%2F/evil.example"],
    ["/%2f%2fevil.example", "/%2f%2fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    // A relative path resolves from the root.
    ["p/relative", "/p/relative"],
  ])("keeps %j as the same-site path %j", (input, expected) => {
    expect(safeRedirectPath(input, SITE)).toBe(expected);
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it("keeps an absolute address on the site's own origin as its path", () => {
    expect(safeRedirectPath(`${SITE}/p/x?y=1#z`, SITE)).toBe("/p/x?y=1#z");
    expect(safeRedirectPath(`${SITE}/p/x`)).toBeNull();
  });

  it("takes an address of exactly the longest length", () => {
    const path = `/p/${"a".repeat(REDIRECT_TARGET_MAX - 3)}`;
    expect(path).toHaveLength(REDIRECT_TARGET_MAX);
    expect(safeRedirectPath(path, SITE)).toBe(path);
  });
});

describe("safeRedirectPath refuses everything else", () => {
  it.each([
    // The two reported payloads: /./ + / and /a/.. + / normalise to //evil.example.
    "/.//evil.example",
    "/a/..//evil.example",
    // Their encoded and backslash variants.
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/%2e%2e//evil.example",
    "/.\\/evil.example",
    "/./\\evil.example",
    `${SITE}//evil.example`,
    // Protocol-relative and backslash hosts.
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    // Absolute addresses of other hosts, ports or schemes.
    "https://evil.example/",
    "http://pragmatist.example/",
    "https://pragmatist.example:8443/",
    "https://pragmatist.example.evil.example/",
    "http:/evil.example",
    "HTTPS://evil.example",
    "ftp://evil.example/",
    // Script and data addresses.
    "javascript:alert(1)",
    "JavaScript:alert(1)//",
    "data:text/html,<script>alert(1)</script>",
    // Control characters: tabs and newlines, which the URL parser would drop ("/\t/evil" is
    // "//evil"), a header injection, NUL and DEL.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    "/p/x\nLocation: https://evil.example",
    "/p/x\u0000",
    "/p/x\u007f",
  ])("refuses %j", (input) => {
    expect(safeRedirectPath(input, SITE)).toBeNull();
    expect(safeRedirectPath(input)).toBeNull();
  });

  it("refuses missing, empty and over-long values", () => {
    expect(safeRedirectPath(null, SITE)).toBeNull();
    expect(safeRedirectPath(undefined, SITE)).toBeNull();
    expect(safeRedirectPath("", SITE)).toBeNull();
    expect(safeRedirectPath(`/p/${"a".repeat(REDIRECT_TARGET_MAX)}`, SITE)).toBeNull();
  });

  it("refuses everything when the site's origin is not a usable origin", () => {
    expect(safeRedirectPath("/p/x", "not a url")).toBeNull();
    expect(safeRedirectPath("javascript:alert(1)", "javascript:void(0)")).toBeNull();
    expect(safeRedirectPath("data:text/html,x", "data:text/html,y")).toBeNull();
  });
});
