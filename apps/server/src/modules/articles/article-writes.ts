// What every writer of articles (the importer, the studio) stores the same way: the fields derived
// from the Markdown and the article's terms.
import { readingTimeMinutes, slugify, wordCount } from "@pragmatist/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { excerptOf } from "../../text/excerpts.ts";
import { markdownToPlainText } from "../../text/plain-text.ts";
import * as repo from "./article-writes.repository.ts";

/** The names of an article's terms per kind, in the order they are shown. */
export interface ArticleTermNames {
  types: string[];
  categories: string[];
  ecosystems: string[];
  tags: string[];
}

/** Terms with their slugs (`slugify`), first of each kind and slug kept, empty slugs dropped. */
function termInputs(names: ArticleTermNames): repo.TermInput[] {
  const all: repo.TermInput[] = [
    ...names.types.map((name) => ({ kind: "type" as const, name, slug: slugify(name) })),
    ...names.categories.map((name) => ({ kind: "category" as const, name, slug: slugify(name) })),
    ...names.ecosystems.map((name) => ({ kind: "ecosystem" as const, name, slug: slugify(name) })),
    ...names.tags.map((name) => ({ kind: "tag" as const, name, slug: slugify(name) })),
  ];
  return all.filter(
    (t, i) => t.slug && all.findIndex((o) => o.kind === t.kind && o.slug === t.slug) === i,
  );
}

/**
 * What is derived from an article's Markdown and stored beside it: the excerpt (first prose,
 * at most 200 characters) and the reading time in minutes (230 words a minute, at least 1).
 * Shared by the importer and the studio so both store the same figures.
 */
export function derivedArticleFields(content: string): {
  excerpt: string;
  reading_time_minutes: number;
} {
  return {
    excerpt: excerptOf(content),
    reading_time_minutes: readingTimeMinutes(wordCount(markdownToPlainText(content))),
  };
}

/**
 * Replaces an article's terms (creating new terms, unique by kind and slug) inside the caller's
 * transaction `trx`: the importer's and the studio's one way of writing terms.
 */
export function writeArticleTerms(
  trx: Kysely<Database>,
  articleId: number,
  names: ArticleTermNames,
): Promise<void> {
  return repo.replaceArticleTerms(trx, articleId, termInputs(names));
}
