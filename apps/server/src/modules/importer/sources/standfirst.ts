// What an imported page's body must not repeat from the article page's header: the page's own
// title heading and the sentences shown as the subtitle.
import { proseParagraphs } from "../../../text/excerpts.ts";
import { markdownToPlainText } from "../../../text/plain-text.ts";
import { collapseWhitespace as collapse } from "../normalise/markdown-text.ts";

/**
 * The body without a leading level-1 heading: on the source site (ethereum.org) that heading is
 * the page's title, which our article page already shows as its own heading above the text
 * (docs/product/reader.md#imported-articles). A level-1 heading further down stays.
 */
export function withoutPageHeading(markdown: string): string {
  return markdown.replace(/^\s*# [^\n]*(?:\n\s*|$)/, "");
}

/**
 * The body without the sentences the article page shows as its subtitle just above it
 * (docs/product/reader.md#imported-articles): when the first block is a prose paragraph whose text
 * is the subtitle, the paragraph goes; when it starts with the subtitle's whole sentences, those
 * sentences go and the rest of the paragraph stays. Anything else (another first block, a
 * subtitle cut with "…", sentences that do not match the Markdown exactly) leaves the body as it is.
 * @param markdown the normalised body (Markdown).
 * @param subTitle the subtitle as plain text.
 */
export function withoutStandfirst(markdown: string, subTitle: string): string {
  const shown = collapse(subTitle);
  const body = markdown.trim();
  const end = body.search(/\n\s*\n/);
  const first = end < 0 ? body : body.slice(0, end);
  const rest = end < 0 ? "" : body.slice(end);
  if (!shown || shown.endsWith("…") || proseParagraphs(first).length !== 1) return markdown;
  const text = markdownToPlainText(first);
  if (text === shown) return rest.trim();
  if (!text.startsWith(`${shown} `)) return markdown;
  // Cut the Markdown after the sentence end (closing marks included) whose text is the subtitle.
  for (const m of first.matchAll(/[.!?]["'’”)\]*_]*\s+/g)) {
    const cut = m.index + m[0].length;
    if (markdownToPlainText(first.slice(0, cut)) === shown) return `${first.slice(cut)}${rest}`;
  }
  return markdown;
}
