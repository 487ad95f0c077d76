// Max's research: passages of the publication's own articles for a query, and the article in context.
import type { ResearchResults } from "@pragmatist/contracts";
import type { ArticleContext } from "./assistant.prompt.ts";
import {
  type RankedArticle,
  type ResearchArticle,
  newestFirst,
  rankArticles,
  shortlist,
  titleHoldsTopic,
} from "./assistant.research-rank.ts";
import { type ResearchTopic, researchTopic } from "./assistant.research-topic.ts";
import type { SearchHit } from "../search/search.types.ts";
import type { AssistantDependencies } from "./assistant.types.ts";

/** Passages returned for one research search. */
const RESEARCH_PASSAGES = 4;
/** Articles the publication's search is asked for, to be ranked here. */
const CANDIDATES = 24;
/** Articles asked for when the query wants the latest issue of a series (all its issues). */
const SERIES_CANDIDATES = 60;
/** Queries of up to this many terms are searched again less one term when nothing fits them all. */
const MAX_RETRIED_TERMS = 6;

/** The published articles with `slugs`, in their order (one unpublished since is skipped). */
async function articlesOf(
  articles: AssistantDependencies["articles"],
  slugs: string[],
): Promise<ResearchArticle[]> {
  const found = await Promise.all(slugs.map((slug) => articles.findBySlug(slug)));
  return found.filter((a) => a !== null).map((a) => a.attributes);
}

/**
 * The search's hits for the topic's terms, then, when no hit's title holds them all, its hits for
 * the terms less one each, in that order, each article once: a word no article uses ("judge" in
 * "how do I judge a smart contract's risk") must not keep out the article about the rest.
 */
async function candidateHits(
  search: AssistantDependencies["search"],
  topic: ResearchTopic,
): Promise<SearchHit[]> {
  const hits = await search.search(topic.searchText, CANDIDATES);
  const { terms } = topic;
  if (terms.length < 2 || terms.length > MAX_RETRIED_TERMS) return hits;
  if (hits.some((h) => titleHoldsTopic(topic, h.title))) return hits;
  const fewer = terms.map((left) => terms.filter((t) => t !== left).join(" "));
  const more = await Promise.all(fewer.map((text) => search.search(text, CANDIDATES)));
  const seen = new Set(hits.map((h) => h.slug));
  for (const hit of more.flat()) {
    if (seen.has(hit.slug)) continue;
    seen.add(hit.slug);
    hits.push(hit);
  }
  return hits;
}

/**
 * The ranked articles for a topic: the issues of the series it asks the latest of, newest first,
 * when the search found any; otherwise the shortlist of the search's hits ranked by their text.
 */
async function rankedFor(
  deps: Pick<AssistantDependencies, "search" | "articles">,
  topic: ResearchTopic,
): Promise<{ ranked: RankedArticle[]; newest: boolean }> {
  if (topic.latest) {
    const hits = await deps.search.search(topic.searchText, SERIES_CANDIDATES);
    const series = hits.filter((h) => titleHoldsTopic(topic, h.title));
    if (series.length > 0) {
      const issues = await articlesOf(
        deps.articles,
        series.map((h) => h.slug),
      );
      return { ranked: newestFirst(topic, issues, RESEARCH_PASSAGES), newest: true };
    }
  }
  const listed = shortlist(topic, await candidateHits(deps.search, topic));
  const articles = await articlesOf(
    deps.articles,
    listed.map((l) => l.hit.slug),
  );
  const bySlug = new Map(articles.map((a) => [a.slug, a]));
  const readable = listed.flatMap(({ hit, score }) => {
    const article = bySlug.get(hit.slug);
    return article ? [{ hit: article, score }] : [];
  });
  return { ranked: rankArticles(topic, readable, RESEARCH_PASSAGES), newest: false };
}

/**
 * Passages of published research for `query` (the searchResearch tool,
 * docs/product.md#max-research): the publication's search gives candidates, ranked here by title
 * and heading matches first, then phrase proximity; each passage comes from the section that
 * matches. A query asking for the latest issue of a series ("latest Optech newsletter") lists the
 * series' issues newest first (`order: "newest"`).
 */
export async function searchResearch(
  deps: Pick<AssistantDependencies, "search" | "articles">,
  query: string,
): Promise<ResearchResults> {
  const { ranked, newest } = await rankedFor(deps, researchTopic(query));
  const passages = ranked.map(({ article, passage }, i) => ({
    n: i + 1,
    title: article.title,
    slug: article.slug,
    url: `/p/${article.slug}`,
    excerpt: passage.text,
    section: passage.section,
    publishDate: article.publishDate,
  }));
  return { query, order: newest ? "newest" : "relevance", passages };
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
