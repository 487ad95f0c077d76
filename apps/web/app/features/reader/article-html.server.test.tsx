// The article text as the server renders it: code highlighted with classes, untrusted code kept as
// text, images the importer could not bring shown as a placeholder.
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
