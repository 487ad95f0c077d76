// Links and images of imported pages: images we do not have, reference links inlined, and link
// targets made absolute on the source site.
import { headingAnchor } from "@pragmatist/contracts";
import { markdownToPlainText } from "../../../text/plain-text.ts";
import type { NormaliseContext } from "./context.ts";
import { collapseWhitespace as collapse } from "./markdown-text.ts";
import type { Vault } from "./vault.ts";

/** Link text: any text with at most one level of nested brackets. */
const TEXT = String.raw`((?:[^[\]]|\[[^[\]]*\])*)`;
const UNSAFE_SCHEME = /^\s*(javascript|vbscript|data|file):/i;

const normLabel = (label: string) => collapse(label).toLowerCase();

/** An image `![alt](src "title")`; the alt text may hold one level of brackets. */
const IMAGE = /!\[((?:[^[\]]|\[[^[\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/** A heading line with its text, before kramdown attributes are removed. */
const HEADING_LINE = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/;

/**
 * Images we do not have. A remote image becomes a link to it (no hot-linking). A relative one
 * (its file is not in the data) becomes an image without an address, which the article renderer
 * shows as a framed figure with its alt text (docs/product/reader.md#imported-articles), followed
 * by a link to the image's section of the original page, so text such as "shown above" still points
 * at something. The section is the heading above the image: its `{#id}`, else its GitHub-style
 * anchor; a caption on the line after the image stays on a line of its own (hard break). Run
 * before kramdown attributes are removed; an image without alt text is dropped.
 */
export function replaceImages(md: string, ctx: NormaliseContext, vault: Vault): string {
  const site = new URL(ctx.pageUrl).host;
  let section = "";
  return md
    .split("\n")
    .map((line, i, lines) => {
      const heading = HEADING_LINE.exec(line)?.[1];
      if (heading !== undefined) {
        const id = /\{#([\w:.-]+)\}\s*$/.exec(heading)?.[1];
        section = id ?? headingSlug(vault.restore(heading));
        return line;
      }
      return line.replace(IMAGE, (image, alt: string, src: string, at: number) => {
        const text = collapse(alt);
        if (/^https?:\/\//i.test(src)) return `[${text || "Image"}](${src})`;
        if (!text) return "";
        const href = `${ctx.pageUrl}${section ? `#${section}` : ""}`;
        // Last on a line the paragraph goes on after (a caption): a hard break after the link.
        const last = at + image.length === line.trimEnd().length;
        const end = last && /\S/.test(lines[i + 1] ?? "") ? "  " : "";
        return `![${text.replace(/[[\]]/g, "\\$&")}]() [View the image on ${site}](${href})${end}`;
      });
    })
    .join("\n");
}

/**
 * Inlines reference links and makes every link target absolute on the source site:
 * reference definitions are removed and their links inlined (labels defined site-wide resolve
 * through `ctx.resolveLabel`, unknown ones become plain text), then inline links are rewritten
 * by `resolveHref`. In-page anchors stay only when a heading carries them (`anchors`, from
 * `headingAnchors`), pointing at the anchor our article page gives that heading.
 */
export function resolveLinks(
  md: string,
  ctx: NormaliseContext,
  anchors: Map<string, string>,
): string {
  const defs = new Map<string, string>();
  let out = md.replace(
    /^[ \t]{0,3}\[(?!\^)([^\]\n]+)\]:[ \t]*<?(\S+?)>?(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$\n?/gm,
    (_m, label: string, url: string) => {
      const key = normLabel(label);
      if (!defs.has(key)) defs.set(key, url);
      return "";
    },
  );
  const lookup = (label: string): string | null =>
    defs.get(normLabel(label)) ?? ctx.resolveLabel?.(normLabel(label)) ?? null;
  const resolve = (href: string) => resolveHref(href, ctx, anchors);
  out = inlineReferenceLinks(out, lookup, resolve);
  return rewriteInlineLinks(out, resolve);
}

/**
 * The in-page anchors the page's headings answer to, lower case, each mapped to the anchor our
 * article page gives the heading (`headingSlug`): that anchor itself and, for a heading written
 * with an id (`## Borrowing {#lending}`), that id. Run before kramdown attributes are removed;
 * headings are read with the vault's snippets restored.
 */
export function headingAnchors(md: string, vault: Vault): Map<string, string> {
  const anchors = new Map<string, string>();
  for (const m of md.matchAll(new RegExp(HEADING_LINE.source, "gm"))) {
    const text = vault.restore(m[1] ?? "");
    const slug = headingSlug(text.replace(/\s*\{[:#][^}\n]*\}/g, ""));
    if (!slug) continue;
    if (!anchors.has(slug)) anchors.set(slug, slug);
    const key = /\{#([\w:.-]+)\}/.exec(text)?.[1]?.toLowerCase();
    if (key && !anchors.has(key)) anchors.set(key, slug);
  }
  return anchors;
}

/** Full (`[text][label]`, `[text][]`) then shortcut (`[label]`, known labels only) references. */
function inlineReferenceLinks(
  md: string,
  lookup: (label: string) => string | null,
  resolve: (href: string) => string | null,
): string {
  const asLink = (text: string, href: string | null) => {
    const target = href === null ? null : resolve(href);
    return target === null ? text : `[${text}](${target})`;
  };
  const full = md.replace(
    new RegExp(String.raw`(!?)\[${TEXT}\]\[([^[\]]*)\]`, "g"),
    (_m, bang: string, text: string, label: string) => {
      const href = lookup(label.trim() ? label : text);
      if (bang) return href ? `[${collapse(text) || "Image"}](${href})` : collapse(text);
      return asLink(text, href);
    },
  );
  // Shortcut references ([label] alone) only when the label is known.
  return full.replace(new RegExp(String.raw`(?<![\]!\\])\[${TEXT}\](?![([:])`, "g"), (m, text) => {
    const href = lookup(text);
    return href ? asLink(text, href) : m;
  });
}

/** Inline links `[text](href "title")` with their target resolved; plain text when it has none. */
function rewriteInlineLinks(md: string, resolve: (href: string) => string | null): string {
  return md.replace(
    new RegExp(
      String.raw`(?<!!)\[${TEXT}\]\(\s*(<[^>\n]*>|(?:[^()\s]|\([^()\s]*\))+)(\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)`,
      "g",
    ),
    (_m, text: string, href: string, title?: string) => {
      const target = resolve(href);
      if (target === null) return text;
      return `[${text}](${target}${title ?? ""})`;
    },
  );
}

/** The anchor the article page gives a heading of this Markdown ("What is gas?" -> "what-is-gas"). */
function headingSlug(markdown: string): string {
  return headingAnchor(markdownToPlainText(markdown));
}

/**
 * Rewrites a link target for our site: absolute URLs stay, root-relative and relative paths
 * become absolute on the source site, in-page anchors stay only when a heading carries them (made
 * the anchor our page gives that heading).
 * @returns null when the link should become plain text.
 */
function resolveHref(
  href: string,
  ctx: NormaliseContext,
  anchors: Map<string, string>,
): string | null {
  const h = href.trim().replace(/^<|>$/g, "");
  if (!h || UNSAFE_SCHEME.test(h)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(h)) return h;
  if (h.startsWith("//")) return `https:${h}`;
  if (h.startsWith("#")) {
    const anchor = anchors.get(decodedFragment(h.slice(1)).toLowerCase());
    return anchor ? `#${anchor}` : null;
  }
  if (h.startsWith("/")) {
    const prefix = ctx.localePrefix ?? "";
    const needsPrefix = prefix && h !== prefix && !h.startsWith(`${prefix}/`);
    return `${ctx.origin}${needsPrefix ? prefix : ""}${h}`;
  }
  try {
    return new URL(h, ctx.pageUrl).toString();
  } catch {
    return null;
  }
}

/**
 * A link's fragment with its percent-escapes decoded ("caf%C3%A9" -> "café"); a fragment with a
 * broken escape ("100%") is read as written, as a browser does (WHATWG URL: fragments are never
 * rejected), instead of the URIError that would stop the whole import.
 */
function decodedFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
