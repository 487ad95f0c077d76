// Reads HTML and JSX tags out of Markdown text: opening tags with their attributes, matching
// closing tags and JSX braces.
import { decodeHTMLAttribute } from "entities";

/** An opening tag read at some index of a text. */
export interface ParsedTag {
  /** As written: lower case for HTML, capitalised for MDX components ("ExpandableCard"). */
  name: string;
  /** Attribute values, entities decoded; JSX string expressions unquoted; `true` when bare. */
  attrs: Record<string, string | true>;
  /** Written `<x />`. */
  selfClosing: boolean;
  /** Index just after the tag's ">". */
  end: number;
}

/**
 * The JSX text rules of MDX (ethereum.org) that Markdown does not know, applied before elements
 * are rendered: a string expression (`{" "}`, `{'text'}`) becomes its text, and a line break
 * between a non-breaking space and a tag goes (JSX drops line breaks next to tags, so the author
 * wrote the NBSP as the one space meant; kept, the break would show as a second space).
 */
export function expandJsxText(md: string): string {
  return md
    .replace(
      /\{[ \t]*(["'])((?:(?!\1)[^\\\n])*)\1[ \t]*\}/g,
      (_m, _q: string, text: string) => text,
    )
    .replace(/\u00a0[ \t]*\n[ \t]*(?=<)/g, "\u00a0")
    .replace(/(?<=>)[ \t]*\n[ \t]*\u00a0/g, "\u00a0");
}

/** HTML elements that never have content or a closing tag. */
export const VOID_ELEMENTS = new Set(["br", "hr", "img", "input", "meta", "link", "wbr", "source"]);

/** Parses an opening tag (HTML or JSX) at `start` (a "<"); null when it is not one. */
export function parseOpenTag(text: string, start: number): ParsedTag | null {
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
    const value = readAttrValue(text, i);
    if (!value) return null;
    attrs[key] = value.value;
    i = value.end;
  }
}

/**
 * The attribute value starting at `i` (quoted, a JSX `{…}` expression or bare), or null. A quoted
 * value's entities are decoded by the entities package as HTML decodes attributes (WHATWG HTML
 * "character reference state": a legacy reference without ";" before "=" or a letter stays).
 */
function readAttrValue(text: string, i: number): { value: string; end: number } | null {
  const q = text[i];
  if (q === '"' || q === "'") {
    const endQ = text.indexOf(q, i + 1);
    if (endQ < 0) return null;
    return { value: decodeHTMLAttribute(text.slice(i + 1, endQ)), end: endQ + 1 };
  }
  if (q === "{") {
    const close = matchBrace(text, i);
    if (close < 0) return null;
    const expr = text.slice(i + 1, close).trim();
    const str = /^(["'`])([\s\S]*)\1$/.exec(expr);
    return { value: str?.[2] ?? expr, end: close + 1 };
  }
  const bare = /^[^\s"'=<>`/]+/.exec(text.slice(i, i + 500));
  if (!bare) return null;
  return { value: bare[0], end: i + bare[0].length };
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

/** Finds the `</name>` that closes an element opened just before `from`; [start, end] or null. */
export function findClose(text: string, name: string, from: number): [number, number] | null {
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

/** The first of `names` the tag carries as a non-blank string, trimmed; null when none does. */
export function tagAttr(tag: ParsedTag, ...names: string[]): string | null {
  for (const n of names) {
    const v = tag.attrs[n];
    if (typeof v === "string" && v.trim()) return v.trim();
  }
  return null;
}
