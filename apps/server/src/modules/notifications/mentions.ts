// Who a comment mentions (docs/product/reader.md#notifications): `@Username` of a member taking
// part in the discussion, names with spaces included, the longest name first.

/** A member a comment may mention: their id and their name as shown. */
export interface MentionCandidate {
  id: number;
  username: string;
}

/** The most members one comment notifies by mention; further names notify nobody. */
export const MAX_MENTIONS = 10;

/** A letter, a digit or `_`: what may not touch an `@` before it nor a name after it. */
const WORD = /[\p{L}\p{N}_]/u;

/**
 * The ids of the `candidates` that `text` mentions, in the order they first appear, at most
 * `MAX_MENTIONS`. A mention is `@` (at the start or after a character that is not a letter, digit
 * or `_`, so an email address mentions nobody) followed by a candidate's username, compared without
 * regard to case, and then the end of the text or a character that is not a letter, digit or `_`.
 * Where several names fit at one `@` ("@Ana" and "@Ana Lima"), the longest wins.
 */
export function findMentions(text: string, candidates: readonly MentionCandidate[]): number[] {
  const names = candidates
    .filter((c) => c.username.trim() !== "")
    .map((c) => ({ id: c.id, name: c.username.toLowerCase() }))
    .sort((a, b) => b.name.length - a.name.length);
  const found: number[] = [];
  let at = text.indexOf("@");
  while (at !== -1 && found.length < MAX_MENTIONS) {
    let next = at + 1;
    if (at === 0 || !WORD.test(text.charAt(at - 1))) {
      const match = names.find((c) => mentionsAt(text, at + 1, c.name));
      if (match) {
        if (!found.includes(match.id)) found.push(match.id);
        next = at + 1 + match.name.length;
      }
    }
    at = text.indexOf("@", next);
  }
  return found;
}

/** Whether `text` holds `name` (lower case) at `start`, ending at a boundary. */
function mentionsAt(text: string, start: number, name: string): boolean {
  const end = start + name.length;
  if (text.slice(start, end).toLowerCase() !== name) return false;
  return end >= text.length || !WORD.test(text.charAt(end));
}
