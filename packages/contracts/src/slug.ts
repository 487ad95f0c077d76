// The one slug rule of the importer, the studio API and the studio editor; free of zod so browser
// bundles stay small.

/** The longest slug the API accepts (`slugSchema`). */
export const SLUG_MAX = 120;

/**
 * A URL-safe slug: lower case ASCII letters, digits and single hyphens ("NFTs & Gaming" ->
 * "nfts-gaming", "Layer 2" -> "layer-2"). Accents are folded; other characters become hyphens;
 * no hyphen at either end. "" when no letter or digit is left.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The slug an article's title makes: `slugify(title)`, cut at a hyphen to at most `SLUG_MAX - 4`
 * characters so a `-2` … `-999` suffix still fits. "" when the title has no letter or digit.
 */
export function slugFromTitle(title: string): string {
  const full = slugify(title);
  const room = SLUG_MAX - 4;
  if (full.length <= room) return full;
  const cut = full.slice(0, room);
  const lastHyphen = cut.lastIndexOf("-");
  return lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut;
}

/**
 * The anchor of a heading, GitHub's rule (as github-slugger): the heading's text lower-cased,
 * characters other than letters, digits, spaces, "_" and "-" removed, spaces made hyphens ("What
 * is gas?" -> "what-is-gas"). The article page gives its headings these ids and the importer keeps
 * in-page links to them (docs/product/reader.md#imported-articles). "" for a heading without words.
 */
export function headingAnchor(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");
}
