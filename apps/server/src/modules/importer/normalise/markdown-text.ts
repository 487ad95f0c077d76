// Small text rules the normaliser builds Markdown with: whitespace, blocks, quotes, inline marks
// and Unicode superscripts/subscripts.

/** Collapses every run of whitespace (newlines included) to one space and trims the ends. */
export const collapseWhitespace = (s: string): string => s.replace(/\s+/g, " ").trim();

/** A Markdown block: the trimmed text between blank lines ("\n\n" alone when it is empty). */
export const markdownBlock = (s: string): string => (s.trim() ? `\n\n${s.trim()}\n\n` : "\n\n");

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

/** `text` in Unicode superscript characters ("-9" -> "⁻⁹"); null when a character has none. */
export const toSuperscript = (text: string): string | null => mapChars(text, SUPERSCRIPT);

/** `text` in Unicode subscript characters ("12" -> "₁₂"); null when a character has none. */
export const toSubscript = (text: string): string | null => mapChars(text, SUBSCRIPT);

/** Removes the common leading indentation so nested content is not read as a code block. */
export function dedent(text: string): string {
  const lines = text.split("\n");
  let min = Infinity;
  for (const line of lines) {
    if (!line.trim()) continue;
    min = Math.min(min, /^[ \t]*/.exec(line)?.[0].length ?? 0);
  }
  if (!Number.isFinite(min) || min === 0) return text;
  return lines.map((l) => l.slice(Math.min(min, /^[ \t]*/.exec(l)?.[0].length ?? 0))).join("\n");
}

/** Wraps inline text in a Markdown mark, keeping surrounding spaces outside the marks. */
export function wrapInline(inner: string, mark: string): string {
  const text = collapseWhitespace(inner);
  if (!text) return inner;
  const lead = /^\s/.test(inner) ? " " : "";
  const trail = /\s$/.test(inner) ? " " : "";
  return `${lead}${mark}${text}${mark}${trail}`;
}

/** Markdown as a block quote ("> " on each line, ">" on blank ones); "\n\n" when it is empty. */
export function quoteBlock(markdown: string): string {
  const body = markdown
    .replace(/^[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (!body) return "\n\n";
  return markdownBlock(
    body
      .split("\n")
      .map((l) => (l.trim() ? `> ${l}` : ">"))
      .join("\n"),
  );
}
