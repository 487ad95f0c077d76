// Links and images of imported pages: images we do not have, reference links inlined, and link
// targets made absolute on the source site.
import { markdownToPlainText } from "../../../text/plain-text.ts";
import type { NormaliseContext } from "./context.ts";
import { collapseWhitespace as collapse } from "./markdown-text.ts";
import type { Vault } from "./vault.ts";

/** Link text: any text with at most one level of nested brackets. */
const TEXT = String.raw`((?:[^[\]]|\[[^[\]]*\])*)`;
const UNSAFE_SCHEME = /^\s*(javascript|vbscript|data|file):/i;

const normLabel = (label: string) => collapse(label).toLowerCase();

/**
 * Images we do not have: a relative image becomes an italic note with its alt text and a link to
 * the original page (nothing when it has no alt text); a remote image becomes a link to it (no
 * hot-linking).
 */
export function replaceImages(md: string, pageUrl: string): string {
  return md.replace(
    /!\[((?:[^[\]]|\[[^[\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
    (_m, alt: string, src: string) => {
      const text = collapse(alt);
      if (/^https?:\/\//i.test(src)) return `[${text || "Image"}](${src})`;
      return text ? `_(Figure: ${text}. See the [original page](${pageUrl}).)_` : "";
    },
  );
}

/**
 * Inlines reference links and makes every link target absolute on the source site:
 * reference definitions are removed and their links inlined (labels defined site-wide resolve
 * through `ctx.resolveLabel`, unknown ones become plain text), then inline links are rewritten
 * by `resolveHref`. In-page anchors stay only when a heading carries them (headings read with the
 * vault's snippets restored).
 */
export function resolveLinks(md: string, ctx: NormaliseContext, vault: Vault): string {
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
  const anchors = headingAnchors(out, vault);
  const resolve = (href: string) => resolveHref(href, ctx, anchors);
  out = inlineReferenceLinks(out, lookup, resolve);
  return rewriteInlineLinks(out, resolve);
}

/** The anchors the page's headings carry (GitHub style, see `headingSlug`). */
function headingAnchors(md: string, vault: Vault): Set<string> {
  const anchors = new Set<string>();
  for (const m of md.matchAll(/^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    anchors.add(headingSlug(vault.restore(m[1] ?? "")));
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

/** GitHub-style heading anchor ("What is gas?" -> "what-is-gas"). */
function headingSlug(text: string): string {
  return markdownToPlainText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");
}

/**
 * Rewrites a link target for our site: absolute URLs stay, root-relative and relative paths
 * become absolute on the source site, in-page anchors stay only when a heading carries them.
 * @returns null when the link should become plain text.
 */
function resolveHref(href: string, ctx: NormaliseContext, anchors: Set<string>): string | null {
  const h = href.trim().replace(/^<|>$/g, "");
  if (!h || UNSAFE_SCHEME.test(h)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(h)) return h;
  if (h.startsWith("//")) return `https:${h}`;
  if (h.startsWith("#")) {
    return anchors.has(decodeURIComponent(h.slice(1)).toLowerCase()) ? h : null;
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
