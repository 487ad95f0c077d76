// An article's Markdown as e-mail HTML and as plain text, with every address absolute. The HTML is
// micromark's own compiler over the parser the site renders with (CommonMark + GFM, as
// text/plain-text.ts), so mails follow the article-body rules without a renderer of our own.
import type { Nodes, Parents, Root, RootContent } from "mdast";
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { mdastToPlainText, parseMarkdown } from "../../text/plain-text.ts";
import { escapeHtml } from "../mail/compose.ts";

/** Schemes a mail may link to; anything else (javascript:, data:, irc:) is dropped. */
const MAIL_SCHEMES = new Set(["http:", "https:", "mailto:"]);

/**
 * `url` made absolute against `base` (PUBLIC_URL, no trailing slash): `/uploads/a.webp` →
 * `https://site.example/uploads/a.webp`, as mail clients have no page to resolve against. An
 * in-page anchor (`#fn-1`) stays as written; an empty address, one the URL parser refuses or one
 * whose scheme is not http, https or mailto becomes "" (docs/product/reader.md#safe-urls, narrowed
 * for mail). Never throws.
 */
export function absoluteUrl(url: string, base: string): string {
  if (url === "" || url.startsWith("#")) return url;
  try {
    const resolved = new URL(url, `${base}/`);
    return MAIL_SCHEMES.has(resolved.protocol) ? resolved.href : "";
  } catch {
    return "";
  }
}

/** How addresses are written into a mail. */
export interface MailLinks {
  /** PUBLIC_URL, no trailing slash: what relative addresses resolve against. */
  base: string;
  /** Maps an absolute link target (never an image) to what the mail carries (`/r/{token}`). */
  link: (absolute: string) => string;
}

/** The four entities micromark's `encode` writes in attribute values, decoded (`&amp;` last). */
const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * Every `href`/`src` attribute micromark writes. Its output quotes attributes with `"` and writes
 * a `"` in any text or value as `&quot;`, and raw HTML in the source is escaped, so the only `="`
 * after ` href`/` src` are its own attributes.
 */
const URL_ATTRIBUTE = / (href|src)="([^"]*)"/g;

/**
 * Markdown (CommonMark + GFM) as HTML for a mail body: raw HTML shown as text and unsafe link
 * schemes emptied (micromark's defaults, the site's rules: docs/product/reader.md#article-body),
 * images and links absolute (`absoluteUrl`), links passed through `links.link`. Never throws.
 */
export function markdownToMailHtml(markdown: string, links: MailLinks): string {
  const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  return html.replace(URL_ATTRIBUTE, (_, name: string, value: string) => {
    const url = absoluteUrl(decodeAttribute(value), links.base);
    const target = name === "href" && /^https?:/.test(url) ? links.link(url) : url;
    return ` ${name}="${escapeHtml(target)}"`;
  });
}

/** Replaces each link of `tree` by its words and a `[n]` note; returns the notes' addresses. */
function noteLinks(tree: Root, links: MailLinks): string[] {
  const definitions = new Map<string, string>();
  const visitDefinitions = (node: Nodes) => {
    if (node.type === "definition") definitions.set(node.identifier, node.url);
    if ("children" in node) for (const child of node.children) visitDefinitions(child);
  };
  visitDefinitions(tree);
  const notes: string[] = [];
  const rewrite = (parent: Parents) => {
    parent.children = parent.children.flatMap((child): RootContent[] => {
      const address =
        child.type === "link"
          ? child.url
          : child.type === "linkReference"
            ? definitions.get(child.identifier)
            : undefined;
      if ("children" in child) rewrite(child);
      if (address === undefined || !("children" in child)) return [child];
      const url = absoluteUrl(address, links.base);
      if (!url || url.startsWith("#")) return child.children as RootContent[];
      const target = url.startsWith("mailto:") ? url : links.link(url);
      // A bare address (`<https://…>`, an autolink literal) is written out, not numbered.
      const [only] = child.children;
      const bare = child.children.length === 1 && only?.type === "text" && only.value === address;
      if (bare) return [{ type: "text", value: target }];
      notes.push(target);
      return [...(child.children as RootContent[]), { type: "text", value: ` [${notes.length}]` }];
    }) as typeof parent.children;
  };
  rewrite(tree);
  return notes;
}

/** One block of Markdown as plain-text lines: list items, quotes, code and tables keep a shape. */
function blockText(node: RootContent): string {
  switch (node.type) {
    case "list":
      return node.children
        .map((item, i) => `${node.ordered ? `${(node.start ?? 1) + i}.` : "-"} ${blockText(item)}`)
        .join("\n");
    case "listItem":
      return node.children.map(blockText).join("\n  ");
    case "blockquote":
      return node.children.map((c) => `> ${blockText(c)}`).join("\n>\n");
    case "code":
      return node.value;
    case "table":
      return node.children
        .map((row) => row.children.map((cell) => mdastToPlainText(cell)).join(" | "))
        .join("\n");
    case "thematicBreak":
      return "* * *";
    default:
      return mdastToPlainText(node);
  }
}

/**
 * Markdown as the plain-text part of a mail: one paragraph per block, list items on their own
 * lines, each link's words followed by `[n]` and the numbered addresses (absolute, through
 * `links.link`) after the text; a bare address is written out. Images and raw HTML tags leave no
 * trace (text/plain-text.ts rules). Never throws.
 */
export function markdownToMailText(markdown: string, links: MailLinks): string {
  const tree = parseMarkdown(markdown);
  const notes = noteLinks(tree, links);
  const blocks = tree.children.map(blockText).filter((b) => b.trim() !== "");
  if (notes.length) blocks.push(notes.map((url, i) => `[${i + 1}] ${url}`).join("\n"));
  return blocks.join("\n\n");
}
