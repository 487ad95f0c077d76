// The article text's links (docs/product/reader.md#article-body): links to this site's pages
// navigate in the app; anything that could leave the site is left to the browser.
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../test/route-test-kit.tsx";
import { ArticleBody } from "./article-body.tsx";

afterEach(cleanup);

const html =
  '<p><a href="/p/other">Other</a> <a href="/\\evil.example">Slash</a> <a href="//evil.example">Two</a></p>';

describe("ArticleBody", () => {
  it("opens a page of the site in the app", async () => {
    renderRoute(<ArticleBody html={html} />, {
      path: "/p/this",
      routes: [{ path: "/p/other", Component: () => <p>Other page</p> }],
    });
    expect(fireEvent.click(screen.getByRole("link", { name: "Other" }))).toBe(false);
    expect(await screen.findByText("Other page")).toBeTruthy();
  });

  it("leaves an address another host can be read from (/\\host, //host) to the browser", () => {
    renderRoute(<ArticleBody html={html} />, { path: "/p/this" });
    // true: the click was not taken over (its default, the browser's own navigation, stays).
    expect(fireEvent.click(screen.getByRole("link", { name: "Slash" }))).toBe(true);
    expect(fireEvent.click(screen.getByRole("link", { name: "Two" }))).toBe(true);
  });
});
