// "Read next" under an article (docs/product/reader.md#read-next): the related articles and the
// author's latest, the rule of which articles and in which order.
import type { Article, ArticleCard, ReadNext } from "@pragmatist/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { SearchService } from "../search/search.types.ts";
import type { ArticlesService } from "./articles.service.ts";
import type { LibraryMemo } from "./library-memo.ts";
import { findRelatingTerms, findSharingTerms } from "./read-next.repository.ts";

/** Related articles shown, and the author's latest shown beside them. */
export const READ_NEXT_COUNT = 3;
/** How many of the search's most similar articles are read to fill the related ones up. */
const SIMILAR_POOL = 10;
/** Articles whose answer is kept at once (the most recently shown stay). */
const KEPT_ARTICLES = 2000;

/** The read-next rule over the library (`createReadNext`). */
export interface ReadNextReads {
  /** `ReadNext` of `article`, a published article (`ArticlesService.findBySlug`'s). */
  find(article: Article): Promise<ReadNext>;
}

/**
 * Builds the rule over the database `k`, the articles service and the search; `now` decides
 * which publish dates are past; answers are kept in a part of `memo`, the process's library
 * memo. `find(article)` answers:
 *
 * - **related**: up to READ_NEXT_COUNT published articles, those sharing terms with it first (by
 *   the number of shared tags, then categories, then ecosystems, then newest; candidates are the
 *   newest TERM_POOL of each of its terms, so the cost does not grow with the archive,
 *   read-next.repository.ts), filled up from the search index: the articles most like its title
 *   and tags (`SearchService.search` matching any word), in rank order;
 * - **byAuthor**: up to READ_NEXT_COUNT of its author's newest published articles not among
 *   `related` (empty without an author).
 *
 * Never the article itself, never a draft or a future-dated article. Four to six reads, each on
 * an index, the first time an article is shown for the library as it is; after that the answer
 * is kept (library-memo.ts) until the published library changes (docs/scale.md#library-memo).
 */
export function createReadNext(deps: {
  k: Kysely<Database>;
  articles: ArticlesService;
  search: Pick<SearchService, "search">;
  now: () => Date;
  memo: LibraryMemo;
}): ReadNextReads {
  const { k, articles, search, now } = deps;

  /** The published cards of `ids`, in that order. */
  async function cards(ids: number[]): Promise<ArticleCard[]> {
    if (ids.length === 0) return [];
    return (await articles.listByIds(ids, { page: 1, pageSize: ids.length })).data;
  }

  async function relatedIds(article: Article): Promise<number[]> {
    const terms = await findRelatingTerms(k, article.id);
    const sharing = await findSharingTerms(
      k,
      article.id,
      terms,
      now().toISOString(),
      READ_NEXT_COUNT,
    );
    if (sharing.length === READ_NEXT_COUNT) return sharing;
    const { title, tags } = article.attributes;
    const similar = await search.search([title, ...tags].join(" "), SIMILAR_POOL, "any");
    const taken = new Set([article.id, ...sharing]);
    const more = similar.map((h) => h.id).filter((id) => !taken.has(id));
    return [...sharing, ...more].slice(0, READ_NEXT_COUNT);
  }

  async function latestByAuthor(article: Article, shown: number[]): Promise<number[]> {
    const author = article.attributes.author;
    if (!author) return [];
    const taken = new Set([article.id, ...shown]);
    const latest = await articles.list({
      page: 1,
      // Enough to leave READ_NEXT_COUNT once the article and the related ones are taken out.
      pageSize: READ_NEXT_COUNT + taken.size,
      sort: "date",
      filter: { authorId: author.id },
    });
    return latest.data
      .map((c) => c.id)
      .filter((id) => !taken.has(id))
      .slice(0, READ_NEXT_COUNT);
  }

  // Kept per article for the library as it is (its published articles and their terms, all the
  // rule reads): the article page shows the cards' titles, labels, dates and pictures, which
  // change only with the library; their counts may be as old as the library's last change.
  const kept = deps.memo.part(KEPT_ARTICLES);

  return {
    find: (article) =>
      kept.get(String(article.id), async () => {
        const related = await cards(await relatedIds(article));
        const byAuthor = await latestByAuthor(
          article,
          related.map((c) => c.id),
        );
        return { related, byAuthor: await cards(byAuthor) };
      }),
  };
}
