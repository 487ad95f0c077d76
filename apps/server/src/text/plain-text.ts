// The readable text of an article's Markdown, for every place that needs words rather than markup:
// card excerpts and reading time (content), the search index (search) and Max's research passages
// (assistant). One parser, micromark with GitHub Flavored Markdown as the pages render it.
import type { Nodes, Parents, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

/** What `markdownToPlainText` keeps. */
export interface PlainTextOptions {
  /**
   * Keep the text of code blocks. The search index keeps it (a reader may look for
   * `OP_CHECKSIG`); excerpts and passages leave it out, as code does not read as prose.
   */
  code?: boolean;
}

/** Nodes whose text runs into the next block's: they end with a space. */
const BLOCKS = new Set<Nodes["type"]>([
  "root",
  "paragraph",
  "heading",
  "blockquote",
  "list",
  "listItem",
  "table",
  "tableRow",
  "tableCell",
  "footnoteDefinition",
]);

/** A link whose text is its own address (`<https://…>` or a bare URL): an address, not words. */
function isBareUrl(node: Extract<Nodes, { type: "link" }>): boolean {
  const [only] = node.children;
  return node.children.length === 1 && only?.type === "text" && only.value === node.url;
}

/**
 * The words of Markdown (CommonMark + GFM) as one line of plain text: what a reader sees, minus
 * markup. Emphasis, headings, list and quote markers, table pipes, HTML tags, images, link
 * addresses, bare URLs, reference definitions and footnote markers go; link text, inline code and
 * entities (decoded) stay; whitespace collapses to single spaces. Code blocks stay only with
 * `{ code: true }`. Never throws: any string is Markdown.
 */
export function markdownToPlainText(markdown: string, options: PlainTextOptions = {}): string {
  return mdastToPlainText(parseMarkdown(markdown), options);
}

/** The syntax tree (mdast) of Markdown as the pages render it: CommonMark + GFM. Never throws. */
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
}

/**
 * `markdownToPlainText` for one node of a tree `parseMarkdown` made (a heading, a paragraph): its
 * words as one line of plain text, by the same rules.
 */
export function mdastToPlainText(tree: Nodes, options: PlainTextOptions = {}): string {
  const parts: string[] = [];
  const visit = (node: Nodes): void => {
    switch (node.type) {
      case "text":
      case "inlineCode":
        parts.push(node.value);
        return;
      case "code":
        if (options.code) parts.push(` ${node.value} `);
        return;
      case "html":
        // Raw HTML: its tags go, any text between them stays.
        parts.push(` ${node.value.replace(/<[^>]*>/g, " ")} `);
        return;
      case "break":
        parts.push(" ");
        return;
      case "image":
      case "imageReference":
      case "definition":
      case "footnoteReference":
        return;
      case "link":
        if (isBareUrl(node)) return;
        break;
    }
    if (!("children" in node)) return;
    for (const child of (node as Parents).children) visit(child);
    if (BLOCKS.has(node.type)) parts.push(" ");
  };
  visit(tree);
  return parts.join("").replace(/\s+/g, " ").trim();
}
