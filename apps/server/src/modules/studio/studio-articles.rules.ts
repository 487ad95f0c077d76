// Pure rules of the studio's article writes (docs/product/studio.md#studio): states and their
// audited transitions, what a save changes (publication, text, terms, columns) and the slug errors;
// no database, no clock.
import type { ArticleChanges, ArticleState, AuditAction } from "@pragmatist/contracts";
import { ValidationError } from "../../errors.ts";
import { type ArticleTermNames, derivedArticleFields } from "../articles/article-writes.ts";
import type {
  ArticleWrite,
  ImageColumns,
  SeoColumns,
  StudioArticleRow,
  TermRow,
} from "./studio-articles.repository.ts";

/**
 * ISO 8601 with milliseconds in UTC (`2026-03-02T09:00:00.000Z`) of an instant given as text or
 * a Date: the one stored form, so text comparison orders instants.
 */
export const iso = (value: string | Date) => new Date(value).toISOString();

/** The state readers see: published with a publish date ahead of `now` is scheduled. */
export function articleState(status: string, publishDate: string, now: Date): ArticleState {
  if (status !== "published") return "draft";
  return Date.parse(publishDate) > now.getTime() ? "scheduled" : "published";
}

/** An article's place in the publication at one moment: its state and publish date (ISO, UTC). */
export interface PublicationPoint {
  state: ArticleState;
  publishDate: string;
}

/**
 * The audit action of a change of state (or of a scheduled date), or null when none: a new
 * article (`before` null) is audited only when it is published or scheduled at once.
 */
export function transition(
  before: PublicationPoint | null,
  after: PublicationPoint,
): AuditAction | null {
  if (before?.state === after.state) {
    return after.state === "scheduled" && before.publishDate !== after.publishDate
      ? "article.schedule"
      : null;
  }
  if (after.state === "draft") return before === null ? null : "article.unpublish";
  return after.state === "scheduled" ? "article.schedule" : "article.publish";
}

/** What a revision keeps: the title, subtitle and Markdown of an article. */
export interface ArticleText {
  title: string;
  subTitle: string;
  content: string;
}

/** The article's term names per kind (type, category, tag, ecosystem), in their stored order. */
export function namesOf(terms: TermRow[]): ArticleTermNames {
  const of = (kind: string) => terms.filter((t) => t.kind === kind).map((t) => t.name);
  return {
    types: of("type"),
    categories: of("category"),
    tags: of("tag"),
    ecosystems: of("ecosystem"),
  };
}

const sameList = (a: string[], b: string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** The 400 for a slug another article uses, pointing at `data.slug`. */
export function slugTaken(slug: string): ValidationError {
  const message = `The slug "${slug}" is already used by another article: choose another one`;
  return new ValidationError(message, { errors: [{ path: ["data", "slug"], message }] });
}

/** The stored columns of an article's text: its own, and what derives from the Markdown. */
export function textColumns(text: ArticleText) {
  return {
    title: text.title,
    sub_title: text.subTitle,
    content: text.content,
    ...derivedArticleFields(text.content),
  };
}

/** What a save does to the publication: the status it leaves, and the state before and after. */
export interface PublicationChange {
  /** The stored status after the save ("draft" or "published"). */
  status: string;
  before: PublicationPoint;
  after: PublicationPoint;
  /** Publishes, unpublishes or moves a published article's date: editors only. */
  changesPublication: boolean;
}

/**
 * The publication after `changes` at `at`. Publishing a draft whose date is not ahead makes it
 * live at `at`, not at its creation time; a date ahead schedules it.
 */
export function publicationChange(
  row: StudioArticleRow,
  changes: ArticleChanges,
  at: Date,
): PublicationChange {
  const status = changes.status ?? row.status;
  let publishDate = changes.publishDate !== undefined ? iso(changes.publishDate) : undefined;
  if (
    row.status === "draft" &&
    status === "published" &&
    publishDate === undefined &&
    Date.parse(row.publish_date) <= at.getTime()
  ) {
    publishDate = at.toISOString();
  }
  const nextDate = publishDate ?? row.publish_date;
  const before = {
    state: articleState(row.status, row.publish_date, at),
    publishDate: iso(row.publish_date),
  };
  const after = { state: articleState(status, nextDate, at), publishDate: iso(nextDate) };
  const changesPublication =
    status !== row.status || (status === "published" && after.publishDate !== before.publishDate);
  return { status, before, after, changesPublication };
}

/** The text after `changes` (absent fields kept), and whether it differs from the stored one. */
export function textChange(
  row: StudioArticleRow,
  changes: ArticleChanges,
): { text: ArticleText; changed: boolean } {
  const text: ArticleText = {
    title: changes.title ?? row.title,
    subTitle: changes.subTitle ?? row.sub_title,
    content: changes.content ?? row.content ?? "",
  };
  const changed =
    text.title !== row.title || text.subTitle !== row.sub_title || text.content !== row.content;
  return { text, changed };
}

/** The term names after `changes` (absent kinds kept), and whether any list differs, order too. */
export function termsChange(
  stored: TermRow[],
  changes: ArticleChanges,
): { names: ArticleTermNames; changed: boolean } {
  const old = namesOf(stored);
  const names: ArticleTermNames = {
    types: changes.types ?? old.types,
    categories: changes.categories ?? old.categories,
    tags: changes.tags ?? old.tags,
    ecosystems: changes.ecosystems ?? old.ecosystems,
  };
  const changed = (Object.keys(names) as (keyof ArticleTermNames)[]).some(
    (kind) => !sameList(names[kind], old[kind]),
  );
  return { names, changed };
}

/**
 * The search and social columns `changes` set (a field absent: left as it is; null: back to the
 * page's default), over `row`'s (none for a new article).
 */
export function seoColumns(changes: ArticleChanges, row: SeoColumns | null): SeoColumns {
  const kept = <K extends keyof SeoColumns>(key: K) => row?.[key] ?? null;
  return {
    meta_title: changes.metaTitle !== undefined ? changes.metaTitle : kept("meta_title"),
    meta_description:
      changes.metaDescription !== undefined ? changes.metaDescription : kept("meta_description"),
    canonical_url:
      changes.canonicalUrl !== undefined ? changes.canonicalUrl : kept("canonical_url"),
  };
}

/** The article's columns as a save leaves them, before they are compared with the stored row. */
export interface NextColumns {
  slug: string;
  text: { text: ArticleText; changed: boolean };
  publication: PublicationChange;
  images: ImageColumns;
  seo: SeoColumns;
}

/** The columns of `row` that `next` changes, and only those: empty when nothing is new. */
export function columnChanges(row: StudioArticleRow, next: NextColumns): Partial<ArticleWrite> {
  const { publication } = next;
  const write: Partial<ArticleWrite> = {};
  if (next.slug !== row.slug) write.slug = next.slug;
  if (next.text.changed) Object.assign(write, textColumns(next.text.text));
  if (publication.status !== row.status) write.status = publication.status;
  if (publication.after.publishDate !== publication.before.publishDate) {
    write.publish_date = publication.after.publishDate;
  }
  for (const key of ["thumbnail_id", "social_image_id"] as const) {
    if (next.images[key] !== row[key]) write[key] = next.images[key];
  }
  for (const key of ["meta_title", "meta_description", "canonical_url"] as const) {
    if (next.seo[key] !== row[key]) write[key] = next.seo[key];
  }
  return write;
}

/**
 * The version (`updated_at`, ISO) a save at `at` writes: every save moves the version forward,
 * even two saves in the same millisecond (then 1 ms after `stored`).
 */
export function nextVersion(at: Date, stored: string): string {
  return new Date(Math.max(at.getTime(), Date.parse(stored) + 1)).toISOString();
}

/** The audit details of a change of state: the article's slug and title, the states and date. */
export function transitionDetails(
  slug: string,
  title: string,
  before: PublicationPoint | null,
  after: PublicationPoint,
): Record<string, unknown> {
  return {
    slug,
    title,
    from: before?.state ?? null,
    to: after.state,
    publishDate: after.publishDate,
  };
}
