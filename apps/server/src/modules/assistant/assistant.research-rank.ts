// Which articles answer a research query, best first: title and heading matches first, then
// phrase proximity; each with the passage of its section that matches
// (docs/product.md#max-research).
import {
  type Passage,
  type PassageSource,
  analyse,
  strength,
} from "./assistant.research-passage.ts";
import { type ResearchTopic, matchText } from "./assistant.research-topic.ts";

/**
 * Articles read in full per search, the best by title and search order: reading an article's
 * sections is most of a search's time until they are cached.
 */
const ANALYSED = 10;

/**
 * The share of the best article's score another needs to be cited: below it, an article only
 * mentions the topic ("Intro to ether" for "what is MEV").
 */
const RELATED_SHARE = 0.2;

/** An article as the ranking reads it. */
export interface ResearchArticle extends PassageSource {
  slug: string;
  /** ISO 8601. */
  publishDate: string;
}

/** An article with its passage and its score for the topic (higher is better). */
export interface RankedArticle {
  article: ResearchArticle;
  passage: Passage;
  score: number;
}

/** A search hit kept for reading in full, with its score so far. */
export interface Shortlisted<T> {
  hit: T;
  /** 4 × the title's recall + 2 × its recall × focus + up to 0.5 for the search's own order. */
  score: number;
}

/**
 * The ANALYSED best of `hits` (in the publication search's order) by their titles and that order:
 * the articles worth reading in full.
 */
export function shortlist<T extends { title: string }>(
  topic: ResearchTopic,
  hits: T[],
): Shortlisted<T>[] {
  return hits
    .map((hit, position) => {
      const title = matchText(topic.terms, hit.title);
      const order = 0.5 * (1 - position / hits.length);
      return { hit, score: 4 * title.recall + 2 * strength(title) + order };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, ANALYSED);
}

/**
 * The best `limit` of the shortlisted articles, best first, each with its passage: the shortlist
 * score + 2 × the best heading's recall × focus + the best phrase proximity of a block. Articles
 * scoring under RELATED_SHARE of the best are left out: they only mention the topic.
 */
export function rankArticles(
  topic: ResearchTopic,
  articles: Shortlisted<ResearchArticle>[],
  limit: number,
): RankedArticle[] {
  const ranked = articles
    .map(({ hit: article, score }) => {
      const { passage, heading, proximity: near } = analyse(article, topic.terms);
      return { article, passage, score: score + 2 * heading + near };
    })
    .sort((a, b) => b.score - a.score);
  const floor = (ranked[0]?.score ?? 0) * RELATED_SHARE;
  return ranked.filter((r) => r.score >= floor).slice(0, limit);
}

/**
 * The `limit` newest issues of a series, newest first, each with its passage for the topic
 * ("what's in the latest Optech newsletter": the newest issue's opening first).
 */
export function newestFirst(
  topic: ResearchTopic,
  articles: ResearchArticle[],
  limit: number,
): RankedArticle[] {
  return [...articles]
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate))
    .slice(0, limit)
    .map((article) => ({ article, passage: analyse(article, topic.terms).passage, score: 0 }));
}

/**
 * Whether a title holds every term of the topic: an article about it, or an issue of the series
 * whose latest is asked for.
 */
export function titleHoldsTopic(topic: ResearchTopic, title: string): boolean {
  return topic.terms.length > 0 && matchText(topic.terms, title).recall === 1;
}
