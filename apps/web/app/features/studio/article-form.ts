// What the editor holds and what it sends (docs/product/studio.md#studio-editor): the form's values
// from an article, and the `data` of `PUT /api/articles/{id}` from the form. Pure, so tested in
// Node.
import type { ArticleInput, ArticleType, StudioArticle } from "@pragmatist/contracts";
import { openSlug } from "./slug";

/** The article types (contracts `articleTypes`; article-form.test.ts keeps them equal). */
export const ARTICLE_TYPES = [
  "Research",
  "News",
  "Newsletter",
  "Market Report",
] as const satisfies readonly ArticleType[];

/** Terms per kind the API takes (contracts `TERMS_MAX`). */
export const TERMS_MAX = 20;
/** The longest meta title and description the API takes (contracts `META_TITLE_MAX`, …). */
export const META_TITLE_MAX = 120;
export const META_DESCRIPTION_MAX = 320;

/**
 * The editor's fields as typed: text as the inputs hold it, turned into the API's `data` by
 * `changesOf`.
 */
export interface ArticleForm {
  title: string;
  subTitle: string;
  slug: string;
  /** The slug still follows the title (see slug.ts). */
  slugAuto: boolean;
  /** Markdown. */
  content: string;
  types: ArticleType[];
  /** Comma-separated names, as typed. */
  categories: string;
  tags: string;
  ecosystems: string;
  /** `YYYY-MM-DD HH:MM[:SS]`, 24-hour, in UTC, as typed (see `toUtcInput`). */
  publishDate: string;
  thumbnail: { id: number; url: string } | null;
  /** Search and link previews (docs/product/studio.md#studio-seo); "" for the page's default. */
  metaTitle: string;
  metaDescription: string;
  canonicalUrl: string;
  /** The picture of a shared link; null for the thumbnail. */
  socialImage: { id: number; url: string } | null;
}

/**
 * An instant as the publish date field shows it: ISO 8601 date and 24-hour time in UTC,
 * "2026-05-01 08:00" (docs/product/studio.md#studio-editor; a browser's datetime-local input would
 * show the reader's locale, e.g. a US 12-hour clock), with seconds only when it has some
 * ("2026-05-01 08:00:05"), so a date scheduled to the second survives the next save.
 */
export function toUtcInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date
    .toISOString()
    .slice(0, date.getUTCSeconds() === 0 ? 16 : 19)
    .replace("T", " ");
}

const UTC_INPUT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)$/;

/**
 * The publish date field read as UTC, as ISO 8601 ("…:00.000Z"): `YYYY-MM-DD HH:MM[:SS]`, 24-hour
 * (a "T" between date and time is taken too). Null when it is not a real date and time (no 13th
 * month, 30 February or 24:00).
 */
export function fromUtcInput(value: string): string | null {
  const match = UTC_INPUT.exec(value.trim());
  if (!match) return null;
  const typed = `${match[1]}T${match[2]}`;
  const date = new Date(`${typed}Z`);
  if (Number.isNaN(date.getTime())) return null;
  // The Date constructor rolls 30 February over into March: only a date it keeps as typed is real.
  return date.toISOString().startsWith(typed) ? date.toISOString() : null;
}

/**
 * What makes two term names one term: trimmed, runs of spaces as one, case ignored ("defi" and
 * " DeFi" are one term).
 */
export const termKey = (name: string): string => name.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Names from a comma-separated list: trimmed, empty ones dropped, repeats (by `termKey`) kept
 * once, at most TERMS_MAX.
 */
export function splitTerms(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of text.split(",")) {
    const name = raw.trim().replace(/\s+/g, " ");
    const key = termKey(name);
    if (!name || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names.slice(0, TERMS_MAX);
}

/** The form for `article`, or an empty one for a new article dated `now` (Research by default). */
export function formOf(article: StudioArticle | null, now: Date): ArticleForm {
  if (!article) {
    return {
      title: "",
      subTitle: "",
      ...slugFields(openSlug(null)),
      content: "",
      types: ["Research"],
      categories: "",
      tags: "",
      ecosystems: "",
      // This minute: a new draft's date is "now" to the minute.
      publishDate: toUtcInput(new Date(now.getTime() - (now.getTime() % 60_000)).toISOString()),
      thumbnail: null,
      metaTitle: "",
      metaDescription: "",
      canonicalUrl: "",
      socialImage: null,
    };
  }
  const a = article.attributes;
  return {
    title: a.title,
    subTitle: a.subTitle,
    ...slugFields(openSlug({ title: a.title, slug: a.slug, draft: a.status === "draft" })),
    content: a.content,
    types: [...a.types],
    categories: a.categories.map((t) => t.name).join(", "),
    tags: a.tags.join(", "),
    ecosystems: a.ecosystems.map((t) => t.name).join(", "),
    publishDate: toUtcInput(a.publishDate),
    thumbnail: a.thumbnail ? { id: a.thumbnail.id, url: a.thumbnail.url } : null,
    metaTitle: a.seo.metaTitle ?? "",
    metaDescription: a.seo.metaDescription ?? "",
    canonicalUrl: a.seo.canonicalUrl ?? "",
    socialImage: a.seo.socialImage
      ? { id: a.seo.socialImage.id, url: a.seo.socialImage.url }
      : null,
  };
}

function slugFields(field: { slug: string; auto: boolean }) {
  return { slug: field.slug, slugAuto: field.auto };
}

/**
 * The article's fields to save (no status: the action adds it). An empty slug is left out (the
 * server makes one on create and keeps the old one on update), and so are an unreadable date
 * and an empty list of types. An empty search or social field is sent as null (the page's default).
 * The title is sent trimmed; the API refuses an empty one with its own message.
 */
export function changesOf(form: ArticleForm): Omit<ArticleInput, "status"> {
  const publishDate = fromUtcInput(form.publishDate);
  return {
    title: form.title.trim(),
    subTitle: form.subTitle.trim(),
    ...(form.slug.trim() ? { slug: form.slug.trim() } : {}),
    content: form.content,
    // An article stored without a type (imported, or made through the API) keeps none until one
    // is ticked: the API takes at least one.
    ...(form.types.length > 0 ? { types: form.types } : {}),
    categories: splitTerms(form.categories),
    tags: splitTerms(form.tags),
    ecosystems: splitTerms(form.ecosystems),
    ...(publishDate ? { publishDate } : {}),
    thumbnail: form.thumbnail?.id ?? null,
    metaTitle: form.metaTitle.trim() || null,
    metaDescription: form.metaDescription.trim() || null,
    canonicalUrl: form.canonicalUrl.trim() || null,
    socialImage: form.socialImage?.id ?? null,
  };
}

/** Whether `publishDate` (the field's text, UTC) is later than `now`: a publish then schedules. */
export function isFutureDate(publishDate: string, now: Date): boolean {
  const iso = fromUtcInput(publishDate);
  return iso !== null && Date.parse(iso) > now.getTime();
}
