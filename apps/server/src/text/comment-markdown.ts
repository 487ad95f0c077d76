// A comment's Markdown as HTML, the one renderer of comment text (docs/product/reader.md#comment-text):
// a small subset of CommonMark (bold, italic, code, fenced code, quotes, lists, http(s) links and
// bare addresses); everything else is shown as the literal text the reader typed.
import type { ElementContent, Root as HastRoot } from "hast";
import { type Schema, sanitize } from "hast-util-sanitize";
import { toHtml } from "hast-util-to-html";
import { LRUCache } from "lru-cache";
import type { Nodes, Parents, PhrasingContent, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmAutolinkLiteralFromMarkdown } from "mdast-util-gfm-autolink-literal";
import { newlineToBreak } from "mdast-util-newline-to-break";
import { toHast } from "mdast-util-to-hast";
import { toString } from "mdast-util-to-string";
import { gfmAutolinkLiteral } from "micromark-extension-gfm-autolink-literal";
import { mentionSpans } from "./mentions.ts";

/**
 * CommonMark constructs a comment does not have, turned off in the parser so their markers stay
 * text: headings (ATX and setext), thematic breaks, raw HTML (block and inline: shown escaped),
 * indented code (an indented paragraph stays a paragraph; code is fenced), and link reference
 * definitions (so no reference link or image can be made either). Names are micromark's.
 */
const TURNED_OFF = {
  disable: {
    null: [
      "codeIndented",
      "definition",
      "headingAtx",
      "htmlFlow",
      "htmlText",
      "setextUnderline",
      "thematicBreak",
    ],
  },
};

/**
 * A member a comment mentions, as its text shows them (docs/product/reader.md#mentions): their
 * current username and where `@Username` leads, a path on this site (`/authors/{slug}` or
 * `/p/{slug}#comment-{id}`), or an absolute `http(s)` address of it (a mail's).
 */
export interface RenderedMention {
  username: string;
  href: string;
}

/** `rel` of every link: a reader's link, not endorsed by the publication (Google's `ugc`). */
export const COMMENT_LINK_REL = ["nofollow", "ugc", "noopener"];

/**
 * What the HTML may hold, checked again after the tree is built (OWASP XSS Prevention Cheat
 * Sheet, rule 6: sanitise HTML with a library built for it): the elements of the subset, links
 * with an http(s) `href` and our `rel` and `target` (or a mention's class `mention`, whose path
 * is relative: a reader's relative link never reaches here, `keepSafeLinks` makes it text), a
 * list's `start`, a code block's `language-*` class. Anything else is dropped; comments and
 * doctypes too.
 */
const SCHEMA: Schema = {
  tagNames: ["a", "blockquote", "br", "code", "em", "li", "ol", "p", "pre", "strong", "ul"],
  attributes: {
    a: ["href", ["rel", ...COMMENT_LINK_REL], ["target", "_blank"], ["className", "mention"]],
    code: [["className", /^language-[\w+#.-]+$/]],
    ol: ["start"],
  },
  protocols: { href: ["http", "https"] },
  required: {},
  strip: [],
  clobber: [],
  ancestors: { li: ["ol", "ul"] },
  allowComments: false,
  allowDoctypes: false,
};

/** `url` as the WHATWG URL parser reads it, when that is an http(s) address; else null. */
function httpUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The source text of `node` in `markdown`, or its words when the parser gave no position. */
function literal(node: Nodes, markdown: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? toString(node) : markdown.slice(start, end);
}

/** How deep a comment's tree may nest (quotes in lists in emphasis…) before it is shown as text. */
export const COMMENT_MAX_DEPTH = 64;
/** How many quotes and list items one line may open at once before the text is shown as text. */
export const COMMENT_MAX_STACKED = 10;

/** The quote and list markers that open a line (`> > - 1. text` has four). */
const LINE_OPENING = /^(?:[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)))+/gmu;

/**
 * The most quotes and list items any line of `markdown` opens at once. The parser spends time
 * in proportion to the containers it holds open on a line times the line's length, so a line of
 * thousands of `- ` takes it a second; such text is not read as Markdown.
 */
function mostStacked(markdown: string): number {
  let most = 0;
  for (const [opening] of markdown.matchAll(LINE_OPENING)) {
    const markers = opening.match(/>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/gu)?.length ?? 0;
    most = Math.max(most, markers);
  }
  return most;
}

/**
 * Rewrites `tree` in place: an image, or a link whose address is not http(s) (`javascript:`,
 * `data:`, `mailto:`, a relative path), becomes the text it was written as; a kept link gets
 * its address as the URL parser normalised it (so the `href` is what was checked) and our
 * `rel` and `target`; a code block's language stays only when it is one word. Iterative, so a
 * deep tree cannot exhaust the stack here. Returns false, leaving the walk, for a tree deeper
 * than COMMENT_MAX_DEPTH (the later steps recurse: the answer must not depend on the stack).
 */
function keepSafeLinks(tree: Root, markdown: string): boolean {
  const stack: [Parents, number][] = [[tree, 0]];
  while (stack.length > 0) {
    const [parent, depth] = stack.pop() as [Parents, number];
    if (depth > COMMENT_MAX_DEPTH) return false;
    parent.children = parent.children.map((child) => {
      if (child.type === "image" || child.type === "imageReference") {
        return { type: "text", value: literal(child, markdown) };
      }
      if (child.type === "link") {
        const href = httpUrl(child.url);
        if (href === null) return { type: "text", value: literal(child, markdown) };
        child.url = href;
        child.title = null;
        child.data = { hProperties: { rel: COMMENT_LINK_REL, target: "_blank" } };
      }
      if (child.type === "code" && !/^[\w+#.-]+$/.test(child.lang ?? "")) child.lang = null;
      if ("children" in child) stack.push([child, depth + 1]);
      return child;
    }) as typeof parent.children;
  }
  return true;
}

/**
 * Rewrites `tree` in place: each `@Username` of `mentions` in its text (text/mentions.ts
 * `mentionSpans`) becomes a link to the member's `href` with the class `mention`, showing the
 * text as written. Text inside links, code spans and code blocks stays as it is (code has no text
 * children; links are not entered). Runs after `keepSafeLinks`, whose depth limit bounds the walk.
 */
function linkMentions(tree: Root, mentions: readonly RenderedMention[]): void {
  const names = mentions.map((m) => m.username);
  const stack: Parents[] = [tree];
  while (stack.length > 0) {
    const parent = stack.pop() as Parents;
    parent.children = (parent.children as Nodes[]).flatMap((child): Nodes[] => {
      if (child.type === "link") return [child];
      if ("children" in child) stack.push(child);
      if (child.type !== "text") return [child];
      const spans = mentionSpans(child.value, names);
      if (spans.length === 0) return [child];
      const parts: PhrasingContent[] = [];
      let from = 0;
      for (const { start, end, index } of spans) {
        if (start > from) parts.push({ type: "text", value: child.value.slice(from, start) });
        parts.push({
          type: "link",
          url: (mentions[index] as RenderedMention).href,
          children: [{ type: "text", value: child.value.slice(start, end) }],
          data: { hProperties: { className: ["mention"] } },
        });
        from = end;
      }
      if (from < child.value.length) parts.push({ type: "text", value: child.value.slice(from) });
      return parts;
    }) as typeof parent.children;
  }
}

/**
 * The text as one paragraph with its line breaks, nothing in it read as Markdown: what a comment
 * shows when it is not parsed. Written by the same serialiser, so escaped the same way.
 */
function plainParagraph(text: string): string {
  const children: ElementContent[] = [];
  text.split(/\r\n?|\n/u).forEach((line, i) => {
    if (i > 0) children.push({ type: "element", tagName: "br", properties: {}, children: [] });
    children.push({ type: "text", value: i > 0 ? `\n${line}` : line });
  });
  return toHtml({ type: "element", tagName: "p", properties: {}, children });
}

/** The HTML of the text, its Markdown parsed (CommonMark with GFM's bare addresses). */
function render(markdown: string, mentions: readonly RenderedMention[]): string {
  if (mostStacked(markdown) > COMMENT_MAX_STACKED) return plainParagraph(markdown);
  const tree = fromMarkdown(markdown, {
    extensions: [gfmAutolinkLiteral(), TURNED_OFF],
    mdastExtensions: [gfmAutolinkLiteralFromMarkdown()],
  });
  if (!keepSafeLinks(tree, markdown)) return plainParagraph(markdown);
  if (mentions.length > 0) linkMentions(tree, mentions);
  newlineToBreak(tree);
  return toHtml(sanitize(toHast(tree), SCHEMA) as HastRoot);
}

/**
 * Texts rendered lately, by text and the mentions given: a thread is read far more often than it is written, and a
 * comment crafted to be slow to parse (thousands of emphasis markers: a few hundred
 * milliseconds) costs that once per process, not once per reader. About 8 MB at most.
 */
const rendered = new LRUCache<string, string>({
  maxSize: 4_000_000,
  sizeCalculation: (html, markdown) => html.length + markdown.length,
});

/**
 * `markdown` (a comment's stored text) as the HTML readers see (docs/product/reader.md#comment-text):
 * CommonMark's emphasis (`*italic*`, `**bold**`), code spans, fenced code blocks, block quotes,
 * bulleted and numbered lists, inline links and autolinks to http(s) addresses, and bare
 * addresses (GFM's autolink literals, `www.` included); every link with `rel="nofollow ugc
 * noopener"` and `target="_blank"`. `@Username` of a member in `mentions` (the members the
 * comment mentions, with their current names: docs/product/reader.md#mentions) becomes
 * `<a class="mention" href>` showing the text as written, except inside code and links; any
 * other `@` is text. A line break inside a paragraph is kept (`<br>`). Images,
 * headings, thematic breaks, indented code, raw HTML and links to any other scheme are shown as
 * the text written, escaped. The result is sanitised against an allow-list (`SCHEMA`) before it
 * is written, so nothing outside the subset can reach a page even through a parser bug. Empty
 * text gives "". Never throws: text nested deeper than COMMENT_MAX_DEPTH, a line opening more
 * than COMMENT_MAX_STACKED quotes and lists, or any failure of the pipeline comes back as one
 * escaped paragraph with its line breaks.
 */
export function renderCommentHtml(
  markdown: string,
  mentions: readonly RenderedMention[] = [],
): string {
  if (markdown.trim() === "") return "";
  const key =
    mentions.length === 0
      ? markdown
      : `${markdown}\u0000${JSON.stringify(mentions.map((m) => [m.username, m.href]))}`;
  let html = rendered.get(key);
  if (html === undefined) {
    try {
      html = render(markdown, mentions);
    } catch {
      html = plainParagraph(markdown);
    }
    rendered.set(key, html);
  }
  return html;
}
