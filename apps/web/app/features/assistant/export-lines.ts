// What the PDF export writes (docs/product/max.md#pdf-export): one "User: …" or "Assistant: …" line
// per message, as plain text the PDF's standard font can show, with absolute addresses, and the
// file name.
import { formatLongDate } from "../../lib/format.ts";
import { absoluteUrl } from "../../lib/meta.ts";
import { type MaxMessage, messageText } from "./chat-rules.ts";
import { messageSources } from "./message-parts.ts";

/** A backslash-escaped ASCII punctuation mark (CommonMark §2.4: "\#" is a literal "#"). */
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
/** Where escaped marks wait, as private-use characters, while the Markdown marks are removed. */
const HELD = /[\uE000-\uE07F]/g;

/**
 * Markdown as a reader would read it aloud: emphasis, code and heading marks dropped, escaped
 * marks ("\#419") kept as the character, links as "text (address)" with site paths made absolute
 * on `publicUrl` (the site's public address, no trailing slash; a path stays as it is without
 * one), images as their description, table delimiter rows removed.
 */
export function plainText(markdown: string, publicUrl = ""): string {
  return markdown
    .replace(ESCAPED, (_, mark: string) => String.fromCharCode(0xe000 + mark.charCodeAt(0)))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_, text: string, url: string) => {
      const address = publicUrl ? absoluteUrl(url, publicUrl) : url;
      return text === url ? address : `${text} (${address})`;
    })
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, "")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/^\s{0,3}>\s?/gm, "")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/`+([^`]*)`+/g, "$1")
    .replace(/\n{3,}/g, "\n\n")
    .replace(HELD, (held) => String.fromCharCode(held.charCodeAt(0) - 0xe000))
    .trim();
}

/** Look-alikes the PDF's standard font (WinAnsi) lacks, written with characters it has. */
const PDF_REPLACEMENTS: Record<string, string> = {
  "\u2192": "->",
  "\u2190": "<-",
  "\u2191": "up",
  "\u2193": "down",
  "\u2248": "~",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2212": "-",
  "\u2011": "-",
  "\u00a0": " ",
  "\u202f": " ",
  "\u2009": " ",
};

/** The extra characters WinAnsi has above Latin-1's printable range (quotes, dashes, €, …). */
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/**
 * Text the PDF's built-in Helvetica can draw: jsPDF's standard fonts know WinAnsi only, so any
 * other character (emoji, CJK, arrows) would print as garbage. Known look-alikes are replaced,
 * the rest become "?".
 */
export function pdfSafeText(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (PDF_REPLACEMENTS[char] !== undefined) out += PDF_REPLACEMENTS[char];
    else if (char === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) {
      out += char;
    } else if (WIN_ANSI_EXTRAS.has(char)) out += char;
    else if (/\p{Extended_Pictographic}|\p{Mark}/u.test(char) || code < 0x20) continue;
    else out += "?";
  }
  return out;
}

/**
 * The sources an answer shows under its text (messageSources: those its text does not link), as
 * lines "[n] Title, 7 May 2026: https://…/p/slug" under "Sources:", or "" when there are none.
 */
function sourceLines(message: MaxMessage, publicUrl: string): string {
  const lines = messageSources(message).map((s) => {
    const mark = s.n === null ? "" : `[${s.n}] `;
    const date = s.publishDate ? `, ${formatLongDate(s.publishDate)}` : "";
    const address = publicUrl ? absoluteUrl(s.url, publicUrl) : s.url;
    return `${mark}${s.title}${date}: ${address}`;
  });
  return lines.length > 0 ? `\nSources:\n${lines.join("\n")}` : "";
}

/**
 * One line per message with text: "User: …" or "Assistant: …" (docs/product/max.md#pdf-export), an
 * answer followed by the sources it shows under its text; site addresses absolute on `publicUrl`
 * (the site's public address, no trailing slash), so the links work outside the site.
 */
export function exportLines(messages: readonly MaxMessage[], publicUrl = ""): string[] {
  return messages.flatMap((message) => {
    const text = pdfSafeText(
      plainText(messageText(message), publicUrl) + sourceLines(message, publicUrl),
    );
    if (!text) return [];
    return [`${message.role === "user" ? "User" : "Assistant"}: ${text}`];
  });
}

/**
 * The file name, "{product}_bot_export.pdf" (docs/product/max.md#pdf-export): the site name with
 * runs of spaces as underscores.
 */
export function exportFileName(siteName: string): string {
  const product = siteName
    .trim()
    .replace(/[\\/:*?"<>|]+/g, "")
    .replace(/\s+/g, "_");
  return `${product || "chat"}_bot_export.pdf`;
}
