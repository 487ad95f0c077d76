// Markdown for one HTML element or MDX component of ethereum.org, given its rendered children.
import type { RenderContext } from "./context.ts";
import { type ParsedTag, tagAttr } from "./html-tags.ts";
import {
  collapseWhitespace as collapse,
  dedent,
  markdownBlock as block,
  quoteBlock,
  toSubscript,
  toSuperscript,
  wrapInline,
} from "./markdown-text.ts";

/**
 * Markdown for one element, given its already-rendered children (null when it has none).
 * Capitalised names are MDX components (kept for their text, widgets dropped); lower-case names
 * are HTML elements (converted to their Markdown equivalent, unknown ones keep their children).
 */
export function renderElement(tag: ParsedTag, inner: string | null, ctx: RenderContext): string {
  const children = inner === null ? "" : dedent(inner);
  const lower = tag.name.toLowerCase();
  if (tag.name !== lower) return renderComponent(tag, children);
  return renderInlineElement(lower, tag, children) ?? renderBlockElement(lower, tag, children, ctx);
}

/** MDX components of ethereum.org: keep what a reader needs, drop widgets. */
function renderComponent(tag: ParsedTag, children: string): string {
  switch (tag.name) {
    case "YouTube": {
      const id = tagAttr(tag, "id");
      return id && /^[\w-]+$/.test(id)
        ? block(`_Video: [watch on YouTube](https://www.youtube.com/watch?v=${id})_`)
        : "";
    }
    case "ButtonLink":
    case "DocLink":
    case "Link": {
      if (!children.trim()) return "";
      const href = tagAttr(tag, "href", "to");
      const text = collapse(children);
      return block(href ? `[${text || href}](${href})` : text);
    }
    case "ExpandableCard": {
      const title = tagAttr(tag, "title");
      const body = children.trim() ? children : (tagAttr(tag, "contentPreview") ?? "");
      return block(`${title ? `**${collapse(title)}**\n\n` : ""}${body.trim()}`);
    }
    case "Card":
    case "RoadmapActionCard":
    case "RoadmapImageContent":
      return renderCard(tag, children);
    case "InfoBanner":
    case "UpgradeStatus":
    case "Alert":
    case "Callout":
      return quoteBlock(children);
    default:
      return children.trim() ? block(children) : "";
  }
}

/** A card: "**title**: description" (the title linked when the card links), then its text. */
function renderCard(tag: ParsedTag, children: string): string {
  const href = tagAttr(tag, "href", "to");
  const title = tagAttr(tag, "title");
  const description = tagAttr(tag, "description");
  const heading = title ? `**${href ? `[${collapse(title)}](${href})` : collapse(title)}**` : "";
  const lead = [heading, description].filter(Boolean).join(": ");
  return block([lead, children.trim()].filter(Boolean).join("\n\n"));
}

/** Markdown for an inline HTML element (links, emphasis, code, sup/sub); null for others. */
function renderInlineElement(lower: string, tag: ParsedTag, children: string): string | null {
  switch (lower) {
    case "a": {
      const href = tagAttr(tag, "href", "to");
      return href ? `[${collapse(children) || href}](${href})` : children;
    }
    case "em":
    case "i":
    case "cite":
      return wrapInline(children, "_");
    case "strong":
    case "b":
    case "mark":
      return wrapInline(children, "**");
    case "code": {
      const code = collapse(children);
      const fence = code.includes("`") ? "``" : "`";
      return code ? `${fence}${code}${fence}` : "";
    }
    case "sup": {
      const t = collapse(children);
      return toSuperscript(t) ?? (t.startsWith("[") ? ` ${t}` : `^(${t})`);
    }
    case "sub": {
      const t = collapse(children);
      return toSubscript(t) ?? `_(${t})`;
    }
    default:
      return null;
  }
}

/** Markdown for a block-level HTML element; unknown elements keep their children as they are. */
function renderBlockElement(
  lower: string,
  tag: ParsedTag,
  children: string,
  ctx: RenderContext,
): string {
  switch (lower) {
    case "pre":
      return block(`\`\`\`\n${children.replace(/^\n+|\n+$/g, "")}\n\`\`\``);
    case "br":
      return "\n\n";
    case "hr":
      return block("---");
    case "img": {
      // As a Markdown image, which `replaceImages` then handles like any other.
      const src = tagAttr(tag, "src");
      return src ? block(`![${collapse(tagAttr(tag, "alt") ?? "")}](${src})`) : "";
    }
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6":
      return block(`${"#".repeat(Number(lower[1]))} ${collapse(children)}`);
    case "ul":
    case "ol":
      return block(children.replace(/\n\s*\n(?=\s*(?:- |\d+\. ))/g, "\n"));
    case "li":
      return renderListItem(children, ctx);
    case "blockquote":
      return quoteBlock(children);
    case "summary":
    case "figcaption":
      return block(lower === "summary" ? `**${collapse(children)}**` : `_${collapse(children)}_`);
    case "p":
    case "div":
    case "section":
    case "article":
    case "figure":
    case "details":
    case "center":
    case "table":
      return block(children);
    default:
      return children;
  }
}

/** A list item: "- " or the next number of its ordered list, later lines indented under it. */
function renderListItem(children: string, ctx: RenderContext): string {
  const list = ctx.list;
  const marker = list?.ordered ? `${++list.n}. ` : "- ";
  const body = children
    .trim()
    .replace(/\n{3,}/g, "\n\n")
    .split("\n")
    .map((l, idx) => (idx === 0 || !l.trim() ? l : `${" ".repeat(marker.length)}${l}`))
    .join("\n");
  return `\n${marker}${body}\n`;
}
