// The studio's answers for articles and revisions (docs/product/studio.md#studio), built from
// repository rows.
import type {
  ArticleType,
  RevisionSummary,
  StudioArticleSummary,
  StudioImage,
} from "@pragmatist/contracts";
import { memberRef } from "../access/member-ref.ts";
import { articleState, namesOf } from "./studio-articles.rules.ts";
import type { RevisionRow, StudioArticleRow, TermRow } from "./studio-articles.repository.ts";

/** Slugs of names as `{ name, slug }`, the public shape of categories and ecosystems. */
const termsOf = (terms: TermRow[], kind: string) =>
  terms.filter((t) => t.kind === kind).map((t) => ({ name: t.name, slug: t.slug }));

/**
 * The image of `row` in `slot` (its thumbnail, or its social image) as the studio answers it, or
 * null without one.
 */
export function imageOf(
  row: StudioArticleRow,
  slot: "thumbnail" | "social_image",
): StudioImage | null {
  const id = row[`${slot}_id`];
  const url = row[`${slot}_url`];
  if (id === null || url === null) return null;
  return { id, url, width: row[`${slot}_width`], height: row[`${slot}_height`] };
}

/**
 * An article as the studio lists it (no content): `terms` are its own term rows, `now` decides
 * whether a published article is still scheduled.
 */
export function toSummary(
  row: StudioArticleRow,
  terms: TermRow[],
  now: Date,
): StudioArticleSummary {
  const names = namesOf(terms);
  return {
    id: row.id,
    attributes: {
      title: row.title,
      subTitle: row.sub_title,
      slug: row.slug,
      status: row.status === "published" ? "published" : "draft",
      state: articleState(row.status, row.publish_date, now),
      publishDate: row.publish_date,
      types: names.types as ArticleType[],
      categories: termsOf(terms, "category"),
      tags: names.tags,
      ecosystems: termsOf(terms, "ecosystem"),
      thumbnail: imageOf(row, "thumbnail"),
      author: memberRef(row.author_id, row.author_username),
      readingTimeMinutes: row.reading_time_minutes,
      excerpt: row.excerpt,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
  };
}

/** A revision as listed: who saved which title when, without the content. */
export function toRevision(row: RevisionRow): RevisionSummary {
  return {
    id: row.id,
    title: row.title,
    subTitle: row.sub_title,
    savedBy: memberRef(row.saved_by, row.saved_by_username),
    savedAt: row.saved_at,
  };
}
