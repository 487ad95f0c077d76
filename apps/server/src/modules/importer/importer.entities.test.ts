// HTML entities in an imported page reach readers as the characters they name: every named entity
// of HTML, decimal and hexadecimal ones, in HTML code and preformatted blocks (which Markdown shows
// verbatim) and in attribute values that become text.
import { describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { importFiles } from "./importer.test-fixtures.ts";

const SLUG = "bitcoin-optech-newsletter-2026-05-08";

/** A Bitcoin Optech issue in the source's own format, written with entities as its HTML has them. */
const ISSUE = [
  "---",
  "title: 'Bitcoin Optech Newsletter #404'",
  "permalink: /en/newsletters/2026/05/08/",
  "---",
  "This week&rsquo;s newsletter looks at fee estimates. Also included are our regular sections.",
  "",
  "## News",
  "",
  "- **Fee estimates:** the estimator now returns <code>2&ndash;5 sat/vB &mdash; or more&hellip;</code>",
  "  for a child-pays-for-parent spend.",
  "",
  "<pre>",
  "estimatesmartfee 6 &rarr; 4.2 sat/vB",
  "it&#x2019;s &copy; &lt;node&gt; &amp; co",
  "</pre>",
  "",
  '<img src="https://bitcoinops.org/img/fees.png" alt="Fees by hour &mdash; it&#x2019;s calm">',
  "",
].join("\n");

describe.each(engines)("an imported page's HTML entities on %s", (engine) => {
  const ctx = withTestApp(engine);

  it("are served as the characters they name, in code, preformatted text and attributes", async () => {
    const summary = await importFiles(ctx.app.services, { "2026-05-08-newsletter.md": ISSUE });
    expect(summary.skipped).toEqual([]);
    const res = await ctx.app.inject({ url: `/api/articles?filters[slug][$eq]=${SLUG}` });
    const article = (res.json() as { data: { attributes: Record<string, string> }[] }).data[0];
    if (!article) throw new Error(`${SLUG} was not imported`);
    const { content, subTitle } = article.attributes;
    expect(subTitle).toBe(
      "This week’s newsletter looks at fee estimates. Also included are our regular sections.",
    );
    // Inside a code span and a code block, Markdown shows characters as they are written.
    expect(content).toContain("`2–5 sat/vB — or more…`");
    expect(content).toContain("estimatesmartfee 6 → 4.2 sat/vB\nit’s © <node> & co");
    // An image we do not host becomes a link named by its alt text.
    expect(content).toContain("[Fees by hour — it’s calm](https://bitcoinops.org/img/fees.png)");
    expect(content).not.toMatch(/&[a-z]+;|&#/i);
  });
});
