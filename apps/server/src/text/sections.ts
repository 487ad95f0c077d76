// The sections of an article's Markdown: its opening and each heading, with the prose under them,
// for Max's research passages (docs/product/max.md#max-research).
import type { Nodes } from "mdast";
import { mdastToPlainText, parseMarkdown } from "./plain-text.ts";

/** One section of an article: a heading (or the opening) and the prose written under it. */
export interface MarkdownSection {
  /** The heading as plain text; null for the opening, the prose before the first heading. */
  heading: string | null;
  /** The heading's level, 1 to 6; 0 for the opening. */
  depth: number;
  /**
   * The section's own prose blocks (paragraphs, including those of list items and quotes) as
   * plain text, in reading order, up to the next heading of any level. Tables, code, HTML and
   * blocks without words are left out.
   */
  blocks: string[];
}

/** Collects the prose blocks of `node` into `section`, descending into lists and quotes. */
function collect(node: Nodes, section: MarkdownSection): void {
  if (node.type === "paragraph") {
    const text = mdastToPlainText(node);
    if (/[\p{L}\p{N}]/u.test(text)) section.blocks.push(text);
  } else if (node.type === "list" || node.type === "listItem" || node.type === "blockquote") {
    for (const child of node.children) collect(child, section);
  }
}

/**
 * The sections of `markdown` (CommonMark + GFM, as the pages render it), in order: the opening
 * first (even when empty), then one per heading, each with its own prose blocks as plain text.
 * Never throws: any string is Markdown.
 */
export function markdownSections(markdown: string): MarkdownSection[] {
  const sections: MarkdownSection[] = [{ heading: null, depth: 0, blocks: [] }];
  for (const node of parseMarkdown(markdown).children) {
    if (node.type === "heading") {
      sections.push({ heading: mdastToPlainText(node), depth: node.depth, blocks: [] });
    } else {
      collect(node, sections[sections.length - 1]!);
    }
  }
  return sections;
}
