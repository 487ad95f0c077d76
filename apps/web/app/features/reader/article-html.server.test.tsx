// The article text as the server renders it: code highlighted with classes, untrusted code kept as
// text, images the importer could not bring shown as a placeholder, images the studio stored sized
// and captioned.
import { describe, expect, it } from "vitest";
import { renderArticleHtml } from "./article-html.server.tsx";

/** The rendered HTML as a document fragment, to query like a browser would. */
function render(markdown: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderArticleHtml(markdown, true);
  return root;
}

describe("code blocks in an article", () => {
  it("highlights a block whose fence names a language, with classes and no inline style", () => {
    const body = render("```python\nfrom web3 import Web3  # the library\nprint('hi')\n```");
    const code = body.querySelector("pre > code");
    expect(code?.classList.contains("hljs")).toBe(true);
    expect(code?.querySelector(".hljs-keyword")?.textContent).toBe("from");
    expect(code?.querySelector(".hljs-comment")?.textContent).toBe("# the library");
    expect(code?.querySelector(".hljs-string")?.textContent).toBe("'hi'");
    // What the reader reads and copies is the code as written.
    expect(code?.textContent).toBe("from web3 import Web3  # the library\nprint('hi')\n");
    expect(body.querySelector("[style]")).toBeNull();
  });

  it("understands the usual aliases (js, sh) and leaves unknown languages and plain blocks as text", () => {
    expect(render("```js\nconst a = 1;\n```").querySelector(".hljs-keyword")?.textContent).toBe(
      "const",
    );
    expect(render("```sh\necho hi\n```").querySelector("code.hljs")).not.toBeNull();
    for (const md of ["```\nconst a = 1;\n```", "```nosuchlanguage\nconst a = 1;\n```"]) {
      const code = render(md).querySelector("pre > code");
      expect(code?.textContent).toBe("const a = 1;\n");
      expect(code?.querySelector("span")).toBeNull();
    }
  });

  it("shows untrusted code as text: no element, attribute or script gets through a code block", () => {
    const attack =
      '</code></pre><script>alert(1)</script><img src=x onerror="alert(2)"> "quoted" & \'single\'';
    for (const lang of ["html", "javascript", "", "nosuchlanguage"]) {
      const body = render(`\`\`\`${lang}\n${attack}\n\`\`\``);
      expect(body.querySelector("code.hljs") !== null, lang).toBe(
        lang === "html" || lang === "javascript",
      );
      expect(body.querySelectorAll("script, img, [onerror]")).toHaveLength(0);
      expect(body.querySelector("pre > code")?.textContent).toBe(`${attack}\n`);
      // Only the highlighter's own spans inside the code.
      for (const el of body.querySelectorAll("pre > code *")) {
        expect(el.tagName).toBe("SPAN");
        expect([...el.attributes].map((a) => a.name)).toEqual(["class"]);
      }
    }
  });
});

describe("headings of an article", () => {
  it("carry their anchors, so the text's in-page links land on their section", () => {
    const body = render(
      "See [the base fee](#base-fee) and [why](#why-do-gas-fees-exist).\n\n### Base fee\n\n## Why do gas *fees* exist?\n\n### Base fee",
    );
    const links = body.querySelectorAll<HTMLAnchorElement>('a[href^="#"]');
    expect(links).toHaveLength(2);
    for (const link of links) {
      const target = body.querySelector(`[id="${link.getAttribute("href")?.slice(1)}"]`);
      expect(target?.tagName, link.href).toMatch(/^H[23]$/);
    }
    // A repeated heading gets its own id, as on GitHub.
    expect([...body.querySelectorAll("h2, h3")].map((h) => h.id)).toEqual([
      "base-fee",
      "why-do-gas-fees-exist",
      "base-fee-1",
    ]);
  });
});

describe("images the importer could not bring", () => {
  it("shows a framed placeholder with the description and the link to the original, not a broken image", () => {
    const body = render(
      "![Twitter link phishing]() [View the image on ethereum.org](https://ethereum.org/en/security/#ad-phishing)\n\nIt shows _from ethereum.org_ (shown above).",
    );
    expect(body.querySelector("img")).toBeNull();
    const figure = body.querySelector("p");
    expect(figure?.textContent).toContain("Image not included");
    expect(figure?.textContent).toContain("Twitter link phishing");
    expect(
      figure?.querySelector('a[href="https://ethereum.org/en/security/#ad-phishing"]')?.textContent,
    ).toBe("View the image on ethereum.org");
  });
});

describe("images the studio stored", () => {
  const stored = "/uploads/articles/images/1600x800-1a2b3c4d5e6f7a8b.webp";

  it("reserve their box and offer the smaller copies for the column's width, loading lazily", () => {
    const img = render(`Fees fell.\n\n![Fees by month](${stored})`).querySelector("img");
    expect(img?.getAttribute("width")).toBe("1600");
    expect(img?.getAttribute("height")).toBe("800");
    expect(img?.getAttribute("srcset")).toBe(
      stored.replace(".webp", ".w480.webp 480w, ") +
        stored.replace(".webp", ".w800.webp 800w, ") +
        `${stored} 1600w`,
    );
    expect(img?.getAttribute("sizes")).toBe("(max-width: 44rem) calc(100vw - 2rem), 42rem");
    expect(img?.getAttribute("loading")).toBe("lazy");
    expect(img?.getAttribute("alt")).toBe("Fees by month");
  });

  it("show a title as a caption under the image, as text", () => {
    const body = render(`![Fees by month](${stored} "Fees <b>fell</b> in 2025")`);
    const figure = body.querySelector("figure");
    expect(figure?.querySelector("img")?.getAttribute("alt")).toBe("Fees by month");
    expect(figure?.querySelector("img")?.hasAttribute("title")).toBe(false);
    expect(figure?.querySelector("figcaption")?.textContent).toBe("Fees <b>fell</b> in 2025");
    expect(body.querySelector("b")).toBeNull();
    expect(body.querySelector("p")).toBeNull();
    // An image inside a sentence, or without a title, stays an image of its paragraph.
    const inline = render(`See ![a dot](${stored} "A dot") here.\n\n![Plain](${stored})`);
    expect(inline.querySelector("figure")).toBeNull();
    expect(inline.querySelectorAll("p > img")).toHaveLength(2);
  });

  it("leave any other image as it was: no size, no copies", () => {
    const img = render("![Logo](/uploads/articles/logo.png)").querySelector("img");
    expect(img?.getAttribute("src")).toBe("/uploads/articles/logo.png");
    expect(img?.hasAttribute("srcset")).toBe(false);
    expect(img?.hasAttribute("width")).toBe(false);
  });
});
