// A long read's contents (docs/product/reader.md#contents): made on the server from the text's
// `##` and `###` headings, each link landing on its heading; a short article, or one with few
// sections, has none.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArticleContents } from "./article-contents.tsx";
import { contentsOf, renderArticle } from "./article-html.server.tsx";

const longText = [
  "# Title inside the text",
  "Opening words.",
  "## Why fees fell",
  "Text.",
  "### Blob space",
  "More text.",
  "## Funding rates",
  "Text.",
  "## Funding rates",
  "A repeated heading.",
  "#### Too deep for the contents",
].join("\n\n");

/** The article's text and the contents drawn from it, as one page's elements. */
function page(markdown: string, readingTimeMinutes: number) {
  const { html, headings } = renderArticle(markdown, true);
  const contents = contentsOf(headings, readingTimeMinutes);
  const root = document.createElement("div");
  root.innerHTML =
    (contents ? renderToStaticMarkup(<ArticleContents entries={contents} />) : "") + html;
  return { root, contents };
}

describe("the contents of a long read", () => {
  it("lists the ## and ### sections, each link landing on its heading", () => {
    const { root } = page(longText, 6);
    const nav = root.querySelector('nav[aria-label="Contents"]')!;
    const links = [...nav.querySelectorAll("a")];
    expect(links.map((link) => link.textContent)).toEqual([
      "Why fees fell",
      "Blob space",
      "Funding rates",
      "Funding rates",
    ]);
    for (const link of links) {
      const target = root.querySelector(`[id="${link.hash.slice(1)}"]`);
      expect(target?.tagName, link.hash).toMatch(/^H[23]$/);
      expect(target?.textContent).toBe(link.textContent);
    }
    // The repeated heading's link lands on the second one.
    expect(links[3]?.getAttribute("href")).toBe("#funding-rates-1");
    // A ### section sits under its ##.
    expect(links[1]?.parentElement?.className).toContain("pl-3");
  });

  it("is a disclosure to open on a phone, closed at first", () => {
    const details = page(longText, 6).root.querySelector("details");
    expect(details?.querySelector("summary")?.textContent).toBe("Contents");
    expect(details?.open).toBe(false);
  });

  it("is not there for a read under 4 minutes or with fewer than 3 sections", () => {
    expect(page(longText, 3).contents).toBeNull();
    expect(page("## One\n\nText.\n\n### Two\n\nText.", 12).contents).toBeNull();
    expect(page("Plain text, no headings.", 12).contents).toBeNull();
  });
});
