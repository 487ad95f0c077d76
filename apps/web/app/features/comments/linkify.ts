// Plain-text comments with clickable web links (docs/product/reader.md#comment-thread): the text is
// split into pieces, and only http(s) addresses become links. Nothing else is interpreted: no
// Markdown, no HTML, no entities.

/** One piece of a comment: text, or an address to link (`href` is the parsed, normalised URL). */
export interface TextPiece {
  text: string;
  href?: string;
}

// An address runs until whitespace, quotes, angle brackets, or an invisible formatting character
// (bidirectional overrides, zero-width joiners), so those can never hide inside a link.
const ADDRESS =
  // eslint-disable-next-line no-control-regex
  /https?:\/\/[^\s<>"'`\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]+/giu;
// Punctuation that usually ends the sentence around an address rather than the address itself.
const TRAILING = /[.,;:!?*]+$/u;

/** The address as a link target if it parses as an http(s) URL (WHATWG URL), else null. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Drops sentence punctuation and a closing bracket that has no opening one inside the address. */
function trimAddress(address: string): string {
  let out = address.replace(TRAILING, "");
  for (const [open, close] of [
    ["(", ")"],
    ["[", "]"],
    ["{", "}"],
  ] as const) {
    while (out.endsWith(close) && out.split(open).length < out.split(close).length) {
      out = out.slice(0, -1).replace(TRAILING, "");
    }
  }
  return out;
}

/**
 * Splits `text` into text and link pieces, in order; joining every `text` gives back the input.
 * A link piece's `text` is the address exactly as written; its `href` passed `safeHref`.
 */
export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimAddress(match[0]);
    const href = safeHref(address);
    // "http://" alone, or an address that does not parse, stays text.
    if (!href || address.length <= "https://".length) continue;
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push({ text: address, href });
    last = match.index + address.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
