// Turns Jekyll/Liquid (Bitcoin Optech) and MDX (ethereum.org) pages into plain Markdown.
import type { NormaliseContext } from "./context.ts";
import { expandLiquid, stripKramdownAttributes } from "./jekyll.ts";
import { replaceImages, resolveLinks } from "./links.ts";
import { renderElements } from "./render-elements.ts";
import { protectCode, Vault } from "./vault.ts";

/**
 * Turns a page written for Jekyll/Liquid (Bitcoin Optech) or MDX (ethereum.org) into plain
 * Markdown that renders as readable text with no template code (issue: "degrade to readable
 * text, never raw template code"). Rules, each for a case found in the source files:
 * - Liquid: `{% comment %}` blocks, `{% include %}`, `{% assign %}`, `{% capture %}` and any other
 *   tag are removed; `{{ var }}` is replaced by an assigned value or `page.*` front matter, else
 *   removed (`site.baseurl` -> "").
 * - kramdown attribute lists (`{:.class}`, `{:#id}`) and heading ids (`{#id}`) are removed.
 * - MDX components keep their inner text: cards become a bold title and text, banners become
 *   quotes, button links become links, YouTube embeds become a link, widgets are dropped.
 * - HTML becomes Markdown (links, emphasis, lists, superscripts as Unicode, line breaks).
 * - Images whose file we do not have (relative paths) become an italic note with their alt
 *   text and a link to the original page; remote images become links (no hot-linking).
 * - Reference links are inlined; labels defined site-wide are resolved by `resolveLabel`,
 *   otherwise the link becomes its plain text.
 * - Root-relative and relative links become absolute URLs on the source site; in-page anchors
 *   that no heading of ours carries become plain text.
 * Fenced code blocks and code spans are left untouched.
 */
export function normaliseMarkdown(markdown: string, ctx: NormaliseContext): string {
  const vault = new Vault();
  let md = protectCode(markdown.replace(/\r\n?/g, "\n"), vault);
  md = expandLiquid(md, ctx, vault);
  md = stripKramdownAttributes(md);
  md = renderElements(md, ctx);
  md = replaceImages(md, ctx.pageUrl);
  md = resolveLinks(md, ctx, vault);
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
