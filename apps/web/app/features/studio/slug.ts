// The editor's slug field (issue #7 "slug made from the title, editable"): it follows the title
// until it is edited by hand, and is cleaned to the server's slug form when the field is left.

/** The longest slug the API accepts (contracts `SLUG_MAX`; slug.test.ts keeps them equal). */
export const SLUG_MAX = 120;

/**
 * A URL slug from `text` by the server's rule (content.service `slugify`, kept equal by
 * slug.test.ts): accents folded, lower case, every run of other characters than a–z and 0–9 one
 * hyphen, no hyphen at either end; cut at a hyphen to leave room for a `-2` suffix like the
 * server's own slugs. "" when nothing is left (the server then makes one on create).
 */
export function slugFromTitle(text: string): string {
  const full = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const room = SLUG_MAX - 4;
  if (full.length <= room) return full;
  const cut = full.slice(0, room);
  const lastHyphen = cut.lastIndexOf("-");
  return lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut;
}

/** The slug field: its text, and whether it still follows the title. */
export interface SlugField {
  slug: string;
  auto: boolean;
}

/**
 * The field as an article is opened: a new article, or a draft whose slug is still the one its
 * title makes, follows the title; a published article keeps its address (links point at it).
 */
export function openSlug(article: { title: string; slug: string; draft: boolean } | null) {
  if (!article) return { slug: "", auto: true } satisfies SlugField;
  return {
    slug: article.slug,
    auto: article.draft && article.slug === slugFromTitle(article.title),
  };
}

/** The title changed: a following slug is made again from it; a hand-made one stays. */
export function slugForTitle(field: SlugField, title: string): SlugField {
  return field.auto ? { slug: slugFromTitle(title), auto: true } : field;
}

/** The slug was typed by hand: it stops following the title, and is kept as typed for now. */
export function slugTyped(text: string): SlugField {
  return { slug: text, auto: false };
}

/**
 * The slug field lost focus: what was typed becomes a valid slug ("My Post!" -> "my-post"); an
 * emptied field follows the title again.
 */
export function slugLeft(field: SlugField, title: string): SlugField {
  const cleaned = slugFromTitle(field.slug);
  return cleaned ? { slug: cleaned, auto: field.auto } : { slug: slugFromTitle(title), auto: true };
}
