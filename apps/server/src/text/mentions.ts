// Who a comment mentions (docs/product/reader.md#mentions): `@Username` of a member taking part
// in the discussion, names with spaces included, the longest name first. The same rule finds the
// members to store and notify (modules/comments/comment-mentions.ts) and the text the renderer
// makes a link (comment-markdown.ts).

/** A member a comment may mention: their id and their name as shown. */
export interface MentionCandidate {
  id: number;
  username: string;
}

/** The most members one comment notifies by mention; further names notify nobody. */
export const MAX_MENTIONS = 10;

/** A letter, a digit or `_`: what may not touch an `@` before it nor a name after it. */
const WORD = /[\p{L}\p{N}_]/u;

/** One mention in a text: `[start, end)` covers the `@` and the name; `index` is its candidate's. */
export interface MentionSpan {
  start: number;
  end: number;
  index: number;
}

/**
 * Every mention of `names` in `text`, in order: `@` (at the start or after a character that is
 * not a letter, digit or `_`, so an email address mentions nobody) followed by one of the names,
 * compared without regard to case, and then the end of the text or a character that is not a
 * letter, digit or `_`. Where several names fit at one `@` ("@Ana" and "@Ana Lima"), the longest
 * wins. `index` is the position of the name in `names`; blank names never match.
 */
export function mentionSpans(text: string, names: readonly string[]): MentionSpan[] {
  const lowered = names
    .map((name, index) => ({ index, name: name.toLowerCase() }))
    .filter((c) => c.name.trim() !== "")
    .sort((a, b) => b.name.length - a.name.length);
  const spans: MentionSpan[] = [];
  if (lowered.length === 0) return spans;
  let at = text.indexOf("@");
  while (at !== -1) {
    let next = at + 1;
    if (at === 0 || !WORD.test(text.charAt(at - 1))) {
      const match = lowered.find((c) => mentionsAt(text, at + 1, c.name));
      if (match) {
        next = at + 1 + match.name.length;
        spans.push({ start: at, end: next, index: match.index });
      }
    }
    at = text.indexOf("@", next);
  }
  return spans;
}

/**
 * The ids of the `candidates` that `text` mentions (`mentionSpans`), in the order they first
 * appear, at most `MAX_MENTIONS`.
 */
export function findMentions(text: string, candidates: readonly MentionCandidate[]): number[] {
  const found: number[] = [];
  for (const span of mentionSpans(
    text,
    candidates.map((c) => c.username),
  )) {
    const id = (candidates[span.index] as MentionCandidate).id;
    if (!found.includes(id)) found.push(id);
    if (found.length === MAX_MENTIONS) break;
  }
  return found;
}

/** Whether `text` holds `name` (lower case) at `start`, ending at a boundary. */
function mentionsAt(text: string, start: number, name: string): boolean {
  const end = start + name.length;
  if (text.slice(start, end).toLowerCase() !== name) return false;
  return end >= text.length || !WORD.test(text.charAt(end));
}
