// Reads Markdown files with front matter (our demo format, ethereum.org explainers, Bitcoin Optech
// newsletters) into article drafts, and normalises Jekyll/Liquid and MDX markup into plain Markdown.
import path from "node:path";
import { slugify } from "@pragmatist/contracts";
import matter from "gray-matter";
import { firstParagraph, firstSentences, truncateText } from "../../text/excerpts.ts";
import { markdownToPlainText } from "../../text/plain-text.ts";

/** Where an article came from, shown as a credit on the article page (issue: "credits the source"). */
export interface SourceCredit {
  name: string;
  url: string;
  licence: string;
}

/** Which family of files a draft was read from: decides the defaults and the normalisation. */
export type SourceKind = "native" | "ethereum-org" | "bitcoin-optech";

/** How to get a thumbnail: an image file next to the content, or one we draw ourselves. */
export type ThumbnailPlan =
  { kind: "file"; paths: string[] } | { kind: "generated"; label: string; sourceName: string };

/** One article read from a file, ready to be written (all text already normalised). */
export interface ArticleDraft {
  file: string;
  source: SourceKind;
  slug: string;
  title: string;
  subTitle: string;
  /** ISO 8601 timestamp at UTC midnight of the publish day. */
  publishDate: string;
  type: "Research" | "News";
  /** Username of an author from `authors.json` (native files). */
  authorUsername: string | null;
  /** The per-source author created without email or password (imported files). */
  sourceAuthor: string | null;
  categories: string[];
  tags: string[];
  ecosystems: string[];
  /** Markdown. */
  content: string;
  thumbnail: ThumbnailPlan;
  credit: SourceCredit | null;
}

/** A file that cannot become an article, with a reason a person can act on. */
export interface DraftError {
  file: string;
  reason: string;
}

const ARTICLE_TYPES = ["Research", "News"] as const;
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The importer's slugs follow the one slug rule of contracts (`slugify`, shared with the studio). */
export { slugify };

/**
 * Parses "YYYY-MM-DD" (or a YAML date) into an ISO timestamp at UTC midnight.
 * @returns null for anything that is not a real calendar date (2026-02-30 included).
 */
export function parsePublishDate(value: unknown): string | null {
  let text: string;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    text = value.toISOString().slice(0, 10);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return null;
  }
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) return null;
  return date.toISOString();
}

// ---------------------------------------------------------------------------------------------
// Normalisation of Liquid (Jekyll) and MDX/JSX markup
// ---------------------------------------------------------------------------------------------

/** What the normaliser needs to know about the page it is cleaning. */
export interface NormaliseContext {
  /** The page's own URL on its source site: relative links resolve against it. */
  pageUrl: string;
  /** Root-relative links ("/gas/") resolve to this origin, e.g. "https://ethereum.org". */
  origin: string;
  /** Added in front of root-relative paths that lack it, e.g. "/en" for ethereum.org. */
  localePrefix?: string;
  /** Front matter of the page, for `{{ page.x }}`. */
  page?: Record<string, unknown>;
  /** Resolves reference-link labels the page uses but does not define (site-wide ones). */
  resolveLabel?: (label: string) => string | null;
}

const PH = "\u0000";

/** Indices of protected snippets are kept in placeholders no Markdown rule can touch. */
class Vault {
  private items: string[] = [];
  put(kind: string, text: string): string {
    this.items.push(text);
    return `${PH}${kind}${this.items.length - 1}${PH}`;
  }
  restore(text: string): string {
    let out = text;
    // Placeholders can nest (a code span inside a restored block), so restore until stable.
    for (let i = 0; i < 3 && out.includes(PH); i++) {
      out = out.replace(new RegExp(`${PH}[A-Z](\\d+)${PH}`, "g"), (_m, n: string) => {
        return this.items[Number(n)] ?? "";
      });
    }
    return out;
  }
}

const SUPERSCRIPT: Record<string, string> = {
  "0": "⁰",
  "1": "¹",
  "2": "²",
  "3": "³",
  "4": "⁴",
  "5": "⁵",
  "6": "⁶",
  "7": "⁷",
  "8": "⁸",
  "9": "⁹",
  "-": "⁻",
  "−": "⁻",
  "+": "⁺",
  n: "ⁿ",
  k: "ᵏ",
};
const SUBSCRIPT: Record<string, string> = {
  "0": "₀",
  "1": "₁",
  "2": "₂",
  "3": "₃",
  "4": "₄",
  "5": "₅",
  "6": "₆",
  "7": "₇",
  "8": "₈",
  "9": "₉",
  "-": "₋",
  "+": "₊",
};

function mapChars(text: string, table: Record<string, string>): string | null {
  let out = "";
  for (const ch of text) {
    const mapped = table[ch];
    if (mapped === undefined) return null;
    out += mapped;
  }
  return out;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, "&");
}

/** Removes the common leading indentation so nested content is not read as a code block. */
function dedent(text: string): string {
  const lines = text.split("\n");
  let min = Infinity;
  for (const line of lines) {
    if (!line.trim()) continue;
    min = Math.min(min, /^[ \t]*/.exec(line)?.[0].length ?? 0);
  }
  if (!Number.isFinite(min) || min === 0) return text;
  return lines.map((l) => l.slice(Math.min(min, /^[ \t]*/.exec(l)?.[0].length ?? 0))).join("\n");
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
const block = (s: string) => (s.trim() ? `\n\n${s.trim()}\n\n` : "\n\n");

/** Wraps inline text in a Markdown mark, keeping surrounding spaces outside the marks. */
function wrapInline(inner: string, mark: string): string {
  const text = collapse(inner);
  if (!text) return inner;
  const lead = /^\s/.test(inner) ? " " : "";
  const trail = /\s$/.test(inner) ? " " : "";
  return `${lead}${mark}${text}${mark}${trail}`;
}

interface ParsedTag {
  name: string;
  attrs: Record<string, string | true>;
  selfClosing: boolean;
  end: number;
}

/** Parses an opening tag (HTML or JSX) at `start` (a "<"); null when it is not one. */
function parseOpenTag(text: string, start: number): ParsedTag | null {
  const nameMatch = /^<([A-Za-z][A-Za-z0-9.]*)/.exec(text.slice(start, start + 64));
  if (!nameMatch?.[1]) return null;
  const name = nameMatch[1];
  let i = start + nameMatch[0].length;
  if (text[i] === ":" || text[i] === "@") return null; // an autolink such as <https://…>
  const attrs: Record<string, string | true> = {};
  for (;;) {
    while (i < text.length && /\s/.test(text[i] ?? "")) i++;
    if (i >= text.length) return null;
    if (text.startsWith("/>", i)) return { name, attrs, selfClosing: true, end: i + 2 };
    if (text[i] === ">") return { name, attrs, selfClosing: false, end: i + 1 };
    if (text[i] === "{") {
      // A JSX spread or comment: {...props}
      const close = matchBrace(text, i);
      if (close < 0) return null;
      i = close + 1;
      continue;
    }
    const attr = /^[A-Za-z_:][-A-Za-z0-9_:.]*/.exec(text.slice(i, i + 100));
    if (!attr) return null;
    const key = attr[0];
    i += key.length;
    while (text[i] === " " || text[i] === "\t") i++;
    if (text[i] !== "=") {
      attrs[key] = true;
      continue;
    }
    i++;
    while (text[i] === " " || text[i] === "\t") i++;
    const q = text[i];
    if (q === '"' || q === "'") {
      const endQ = text.indexOf(q, i + 1);
      if (endQ < 0) return null;
      attrs[key] = decodeEntities(text.slice(i + 1, endQ));
      i = endQ + 1;
    } else if (q === "{") {
      const close = matchBrace(text, i);
      if (close < 0) return null;
      const expr = text.slice(i + 1, close).trim();
      const str = /^(["'`])([\s\S]*)\1$/.exec(expr);
      attrs[key] = str?.[2] ?? expr;
      i = close + 1;
    } else {
      const bare = /^[^\s"'=<>`/]+/.exec(text.slice(i, i + 500));
      if (!bare) return null;
      attrs[key] = bare[0];
      i += bare[0].length;
    }
  }
}

/** Index of the "}" closing the "{" at `start` (strings inside are skipped), or -1. */
function matchBrace(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return -1;
      i = end;
    } else if (c === "{") depth++;
    else if (c === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

const VOID_ELEMENTS = new Set(["br", "hr", "img", "input", "meta", "link", "wbr", "source"]);

/** Finds the `</name>` that closes an element opened just before `from`; [start, end] or null. */
function findClose(text: string, name: string, from: number): [number, number] | null {
  let depth = 1;
  const re = new RegExp(`<(/?)${name.replace(/\./g, "\\.")}(?=[\\s/>])`, "g");
  re.lastIndex = from;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] === "/") {
      const gt = text.indexOf(">", m.index);
      if (gt < 0) return null;
      depth--;
      if (depth === 0) return [m.index, gt + 1];
    } else {
      const open = parseOpenTag(text, m.index);
      if (open && !open.selfClosing) depth++;
      if (open) re.lastIndex = open.end;
    }
  }
  return null;
}

interface RenderContext extends NormaliseContext {
  list?: { ordered: boolean; n: number };
}

/** Replaces every HTML/JSX element in `text` by Markdown, innermost first. */
function renderElements(text: string, ctx: RenderContext): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    if (lt < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, lt);
    if (text[lt + 1] === "/") {
      // A stray closing tag (its opening tag was not recognised): drop it.
      const stray = /^<\/[A-Za-z][A-Za-z0-9.]*\s*>/.exec(text.slice(lt, lt + 80));
      if (stray) {
        i = lt + stray[0].length;
        continue;
      }
      out += "<";
      i = lt + 1;
      continue;
    }
    const tag = parseOpenTag(text, lt);
    if (!tag) {
      out += "<";
      i = lt + 1;
      continue;
    }
    const lower = tag.name.toLowerCase();
    const isHtml = tag.name === lower;
    if (tag.selfClosing || (isHtml && VOID_ELEMENTS.has(lower))) {
      out += renderElement(tag, null, ctx);
      i = tag.end;
      continue;
    }
    if (isHtml && (lower === "style" || lower === "script")) {
      const close = findClose(text, tag.name, tag.end);
      i = close ? close[1] : tag.end;
      continue;
    }
    const close = findClose(text, tag.name, tag.end);
    if (!close) {
      // No closing tag: drop the opening tag and keep going with what follows.
      out += renderElement(tag, null, ctx);
      i = tag.end;
      continue;
    }
    const rawInner = text.slice(tag.end, close[0]);
    if (lower === "code" || lower === "pre") {
      out += renderElement(tag, decodeEntities(rawInner.replace(/<[^>]+>/g, "")), ctx);
    } else {
      const childCtx: RenderContext =
        lower === "ul" || lower === "ol"
          ? { ...ctx, list: { ordered: lower === "ol", n: 0 } }
          : { ...ctx, list: lower === "li" ? undefined : ctx.list };
      out += renderElement(tag, renderElements(rawInner, childCtx), ctx);
    }
    i = close[1];
  }
  return out;
}

function attr(tag: ParsedTag, ...names: string[]): string | null {
  for (const n of names) {
    const v = tag.attrs[n];
    if (typeof v === "string" && v.trim()) return v.trim();
  }
  return null;
}

function quoteBlock(markdown: string): string {
  const body = markdown
    .replace(/^[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (!body) return "\n\n";
  return block(
    body
      .split("\n")
      .map((l) => (l.trim() ? `> ${l}` : ">"))
      .join("\n"),
  );
}

/** Markdown for one element, given its already-rendered children (null when it has none). */
function renderElement(tag: ParsedTag, inner: string | null, ctx: RenderContext): string {
  const name = tag.name;
  const lower = name.toLowerCase();
  const children = inner === null ? "" : dedent(inner);
  const href = attr(tag, "href", "to");
  const link = (text: string) => {
    const t = collapse(text);
    if (!href) return t;
    return `[${t || href}](${href})`;
  };

  if (name !== lower) {
    // MDX components of ethereum.org: keep what a reader needs, drop widgets.
    switch (name) {
      case "YouTube": {
        const id = attr(tag, "id");
        return id && /^[\w-]+$/.test(id)
          ? block(`_Video: [watch on YouTube](https://www.youtube.com/watch?v=${id})_`)
          : "";
      }
      case "ButtonLink":
      case "DocLink":
      case "Link":
        return children.trim() ? block(link(children)) : "";
      case "ExpandableCard": {
        const title = attr(tag, "title");
        const body = children.trim() ? children : (attr(tag, "contentPreview") ?? "");
        return block(`${title ? `**${collapse(title)}**\n\n` : ""}${body.trim()}`);
      }
      case "Card":
      case "RoadmapActionCard":
      case "RoadmapImageContent": {
        const title = attr(tag, "title");
        const description = attr(tag, "description");
        const heading = title
          ? `**${href ? `[${collapse(title)}](${href})` : collapse(title)}**`
          : "";
        const lead = [heading, description].filter(Boolean).join(": ");
        return block([lead, children.trim()].filter(Boolean).join("\n\n"));
      }
      case "InfoBanner":
      case "UpgradeStatus":
      case "Alert":
      case "Callout":
        return quoteBlock(children);
      default:
        return children.trim() ? block(children) : "";
    }
  }

  switch (lower) {
    case "a":
      return href ? `[${collapse(children) || href}](${href})` : children;
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
    case "pre":
      return block(`\`\`\`\n${children.replace(/^\n+|\n+$/g, "")}\n\`\`\``);
    case "sup": {
      const t = collapse(children);
      return mapChars(t, SUPERSCRIPT) ?? (t.startsWith("[") ? ` ${t}` : `^(${t})`);
    }
    case "sub": {
      const t = collapse(children);
      return mapChars(t, SUBSCRIPT) ?? `_(${t})`;
    }
    case "br":
      return "\n\n";
    case "hr":
      return block("---");
    case "img": {
      const alt = attr(tag, "alt");
      return alt ? block(`_${collapse(alt)}_`) : "";
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
    case "li": {
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

/** GitHub-style heading anchor ("What is gas?" -> "what-is-gas"). */
function headingSlug(text: string): string {
  return markdownToPlainText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");
}

const UNSAFE_SCHEME = /^\s*(javascript|vbscript|data|file):/i;

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

const normLabel = (label: string) => collapse(label).toLowerCase();

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
  let md = markdown.replace(/\r\n?/g, "\n");

  // 1. Protect fenced code blocks.
  md = md.replace(/^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^[ \t]*\2[ \t]*$/gm, (m) =>
    vault.put("F", m),
  );

  // 2. Code spans: what a page shows as code stays as written.
  md = md.replace(/(`+)(?!`)([^\n]*?(?:\n(?!\s*\n)[^\n]*?)*?[^`])\1(?!`)/g, (m) =>
    vault.put("C", m),
  );

  // 3. Liquid and comments.
  const vars = new Map<string, string>();
  md = md
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}/g, "")
    .replace(
      /\{%-?\s*capture\s+(\w+)\s*-?%\}([\s\S]*?)\{%-?\s*endcapture\s*-?%\}/g,
      (_m, name: string, value: string) => {
        vars.set(name, value.trim());
        return "";
      },
    )
    .replace(/\{%-?\s*raw\s*-?%\}([\s\S]*?)\{%-?\s*endraw\s*-?%\}/g, (_m, raw: string) =>
      vault.put("R", raw),
    )
    .replace(
      /[ \t]*\{%-?\s*assign\s+(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^%\s]+))[^%]*-?%\}/g,
      (_m, name: string, dq?: string, sq?: string, bare?: string) => {
        vars.set(name, dq ?? sq ?? bare ?? "");
        return "";
      },
    )
    .replace(/^[ \t]*\{%[\s\S]*?%\}[ \t]*$\n?/gm, "")
    .replace(/[ \t]*\{%[\s\S]*?%\}/g, "")
    .replace(/\{\{-?\s*([\w.]+)\s*(?:\|[^}]*)?-?\}\}/g, (_m, expr: string) => {
      if (expr === "site.baseurl") return "";
      if (expr === "site.url") return ctx.origin;
      if (expr.startsWith("page.")) {
        const v = ctx.page?.[expr.slice(5)];
        return typeof v === "string" || typeof v === "number" ? collapse(String(v)) : "";
      }
      return vars.get(expr) ?? "";
    });

  // 4. kramdown attribute lists and heading ids.
  md = md
    .replace(/^[ \t]*\{:[^}\n]*\}[ \t]*$\n?/gm, "")
    .replace(/[ \t]*\{:[^}\n]*\}/g, "")
    .replace(/[ \t]*\{#[\w:.-]+\}/g, "");

  // 5. HTML and MDX elements.
  md = renderElements(md, ctx);

  // 6. Images we do not have.
  md = md.replace(
    /!\[((?:[^[\]]|\[[^[\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
    (_m, alt: string, src: string) => {
      const text = collapse(alt);
      if (/^https?:\/\//i.test(src)) return `[${text || "Image"}](${src})`;
      return text ? `_(Figure: ${text}. See the [original page](${ctx.pageUrl}).)_` : "";
    },
  );

  // 7. Reference definitions, then reference links inlined.
  const defs = new Map<string, string>();
  md = md.replace(
    /^[ \t]{0,3}\[(?!\^)([^\]\n]+)\]:[ \t]*<?(\S+?)>?(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$\n?/gm,
    (_m, label: string, url: string) => {
      const key = normLabel(label);
      if (!defs.has(key)) defs.set(key, url);
      return "";
    },
  );
  const lookup = (label: string): string | null =>
    defs.get(normLabel(label)) ?? ctx.resolveLabel?.(normLabel(label)) ?? null;

  const anchors = new Set<string>();
  for (const m of md.matchAll(/^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    anchors.add(headingSlug(vault.restore(m[1] ?? "")));
  }
  const asLink = (text: string, href: string | null) => {
    const target = href === null ? null : resolveHref(href, ctx, anchors);
    return target === null ? text : `[${text}](${target})`;
  };

  const TEXT = String.raw`((?:[^[\]]|\[[^[\]]*\])*)`;
  md = md.replace(
    new RegExp(String.raw`(!?)\[${TEXT}\]\[([^[\]]*)\]`, "g"),
    (_m, bang: string, text: string, label: string) => {
      const href = lookup(label.trim() ? label : text);
      if (bang) return href ? `[${collapse(text) || "Image"}](${href})` : collapse(text);
      return asLink(text, href);
    },
  );
  // Shortcut references ([label] alone) only when the label is known.
  md = md.replace(new RegExp(String.raw`(?<![\]!\\])\[${TEXT}\](?![([:])`, "g"), (m, text) => {
    const href = lookup(text);
    return href ? asLink(text, href) : m;
  });

  // 8. Inline links: absolute targets on the source site.
  md = md.replace(
    new RegExp(
      String.raw`(?<!!)\[${TEXT}\]\(\s*(<[^>\n]*>|(?:[^()\s]|\([^()\s]*\))+)(\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)`,
      "g",
    ),
    (_m, text: string, href: string, title?: string) => {
      const target = resolveHref(href, ctx, anchors);
      if (target === null) return text;
      return `[${text}](${target}${title ?? ""})`;
    },
  );

  // 9. Tidy whitespace outside code, then put the code back.
  md = md
    .replace(/^[ \t]+$/gm, "")
    .replace(/(\S)[ \t]+$/gm, (m, c: string) => (m.endsWith("  ") && !m.endsWith("   ") ? m : c))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return vault.restore(md);
}

// ---------------------------------------------------------------------------------------------
// Sources: ethereum.org and Bitcoin Optech
// ---------------------------------------------------------------------------------------------

/**
 * ethereum.org pages in /work/shared/data/articles (SOURCES.md "ethereum.org file map"): the
 * file's original path under https://ethereum.org/en/ and the day it last changed upstream,
 * used as the publish date since the pages carry no date.
 */
const ETHEREUM_ORG_PAGES: Record<string, [path: string, lastChanged: string]> = {
  bridges: ["bridges", "2024-04-22"],
  "consensus-mechanisms--pos": ["developers/docs/consensus-mechanisms/pos", "2024-03-29"],
  dao: ["dao", "2024-06-17"],
  dapps: ["developers/docs/dapps", "2024-04-23"],
  "decentralized-identity": ["decentralized-identity", "2024-06-21"],
  defi: ["defi", "2024-06-13"],
  desci: ["desci", "2024-06-18"],
  "energy-consumption": ["energy-consumption", "2023-10-24"],
  gas: ["developers/docs/gas", "2024-03-19"],
  governance: ["governance", "2024-04-17"],
  "guides--how-to-id-scam-tokens": ["guides/how-to-id-scam-tokens", "2023-08-15"],
  "guides--how-to-revoke-token-access": ["guides/how-to-revoke-token-access", "2024-02-27"],
  "guides--how-to-use-a-bridge": ["guides/how-to-use-a-bridge", "2023-12-08"],
  "guides--how-to-use-a-wallet": ["guides/how-to-use-a-wallet", "2023-09-08"],
  history: ["history", "2024-03-14"],
  "intro-to-ether": ["developers/docs/intro-to-ether", "2024-05-16"],
  "intro-to-ethereum": ["developers/docs/intro-to-ethereum", "2023-08-15"],
  mev: ["developers/docs/mev", "2024-02-07"],
  nft: ["nft", "2024-06-13"],
  oracles: ["developers/docs/oracles", "2024-06-14"],
  refi: ["refi", "2024-06-13"],
  "roadmap--account-abstraction": ["roadmap/account-abstraction", "2024-03-29"],
  "roadmap--beacon-chain": ["roadmap/beacon-chain", "2024-06-13"],
  "roadmap--danksharding": ["roadmap/danksharding", "2024-03-20"],
  "roadmap--dencun": ["roadmap/dencun", "2024-03-13"],
  "roadmap--merge--issuance": ["roadmap/merge/issuance", "2023-12-08"],
  "roadmap--merge": ["roadmap/merge", "2024-06-13"],
  "roadmap--pbs": ["roadmap/pbs", "2024-02-13"],
  "roadmap--scaling": ["roadmap/scaling", "2024-06-13"],
  "roadmap--single-slot-finality": ["roadmap/single-slot-finality", "2024-05-03"],
  "roadmap--statelessness": ["roadmap/statelessness", "2024-04-02"],
  roadmap: ["roadmap", "2024-06-13"],
  "scaling--optimistic-rollups": ["developers/docs/scaling/optimistic-rollups", "2024-05-07"],
  "scaling--zk-rollups": ["developers/docs/scaling/zk-rollups", "2024-06-11"],
  scaling: ["developers/docs/scaling", "2024-05-07"],
  security: ["security", "2024-04-08"],
  "smart-contracts": ["smart-contracts", "2024-03-07"],
  "social-networks": ["social-networks", "2024-06-13"],
  "staking--dvt": ["staking/dvt", "2023-08-15"],
  "staking--pools": ["staking/pools", "2024-06-13"],
  "staking--saas": ["staking/saas", "2024-06-13"],
  "staking--solo": ["staking/solo", "2024-06-13"],
  "staking--withdrawals": ["staking/withdrawals", "2024-06-13"],
  "standards--tokens--erc-20": ["developers/docs/standards/tokens/erc-20", "2024-06-11"],
  "web2-vs-web3": ["developers/docs/web2-vs-web3", "2023-08-15"],
  web3: ["web3", "2024-03-01"],
  whitepaper: ["whitepaper", "2024-03-14"],
  "wrapped-eth": ["wrapped-eth", "2024-04-02"],
  "zero-knowledge-proofs": ["zero-knowledge-proofs", "2024-05-15"],
};
/** The snapshot's date (SOURCES.md: upstream commit df0644c2c1 of 2024-06-21) for other pages. */
const ETHEREUM_ORG_SNAPSHOT_DATE = "2024-06-21";

export const ETHEREUM_ORG_CREDIT = {
  name: "ethereum.org",
  author: "ethereum.org contributors",
  licence: "MIT (ethereum.org contributors)",
} as const;
export const BITCOIN_OPTECH_CREDIT = {
  name: "Bitcoin Optech",
  author: "Bitcoin Optech",
  licence: "MIT (Bitcoin Optech contributors)",
} as const;

/** Category of an ethereum.org page by topic, first match wins (default "Infrastructure"). */
const ETHEREUM_CATEGORY_RULES: [RegExp, string][] = [
  [/scaling|rollup|danksharding|dencun|layer-2/, "Layer 2"],
  [/security|scam|revoke/, "Security"],
  [/(^|\/)(dao|governance)(\/|$)/, "Governance"],
  [/(^|\/)(defi|refi|wrapped-eth)(\/|$)/, "DeFi"],
  [/(^|\/)nft(\/|$)/, "NFTs & Gaming"],
  [/(^|\/)mev(\/|$)|pbs/, "Market Structure"],
  [/staking|consensus-mechanisms|beacon-chain|merge|single-slot-finality/, "Staking"],
  [/desci|social-networks|decentralized-identity|(^|\/)web3(\/|$)/, "Web3"],
];

/** Tags from keywords in a title, description and path (ethereum.org). */
const ETHEREUM_TAG_RULES: [RegExp, string][] = [
  [/proof-of-stake|\bpos\b|consensus/i, "proof-of-stake"],
  [/staking|validator/i, "staking"],
  [/rollup/i, "rollups"],
  [/zk|zero-knowledge/i, "zero-knowledge"],
  [/scaling|danksharding|dencun/i, "scaling"],
  [/\bgas\b|fees?\b/i, "gas"],
  [/wallet/i, "wallets"],
  [/bridge/i, "bridges"],
  [/scam|phishing/i, "scams"],
  [/token|erc-20/i, "tokens"],
  [/smart contract/i, "smart-contracts"],
  [/\bmev\b|maximal extractable/i, "mev"],
  [/\bdao\b|governance/i, "governance"],
  [/roadmap|merge|upgrade/i, "roadmap"],
  [/identity/i, "identity"],
  [/oracle/i, "oracles"],
  [/\bnft/i, "nfts"],
  [/defi|decentralized finance/i, "defi"],
  [/account abstraction/i, "account-abstraction"],
  [/whitepaper|history/i, "history"],
  [/dapp/i, "dapps"],
  [/energy|sustainab/i, "sustainability"],
  [/desci|decentralized science/i, "desci"],
  [/refi|regenerative/i, "refi"],
  [/social network/i, "social"],
  [/web3/i, "web3"],
  [/wrapped/i, "weth"],
  [/\bether\b/i, "ether"],
  [/intro|beginner|guide/i, "basics"],
];

/** Tags of an Optech newsletter from keywords of its headings and news item titles. */
const OPTECH_TAG_RULES: [RegExp, string][] = [
  [/lightning|\bLN\b|\bLDK\b|\bLND\b|eclair|BOLTs?\b|channel/i, "lightning"],
  [/mempool|relay|package|feerate|fee rate/i, "mempool"],
  [/soft fork|covenant|OP_CAT|CTV|consensus|script restoration/i, "soft-forks"],
  [/quantum/i, "quantum"],
  [/taproot|tapscript|musig|frost|schnorr/i, "taproot"],
  [/silent payment/i, "silent-payments"],
  [/privacy|coinjoin|payjoin|fingerprint/i, "privacy"],
  [/mining|miners?\b|stratum|block template/i, "mining"],
  [/vulnerab|disclos|denial of service|\bDoS\b|crash|CVE/i, "security"],
  [/\bBIP\s?-?\d+|\bBIPs?\b/i, "bips"],
  [/wallet|descriptor|PSBT/i, "wallets"],
  [/P2P|peer|eclipse|\bnode\b/i, "p2p"],
  [/Bitcoin Core/i, "bitcoin-core"],
  [/release/i, "releases"],
];

function tagsFrom(text: string, rules: [RegExp, string][], max: number): string[] {
  const out: string[] = [];
  for (const [re, tag] of rules) {
    if (re.test(text) && !out.includes(tag)) out.push(tag);
    if (out.length >= max) break;
  }
  return out;
}

/** Projects whose issue/PR labels ("Bitcoin Core #33908") and repo labels Optech defines site-wide. */
const OPTECH_REPOS: Record<string, string> = {
  "bitcoin core": "https://github.com/bitcoin/bitcoin",
  "bitcoin core gui": "https://github.com/bitcoin-core/gui",
  "core lightning": "https://github.com/ElementsProject/lightning",
  "c-lightning": "https://github.com/ElementsProject/lightning",
  eclair: "https://github.com/ACINQ/eclair",
  ldk: "https://github.com/lightningdevkit/rust-lightning",
  "rust-lightning": "https://github.com/lightningdevkit/rust-lightning",
  lnd: "https://github.com/lightningnetwork/lnd",
  libsecp256k1: "https://github.com/bitcoin-core/secp256k1",
  hwi: "https://github.com/bitcoin-core/HWI",
  "hardware wallet interface (hwi)": "https://github.com/bitcoin-core/HWI",
  "rust bitcoin": "https://github.com/rust-bitcoin/rust-bitcoin",
  "btcpay server": "https://github.com/btcpayserver/btcpayserver",
  bdk: "https://github.com/bitcoindevkit/bdk",
  bips: "https://github.com/bitcoin/bips",
  bolts: "https://github.com/lightning/bolts",
  blips: "https://github.com/lightning/blips",
  "bitcoin inquisition": "https://github.com/bitcoin-inquisition/bitcoin",
  binana: "https://github.com/bitcoin-inquisition/binana",
  binanas: "https://github.com/bitcoin-inquisition/binana",
};

/**
 * Resolves labels Optech defines site-wide (its `linkers/issues.md` and `references.md`):
 * "<project> #<n>" -> the GitHub issue/PR, "<project> repo" -> the repository, "bip<n>" -> the
 * BIP text. Other site-wide labels (topics, people) are not guessed: they become plain text.
 */
export function resolveOptechLabel(label: string): string | null {
  const issue = /^(.+?) #(\d+)$/.exec(label);
  if (issue?.[1] && issue[2]) {
    if (issue[1] === "review club") return `https://bitcoincore.reviews/${issue[2]}`;
    const repo = OPTECH_REPOS[issue[1]];
    return repo ? `${repo}/issues/${issue[2]}` : null;
  }
  const repo = /^(.+?) repo$/.exec(label);
  if (repo?.[1]) return OPTECH_REPOS[repo[1]] ?? null;
  const bip = /^bip ?(\d{1,4})$/.exec(label);
  if (bip?.[1]) {
    return `https://github.com/bitcoin/bips/blob/master/bip-${bip[1].padStart(4, "0")}.mediawiki`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Files -> drafts
// ---------------------------------------------------------------------------------------------

const stringList = (v: unknown): string[] => {
  if (typeof v === "string") return v.trim() ? [v.trim()] : [];
  if (!Array.isArray(v)) return [];
  return v
    .filter((x): x is string => typeof x === "string" && x.trim() !== "")
    .map((x) => x.trim());
};
const str = (v: unknown): string => (typeof v === "string" ? v.trim() : "");
const unique = (list: string[]) => {
  const seen = new Set<string>();
  return list.filter((x) => {
    const k = slugify(x);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

const OPTECH_FILE_RE = /^(\d{4})-(\d{2})-(\d{2})-newsletter\.mdx?$/;

function detectSource(file: string, data: Record<string, unknown>): SourceKind {
  const base = path.basename(file);
  if (data.publishDate !== undefined || data.author !== undefined) return "native";
  if (
    OPTECH_FILE_RE.test(base) ||
    /^\/en\/newsletters\/\d{4}\/\d{2}\/\d{2}\/?$/.test(str(data.permalink))
  ) {
    return "bitcoin-optech";
  }
  if (
    path.basename(path.dirname(file)) === "ethereum-org" ||
    (data.lang !== undefined && data.description !== undefined)
  ) {
    return "ethereum-org";
  }
  return "native";
}

/**
 * Reads one Markdown file (text already loaded) into an article draft.
 * - Our format (content/demo): front matter title, subTitle, slug, publishDate (YYYY-MM-DD),
 *   author (a username), type ("Research" | "News"), categories, tags, ecosystems, thumbnail.
 * - ethereum.org explainers (Research): URL and date from the file map, subtitle from
 *   `description` (or the first paragraph), summary points as a list at the top.
 * - Bitcoin Optech newsletters (News): date from the file name, subtitle from the first
 *   sentence(s) of the introduction.
 * `root` is the imported folder: relative thumbnail paths resolve against it, then the file.
 * @returns a draft, or an error with the reason (no title, bad date, unparsable front matter,
 *   unknown type, empty body). Never throws for bad input.
 */
export function parseArticleFile(
  file: string,
  raw: string,
  root: string,
): ArticleDraft | DraftError {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // Passing options turns gray-matter's cache (keyed by the whole text) off.
    parsed = matter(raw, {});
  } catch (err) {
    const detail = err instanceof Error ? err.message.split("\n")[0] : String(err);
    return { file, reason: `front matter does not parse: ${detail}` };
  }
  const data = (parsed.data ?? {}) as Record<string, unknown>;
  const title = collapse(str(data.title));
  if (!title) return { file, reason: "no title in the front matter" };
  if (!parsed.content.trim()) return { file, reason: "empty body" };
  const source = detectSource(file, data);
  const base = path.basename(file).replace(/\.mdx?$/i, "");

  if (source === "bitcoin-optech") {
    const m = OPTECH_FILE_RE.exec(path.basename(file));
    const fromPermalink = /\/(\d{4})\/(\d{2})\/(\d{2})\/?$/.exec(str(data.permalink));
    const day = m
      ? `${m[1]}-${m[2]}-${m[3]}`
      : fromPermalink
        ? fromPermalink.slice(1).join("-")
        : "";
    const publishDate = parsePublishDate(day);
    if (!publishDate)
      return { file, reason: `bad date "${day}" (expected YYYY-MM-DD-newsletter.md)` };
    const pageUrl = `https://bitcoinops.org/en/newsletters/${day.replace(/-/g, "/")}/`;
    const content = normaliseMarkdown(parsed.content, {
      pageUrl,
      origin: "https://bitcoinops.org",
      page: data,
      resolveLabel: resolveOptechLabel,
    });
    const intro = content.split(/^#{1,6}\s/m)[0] ?? "";
    const subTitle = firstSentences(firstParagraph(intro || content));
    // Topics come from section headings and the bold titles of news items, not from the
    // weekly list of merged PRs (every issue mentions Lightning and BIPs there).
    const newsTitles = [...content.matchAll(/^\s*[-*] \*\*(.+?)\*\*/gm)].map((x) => x[1]).join(" ");
    const headings = [...content.matchAll(/^#{2,3} (.+)$/gm)].map((x) => x[1]).join(" ");
    return {
      file,
      source,
      slug: `bitcoin-optech-newsletter-${day}`,
      title,
      subTitle,
      publishDate,
      type: "News",
      authorUsername: null,
      sourceAuthor: BITCOIN_OPTECH_CREDIT.author,
      categories: ["Bitcoin"],
      tags: tagsFrom(`${headings} ${newsTitles}`, OPTECH_TAG_RULES, 6),
      ecosystems: ["Bitcoin"],
      content,
      thumbnail: { kind: "generated", label: "News", sourceName: BITCOIN_OPTECH_CREDIT.name },
      credit: {
        name: BITCOIN_OPTECH_CREDIT.name,
        url: pageUrl,
        licence: BITCOIN_OPTECH_CREDIT.licence,
      },
    };
  }

  if (source === "ethereum-org") {
    const known = ETHEREUM_ORG_PAGES[base];
    const pagePath = known?.[0] ?? base.split("--").join("/");
    const publishDate = parsePublishDate(known?.[1] ?? ETHEREUM_ORG_SNAPSHOT_DATE);
    if (!publishDate) return { file, reason: "bad date" };
    const pageUrl = `https://ethereum.org/en/${pagePath}/`;
    let body = normaliseMarkdown(parsed.content, {
      pageUrl,
      origin: "https://ethereum.org",
      localePrefix: "/en",
      page: data,
    });
    const points = [
      ...stringList(data.summaryPoints),
      ...Object.keys(data)
        .filter((k) => /^summaryPoint\d+$/.test(k))
        .sort()
        .map((k) => str(data[k]))
        .filter(Boolean),
    ].map((p) =>
      collapse(
        normaliseMarkdown(p, { pageUrl, origin: "https://ethereum.org", localePrefix: "/en" }),
      ),
    );
    if (points.length > 0) body = `${points.map((p) => `- ${p}`).join("\n")}\n\n${body}`;
    const description = collapse(str(data.description));
    const subTitle = description
      ? truncateText(markdownToPlainText(description), 300)
      : firstSentences(firstParagraph(body.replace(/^- .*\n/gm, "")));
    const topic = pagePath.replace(/^developers\/docs\//, "");
    const category =
      ETHEREUM_CATEGORY_RULES.find(([re]) => re.test(topic))?.[1] ?? "Infrastructure";
    return {
      file,
      source,
      slug: slugify(base),
      title,
      subTitle,
      publishDate,
      type: "Research",
      authorUsername: null,
      sourceAuthor: ETHEREUM_ORG_CREDIT.author,
      categories: [category],
      tags: tagsFrom(
        `${topic.replace(/[-/]/g, " ")} ${title} ${description}`,
        ETHEREUM_TAG_RULES,
        5,
      ),
      ecosystems: ["Ethereum"],
      content: body,
      thumbnail: { kind: "generated", label: "Research", sourceName: ETHEREUM_ORG_CREDIT.name },
      credit: {
        name: ETHEREUM_ORG_CREDIT.name,
        url: pageUrl,
        licence: ETHEREUM_ORG_CREDIT.licence,
      },
    };
  }

  // Our own format.
  const publishDate = parsePublishDate(data.publishDate);
  if (!publishDate) {
    return {
      file,
      reason: `bad or missing publishDate ${JSON.stringify(data.publishDate ?? null)} (expected YYYY-MM-DD)`,
    };
  }
  const type = str(data.type);
  if (!(ARTICLE_TYPES as readonly string[]).includes(type)) {
    return {
      file,
      reason: `type must be "Research" or "News", got ${JSON.stringify(data.type ?? null)}`,
    };
  }
  const author = collapse(str(data.author));
  if (!author) return { file, reason: "no author in the front matter" };
  const slugField = str(data.slug);
  const slug = SLUG_RE.test(slugField) ? slugField : slugify(slugField || base);
  if (!slug) return { file, reason: "no usable slug" };
  const content = parsed.content.replace(/\r\n?/g, "\n").trim();
  const thumb = str(data.thumbnail);
  let thumbnail: ThumbnailPlan = { kind: "generated", label: type, sourceName: "Pragmatist" };
  if (thumb && !/^[a-z]+:/i.test(thumb) && !path.isAbsolute(thumb)) {
    thumbnail = {
      kind: "file",
      paths: [path.resolve(root, thumb), path.resolve(path.dirname(file), thumb)],
    };
  }
  return {
    file,
    source,
    slug,
    title,
    subTitle: collapse(str(data.subTitle)) || firstSentences(firstParagraph(content)),
    publishDate,
    type: type as ArticleDraft["type"],
    authorUsername: author,
    sourceAuthor: null,
    categories: unique(stringList(data.categories)),
    tags: unique(stringList(data.tags)),
    ecosystems: unique(stringList(data.ecosystems)),
    content,
    thumbnail,
    credit: null,
  };
}

/** Narrows a parse result. */
export function isDraftError(x: ArticleDraft | DraftError): x is DraftError {
  return "reason" in x;
}
