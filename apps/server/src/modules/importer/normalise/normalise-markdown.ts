// Turns Jekyll/Liquid (Bitcoin Optech) and MDX (ethereum.org) pages into plain Markdown.
import type { NormaliseContext } from "./context.ts";
import { expandJsxText } from "./html-tags.ts";
import { expandLiquid, kramdownEmDashes, stripKramdownAttributes } from "./jekyll.ts";
import { headingAnchors, replaceImages, resolveLinks } from "./links.ts";
import { renderElements } from "./render-elements.ts";
import { protectCode, Vault } from "./vault.ts";

/**
 * Turns a page written for Jekyll/Liquid (Bitcoin Optech) or MDX (ethereum.org) into plain
 * Markdown that renders as readable text with no template code (issue: "degrade to readable
 * text, never raw template code"). Rules, each for a case found in the source files:
 * - Liquid: `{% comment %}` blocks, `{% include %}`, `{% assign %}`, `{% capture %}` and any other
 *   tag are removed; `{{ var }}` is replaced by an assigned value or `page.*` front matter, else
 *   removed (`site.baseurl` -> "").
 * - kramdown attribute lists (`{:.class}`, `{:#id}`) and heading ids (`{#id}`) are removed; on a
 *   kramdown page (`ctx.kramdown`) "---" between words becomes an em dash, as kramdown shows it.
 * - MDX components keep their inner text: cards become a bold title and text, banners become
 *   quotes, button links become links, YouTube embeds become a link, widgets are dropped.
 * - JSX text: string expressions (`{" "}`) become their text; a line break between a
 *   non-breaking space and a tag goes.
 * - HTML becomes Markdown (links, emphasis, lists, superscripts as Unicode, line breaks).
 * - Images whose file we do not have (relative paths) become an image without an address (shown
 *   as a figure with its alt text) and a link to the image's section of the original page;
 *   remote images become links (no hot-linking).
 * - Reference links are inlined; labels defined site-wide are resolved by `resolveLabel`,
 *   otherwise the link becomes its plain text.
 * - Root-relative and relative links become absolute URLs on the source site; in-page anchors
 *   point at the anchor our page gives the heading they name (by its text or its `{#id}`), and
 *   become plain text when no heading carries them.
 * Fenced code blocks and code spans are left untouched.
 */
export function normaliseMarkdown(markdown: string, ctx: NormaliseContext): string {
  const vault = new Vault();
  let md = protectCode(markdown.replace(/\r\n?/g, "\n"), vault);
  md = expandLiquid(md, ctx, vault);
  if (ctx.kramdown) md = kramdownEmDashes(md);
  md = renderElements(expandJsxText(md), ctx);
  // Images and anchors first: the heading ids they use go with the kramdown attributes.
  md = replaceImages(md, ctx, vault);
  const anchors = headingAnchors(md, vault);
  md = stripKramdownAttributes(md);
  md = resolveLinks(md, ctx, anchors);
  return vault.restore(tidyWhitespace(md));
}

/**
 * Blank lines are emptied, trailing spaces dropped (a two-space hard break kept), runs of blank
 * lines collapsed to one, and the ends trimmed.
 */
function tidyWhitespace(md: string): string {
  return md
    .replace(/^[ \t]+$/gm, "")
    .replace(/(\S)[ \t]+$/gm, (m, c: string) => (m.endsWith("  ") && !m.endsWith("   ") ? m : c))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
