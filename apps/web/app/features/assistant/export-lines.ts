// What the PDF export writes (docs/product.md#pdf-export): one "User: …" or "Assistant: …" line per
// message, as plain text the PDF's standard font can show, and the file name.
import { type MaxMessage, messageText } from "./chat-rules.ts";

/**
 * Markdown as a reader would read it aloud: emphasis, code and heading marks dropped, links as
 * "text (address)", images as their description, table delimiter rows removed.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_, text: string, url: string) =>
      text === url ? url : `${text} (${url})`,
    )
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, "")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/^\s{0,3}>\s?/gm, "")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/`+([^`]*)`+/g, "$1")
    .replace(/\n{3,}/g, "\n\n")
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

/** One line per message with text: "User: …" or "Assistant: …" (docs/product.md#pdf-export). */
export function exportLines(messages: readonly MaxMessage[]): string[] {
  return messages.flatMap((message) => {
    const text = pdfSafeText(plainText(messageText(message)));
    if (!text) return [];
    return [`${message.role === "user" ? "User" : "Assistant"}: ${text}`];
  });
}

/**
 * The file name, "{product}_bot_export.pdf" (docs/product.md#pdf-export): the site name with runs
 * of spaces as underscores.
 */
export function exportFileName(siteName: string): string {
  const product = siteName
    .trim()
    .replace(/[\\/:*?"<>|]+/g, "")
    .replace(/\s+/g, "_");
  return `${product || "chat"}_bot_export.pdf`;
}
