// The editor's slug field (docs/product/studio.md#studio): it follows the title
// until it is edited by hand, and is cleaned to the server's slug form when the field is left.
// The slug rule itself is the server's, from contracts (`slugFromTitle`: "" when nothing is left).
import { slugFromTitle } from "@pragmatist/contracts";

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
