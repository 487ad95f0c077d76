// Max's research: passages of the publication's own articles for a query, and the article in context.
import type { ResearchResults } from "@pragmatist/contracts";
import { excerptOf, proseParagraphs, truncateText } from "../../text/excerpts.ts";
import { markdownToPlainText } from "../../text/plain-text.ts";
import { type ArticleContext, fold } from "./assistant.prompt.ts";
import type { AssistantDependencies } from "./assistant.types.ts";

/** Passages returned for one research search. */
const RESEARCH_PASSAGES = 4;

/**
 * The passage of an article that best answers `query`: the prose paragraph holding the most query
 * words (3+ letters), as plain text of at most `max` characters; the article's excerpt when no
 * paragraph mentions any.
 */
export function bestPassage(markdown: string, query: string, max = 400): string {
  const words = fold(query).match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  let best = "";
  let bestScore = 0;
  for (const paragraph of proseParagraphs(markdown)) {
    const text = markdownToPlainText(paragraph);
    const folded = fold(text);
    const score = words.filter((w) => folded.includes(w)).length;
    if (score > bestScore) [best, bestScore] = [text, score];
  }
  return bestScore > 0 ? truncateText(best, max) : excerptOf(markdown, max);
}

/**
 * Passages of published research for `query` (the searchResearch tool): the best matches of the
 * publication's search, each with an excerpt around the query and its `/p/{slug}` address.
 */
export async function searchResearch(
  deps: Pick<AssistantDependencies, "search" | "articles">,
  query: string,
): Promise<ResearchResults> {
  const hits = await deps.search.search(query, RESEARCH_PASSAGES);
  const articles = await Promise.all(hits.map((h) => deps.articles.findBySlug(h.slug)));
  const passages = articles
    .filter((a) => a !== null)
    .map((a, i) => ({
      n: i + 1,
      title: a.attributes.title,
      slug: a.attributes.slug,
      url: `/p/${a.attributes.slug}`,
      excerpt: bestPassage(a.attributes.content, query),
      publishDate: a.attributes.publishDate,
    }));
  return { query, passages };
}

/** The article of "Ask Max about this article" (title, slug, subtitle), or null when none or unknown. */
export async function articleContext(
  articles: AssistantDependencies["articles"],
  slug: string | undefined,
): Promise<ArticleContext | null> {
  if (!slug) return null;
  const article = await articles.findBySlug(slug);
  return article
    ? {
        title: article.attributes.title,
        slug: article.attributes.slug,
        subTitle: article.attributes.subTitle,
      }
    : null;
}
