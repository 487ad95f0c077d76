// The `@letters` being typed in the composer and the mention that replaces them
// (docs/product/reader.md#mentions): plain text rules, no React, so the combobox and its tests
// share them.

/** The most characters of a name after `@` the composer asks about (USERNAME_MAX). */
const NAME_MAX = 60;

/**
 * `@` at the start of the text or after a character that is not a letter, digit or `_` (as the
 * server's mention rule), then a name as far as the caret: no `@`, no line break, at most one
 * space (names may hold one: "Ana Lima"), and at least one character right after the `@`.
 */
const TYPED = /(?:^|[^\p{L}\p{N}_])@([^\s@][^\s@]*(?: [^\s@]*)?)$/u;

/** The `@letters` before the caret: `[start, end)` covers the `@` and the letters `q`. */
export interface MentionQuery {
  start: number;
  end: number;
  q: string;
}

/**
 * The mention being typed when the caret (`caret`, an offset of `text`, with no selection) ends
 * `@letters`, else null; `q` without a trailing space.
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const match = TYPED.exec(text.slice(0, caret));
  const typed = match?.[1];
  if (typed === undefined || typed.length > NAME_MAX) return null;
  return { start: caret - typed.length - 1, end: caret, q: typed.trimEnd() };
}

/**
 * `text` with `query`'s `@letters` replaced by `@{username} ` (one space after it, not doubled
 * when the text already had one there), and the caret after that space.
 */
export function insertMention(
  text: string,
  query: MentionQuery,
  username: string,
): { text: string; caret: number } {
  const mention = `@${username} `;
  const after = text.slice(query.end).replace(/^ /u, "");
  return {
    text: text.slice(0, query.start) + mention + after,
    caret: query.start + mention.length,
  };
}
