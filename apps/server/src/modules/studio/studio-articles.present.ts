// The studio's answers for articles and revisions (docs/product/studio.md#studio), built from
// repository rows.
import type { ArticleType, RevisionSummary, StudioArticleSummary } from "@pragmatist/contracts";
import { memberRef } from "../access/member-ref.ts";
import { articleState, namesOf } from "./studio-articles.rules.ts";
import type { RevisionRow, StudioArticleRow, TermRow } from "./studio-articles.repository.ts";

/** Slugs of names as `{ name, slug }`, the public shape of categories and ecosystems. */
const termsOf = (terms: TermRow[], kind: string) =>
  terms.filter((t) => t.kind === kind).map((t) => ({ name: t.name, slug: t.slug }));

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
      thumbnail:
        row.thumbnail_id !== null && row.thumbnail_url !== null
          ? {
              id: row.thumbnail_id,
              url: row.thumbnail_url,
              width: row.thumbnail_width,
              height: row.thumbnail_height,
            }
          : null,
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
