// What each source adapter is given (one file whose front matter parsed), and the keyword rules
// the adapters derive tags with.

/** One Markdown file whose front matter parsed, with a title and a non-empty body. */
export interface SourceFile {
  /** Absolute path of the file. */
  file: string;
  /** The imported folder: relative paths in front matter resolve against it. */
  root: string;
  /** The file name without its `.md`/`.mdx` extension. */
  base: string;
  /** The front-matter title, whitespace collapsed (never empty). */
  title: string;
  /** The parsed front matter. */
  data: Record<string, unknown>;
  /** The Markdown after the front matter, as written. */
  body: string;
}

/** A keyword rule: text matching the pattern gets the tag (or category). */
export type KeywordRule = [RegExp, string];

/** The tags of the rules `text` matches, in rule order, each once, at most `max`. */
export function tagsFrom(text: string, rules: KeywordRule[], max: number): string[] {
  const out: string[] = [];
  for (const [re, tag] of rules) {
    if (re.test(text) && !out.includes(tag)) out.push(tag);
    if (out.length >= max) break;
  }
  return out;
}
