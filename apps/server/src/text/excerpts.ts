// Plain-text rules over an article's Markdown: excerpts, first sentences and prose paragraphs,
// shared by the importer, the studio and Max's research passages (reading time:
// @pragmatist/contracts `readingTimeMinutes`, which the editor uses too).
import { markdownToPlainText } from "./plain-text.ts";
import { splitSentences } from "./sentences.ts";

/** Cuts plain text at a word boundary to at most `max` characters, adding "…" when cut. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, "")}…`;
}

/** Blocks that are not running prose: headings, lists, quotes, tables, code, HTML, figures. */
const NOT_PROSE = /^(#|[-*+] |\d+[.)] |>|\||```|~~~|<|!\[)/;

/** The running-prose paragraphs of Markdown (no headings, lists, quotes, tables, code or HTML). */
export function proseParagraphs(markdown: string): string[] {
  return markdown.split(/\n\s*\n/).filter((b) => b.trim() && !NOT_PROSE.test(b.trim()));
}

/**
 * The excerpt of an article card: ~200 characters of plain text (no Markdown syntax), taken
 * from the prose paragraphs (a leading summary list or a heading does not read well on a card),
 * or from the whole text when it has too little prose; cut at a word boundary.
 */
export function excerptOf(markdown: string, max = 200): string {
  let text = markdownToPlainText(proseParagraphs(markdown).join("\n\n"));
  if (text.length < 80) text = markdownToPlainText(markdown.replace(/^\s{0,3}#{1,6}\s.*$/gm, ""));
  return truncateText(text, max);
}

/**
 * The first sentence(s) of a text (splitSentences): whole sentences until at least `min`
 * characters, never more than `max` (then cut at a word). Abbreviations such as "e.g." do not end
 * a sentence.
 */
export function firstSentences(text: string, min = 60, max = 240): string {
  let out = "";
  for (const s of splitSentences(text)) {
    if (out && out.length >= min) break;
    const next = out ? `${out} ${s}` : s;
    if (out && next.length > max) break;
    out = next;
  }
  return truncateText(out, max);
}

/** The first paragraph of Markdown that is prose (not a heading, list, quote, table or code). */
export function firstParagraph(markdown: string): string {
  for (const block of markdown.split(/\n\s*\n/)) {
    const b = block.trim();
    if (!b || NOT_PROSE.test(b)) continue;
    const text = markdownToPlainText(b);
    if (text.length >= 20) return text;
  }
  return markdownToPlainText(markdown);
}
