// Unit tests of the normaliser: each Liquid/MDX case of the sources reads as plain Markdown.
import { describe, expect, it } from "vitest";
import { resolveOptechLabel } from "../sources/bitcoin-optech.ts";
import type { NormaliseContext } from "./context.ts";
import { normaliseMarkdown } from "./normalise-markdown.ts";

const eth: NormaliseContext = {
  pageUrl: "https://ethereum.org/en/developers/docs/gas/",
  origin: "https://ethereum.org",
  localePrefix: "/en",
};
const optech: NormaliseContext = {
  pageUrl: "https://bitcoinops.org/en/newsletters/2026/04/10/",
  origin: "https://bitcoinops.org",
  resolveLabel: resolveOptechLabel,
};
const norm = (md: string, ctx: NormaliseContext = eth) => normaliseMarkdown(md, ctx);

describe("Liquid (Jekyll) markup", () => {
  it("drops include tags", () => {
    expect(
      norm(
        'Text.\n\n{% include snippets/recap-ad.md when="2026-04-14 16:30" %}\n{% include references.md %}\n',
        optech,
      ),
    ).toBe("Text.");
  });

  it("drops assign tags, including inline ones at the end of a paragraph", () => {
    expect(norm('A change landed. {% assign timestamp="29:00" %}\n\nNext.', optech)).toBe(
      "A change landed.\n\nNext.",
    );
  });

  it("replaces variables with assigned values, page front matter or nothing", () => {
    const md =
      '{% assign bse = "https://bitcoin.stackexchange.com/a/" %}\n[Q][bse1]\n\n[bse1]: {{bse}}130665\n\n{{page.excerpt}} More.\n\n[home]({{site.baseurl}}/en/) {{unknown}}end';
    const out = norm(md, { ...optech, page: { excerpt: "The  annual\nspecial." } });
    expect(out).toContain("[Q](https://bitcoin.stackexchange.com/a/130665)");
    expect(out).toContain("The annual special. More.");
    expect(out).toContain("[home](https://bitcoinops.org/en/) end");
    expect(out).not.toMatch(/\{\{|\}\}|\{%|%\}/);
  });

  it("removes comment blocks and HTML comments", () => {
    expect(norm("a {% comment %}<!-- hidden -->{% endcomment %}b <!-- x -->c", optech)).toBe(
      "a b c",
    );
  });

  it("keeps the text of raw blocks", () => {
    expect(norm("{% raw %}{{ literal }}{% endraw %}", optech)).toBe("{{ literal }}");
  });
});

describe("kramdown and heading ids", () => {
  it("removes attribute lists on their own line and inline", () => {
    expect(norm("{:#chilldkg}\n- **Item:** text\n\nPara{:.center}", optech)).toBe(
      "- **Item:** text\n\nPara",
    );
  });

  it("shows kramdown's em dashes, not in addresses or code", () => {
    const md =
      "Our questions---or when we have a moment. [Ep](https://x.example/a---b) `a---b`\n\n---\n\nEnd";
    expect(norm(md, { ...optech, kramdown: true })).toBe(
      "Our questions—or when we have a moment. [Ep](https://x.example/a---b) `a---b`\n\n---\n\nEnd",
    );
  });

  it("removes {#ids} from headings", () => {
    expect(norm("## What is gas? {#what-is-gas}\n\nBody")).toBe("## What is gas?\n\nBody");
  });
});

describe("MDX components", () => {
  it("keeps an ExpandableCard as a bold title and its text", () => {
    const md =
      "<ExpandableCard\ntitle=\"What is ARB?\"\ncontentPreview=''>\n\nARB is a **token**.\n\n</ExpandableCard>";
    expect(norm(md)).toBe("**What is ARB?**\n\nARB is a **token**.");
  });

  it("falls back to the preview of an empty ExpandableCard", () => {
    expect(norm('<ExpandableCard title="T" contentPreview="Preview text."></ExpandableCard>')).toBe(
      "**T**\n\nPreview text.",
    );
  });

  it("turns an InfoBanner into a quote, with nested HTML and button links converted", () => {
    const md =
      '<InfoBanner shouldSpaceBetween emoji=":eyes:">\n  <div>Want to learn more?</div>\n  <ButtonLink to="/guides/">\n    See our other guides\n  </ButtonLink>\n</InfoBanner>';
    expect(norm(md)).toBe(
      "> Want to learn more?\n>\n> [See our other guides](https://ethereum.org/en/guides/)",
    );
  });

  it("turns a YouTube embed into a link and drops widgets and dividers", () => {
    expect(
      norm(
        'Intro\n\n<YouTube id="zTStDvUtQWc" />\n\n<Divider />\n\n<QuizWidget quizKey="daos" />\n\nEnd',
      ),
    ).toBe(
      "Intro\n\n_Video: [watch on YouTube](https://www.youtube.com/watch?v=zTStDvUtQWc)_\n\nEnd",
    );
  });

  it("renders cards with title, description and link", () => {
    const md =
      '<CardGrid>\n  <RoadmapActionCard\n    to="/roadmap/scaling"\n    title="Cheaper transactions"\n    description="Rollups get cheaper."\n  />\n  <Card title="Full control" emoji="🎛️" description="Keep your keys." />\n</CardGrid>';
    expect(norm(md)).toBe(
      "**[Cheaper transactions](https://ethereum.org/en/roadmap/scaling)**: Rollups get cheaper.\n\n**Full control**: Keep your keys.",
    );
  });

  it("keeps the spaces JSX keeps: string expressions become their text, no doubled space at an NBSP", () => {
    const md =
      '<InfoBanner>\n  <div>\n    Susceptible to\u00a0\n    <a href="https://x.example/">\n      SIM jacking\n    </a>\n    \u00a0and not secure. Use a service like{" "}\n    <a href="https://y.example/">Authy</a>{\' \'}or keys.\n  </div>\n</InfoBanner>';
    expect(norm(md)).toBe(
      "> Susceptible to\u00a0[SIM jacking](https://x.example/)\u00a0and not secure. Use a service like\n> [Authy](https://y.example/) or keys.",
    );
    expect(norm("Secure.{' '}\n\nNext")).toBe("Secure.\n\nNext");
  });

  it("drops inline components and JSX style props", () => {
    expect(norm('#### <Emoji text=":tada:" size={1} me="0.5rem" />Fun fact!')).toBe(
      "#### Fun fact!",
    );
    expect(norm('Marked <em style={{ textTransform: "uppercase" }}>"client diversity"</em>.')).toBe(
      'Marked _"client diversity"_.',
    );
  });
});

describe("HTML", () => {
  it("converts links, emphasis, code and superscripts", () => {
    expect(
      norm(
        'See <a href="/eips/">EIPs</a>, <strong>bold</strong>, <code>MCOPY</code> and 10<sup>-9</sup> or 2<sup>k</sup>.',
      ),
    ).toBe("See [EIPs](https://ethereum.org/en/eips/), **bold**, `MCOPY` and 10⁻⁹ or 2ᵏ.");
  });

  it("converts lists", () => {
    expect(norm("<ul>\n  <li>one</li>\n  <li><em>two</em></li>\n</ul>")).toBe("- one\n- _two_");
    expect(norm("<ol><li>first</li><li>second</li></ol>")).toBe("1. first\n2. second");
  });

  it("turns line breaks into paragraphs and drops style blocks", () => {
    expect(
      norm("<strong>A</strong><br/><br/>\nB\n\n<style>\n#optech ul { display: flex; }\n</style>"),
    ).toBe("**A**\n\nB");
  });

  it("leaves autolinks and comparison signs alone", () => {
    expect(norm("Visit <https://example.org> if a < b.")).toBe(
      "Visit <https://example.org> if a < b.",
    );
  });
});

describe("links and images", () => {
  it("makes root-relative and relative links absolute on the source site", () => {
    expect(
      norm("[EVM](/developers/docs/evm/) [tx](../transactions/) [en](/en/glossary/#pos)"),
    ).toBe(
      "[EVM](https://ethereum.org/en/developers/docs/evm/) [tx](https://ethereum.org/en/developers/docs/transactions/) [en](https://ethereum.org/en/glossary/#pos)",
    );
    expect(norm("[news](/en/newsletters/2025/11/14/#x)", optech)).toBe(
      "[news](https://bitcoinops.org/en/newsletters/2025/11/14/#x)",
    );
  });

  it("keeps in-page anchors that a heading carries, else plain text", () => {
    expect(norm("## Base fee {#base-fee}\n\nSee [base fee](#base-fee) and [notes](#notes).")).toBe(
      "## Base fee\n\nSee [base fee](#base-fee) and notes.",
    );
  });

  it("reads an in-page link with a broken percent-escape as written instead of failing the page", () => {
    expect(norm("## Café\n\n[café](#caf%C3%A9), [half](#50%)")).toBe(
      "## Café\n\n[café](#café), half",
    );
  });

  it("points a link to a heading's own {#id} at the anchor our page gives that heading", () => {
    expect(
      norm(
        "## Borrowing {#lending}\n\n## Grow your `portfolio` {#Investing}\n\n[Lend](#lending), [invest](#investing).",
      ),
    ).toBe(
      "## Borrowing\n\n## Grow your `portfolio`\n\n[Lend](#borrowing), [invest](#grow-your-portfolio).",
    );
  });

  it("replaces an image we do not have by an image without an address and a link to its section of the original", () => {
    expect(norm("![A diagram of gas](./gas.png)\n\nText")).toBe(
      "![A diagram of gas]() [View the image on ethereum.org](https://ethereum.org/en/developers/docs/gas/)\n\nText",
    );
    // The section is the heading above: its {#id} as written, else its GitHub-style anchor.
    expect(
      norm(
        "### Twitter ad phishing {#ad-phishing}\n\n![Twitter [X] link phishing](./t.png)\n\nIt shows _from ethereum.org_ (shown above).\n\n## What is gas?\n\n<img src='./g.png' alt='Gas' />",
      ),
    ).toBe(
      "### Twitter ad phishing\n\n![Twitter \\[X\\] link phishing]() [View the image on ethereum.org](https://ethereum.org/en/developers/docs/gas/#ad-phishing)\n\nIt shows _from ethereum.org_ (shown above).\n\n## What is gas?\n\n![Gas]() [View the image on ethereum.org](https://ethereum.org/en/developers/docs/gas/#what-is-gas)",
    );
    // A caption on the next line stays on a line of its own below the link.
    expect(norm("![Gas](./gas.png)\n_Diagram adapted from X_")).toBe(
      "![Gas]() [View the image on ethereum.org](https://ethereum.org/en/developers/docs/gas/)  \n_Diagram adapted from X_",
    );
    expect(norm("![](./x.png)Text")).toBe("Text");
    expect(norm("![Chart](https://example.org/c.png)")).toBe("[Chart](https://example.org/c.png)");
  });

  it("inlines reference links and turns undefined ones into plain text", () => {
    const md =
      "The [cluster mempool][topic cluster mempool] and [sources][] and [review club\nv31][rc].\n\n[sources]: /en/internal/sources/\n[rc]: https://bitcoincore.reviews/v31";
    expect(norm(md, optech)).toBe(
      "The cluster mempool and [sources](https://bitcoinops.org/en/internal/sources/) and [review club\nv31](https://bitcoincore.reviews/v31).",
    );
  });

  it("resolves Optech's site-wide issue, repo and BIP labels", () => {
    expect(norm("- [Bitcoin Core #33908][] adds X. [LDK][ldk repo] and [BIP352][].", optech)).toBe(
      "- [Bitcoin Core #33908](https://github.com/bitcoin/bitcoin/issues/33908) adds X. [LDK](https://github.com/lightningdevkit/rust-lightning) and [BIP352](https://github.com/bitcoin/bips/blob/master/bip-0352.mediawiki).",
    );
  });

  it("leaves footnotes to the renderer (GFM)", () => {
    expect(norm("Claim.[^1]\n\n[^1]: A note.")).toBe("Claim.[^1]\n\n[^1]: A note.");
  });

  it("drops unsafe link schemes", () => {
    expect(norm("[click](javascript:alert(1))")).toBe("click");
  });

  it("leaves code untouched", () => {
    const md = 'Use `{% raw %}` or `<InfoBanner>`.\n\n```html\n<a href="/x">{{ y }}</a>\n```';
    expect(norm(md)).toBe(md);
  });
});
