// The publication as the web app's loaders see it (docs/decisions/002-loaders-call-services.md):
// site settings, article reads, search and comments, answered by the services directly.
import {
  type ArticleCard,
  type CoinPage,
  type PublicationApi,
  SEARCH_RESULT_LIMIT,
  type SiteSettings,
} from "@pragmatist/contracts";
import type { CommentsService } from "../comments/comments.service.ts";
import type { MarketPages } from "../market/market-pages.ts";
import type { IssuesService } from "../newsletter/issues.service.ts";
import type { SearchService } from "../search/search.types.ts";
import { NotFoundError } from "../../errors.ts";
import type { ArticlesService } from "./articles.service.ts";

/**
 * Builds the `PublicationApi` the server render hands every loader (packages/contracts
 * server-context.ts). Search ranks with `search` (at most SEARCH_RESULT_LIMIT hits), then reads
 * one page of the matching cards in rank order, as the old client's fuzzy search + populate-fuzzy
 * calls do (docs/product/api.md#api-search).
 */
export function createPublicationApi(
  site: SiteSettings,
  deps: {
    articles: ArticlesService;
    search: SearchService;
    comments: CommentsService;
    newsletterIssues: Pick<IssuesService, "archive" | "webVersion">;
    marketPages: MarketPages;
  },
): PublicationApi {
  const { articles, search, comments, newsletterIssues, marketPages } = deps;
  return {
    site,
    listArticles: (q) => articles.list(q),
    latestArticles: ({ types, count }) => articles.latest(types, count),
    findArticle: (slug) => articles.findBySlug(slug),
    countArticles: () => articles.count(),
    listTerms: (kind) => articles.listTerms(kind),
    findAuthor: (slug) => articles.findAuthor(slug),
    listComments: (slug, sort) => comments.find(slug, sort),
    listNewsletterIssues: (page) => newsletterIssues.archive(page),
    findNewsletterIssue: (slug) =>
      newsletterIssues.webVersion(slug).catch((err: unknown) => {
        if (err instanceof NotFoundError) return null;
        throw err;
      }),
    findMarketTable: (query) => marketPages.findTable(query),
    async findCoinPage(id, range) {
      const coin = await marketPages.findCoin(id);
      if (!coin) return null;
      const [history, mentions] = await Promise.all([
        marketPages.coinHistory(id, range),
        coinMentions(deps, coin.name),
      ]);
      return { coin, range, history, ...mentions };
    },
    async searchArticles(query, options) {
      const hits = await search.search(query, SEARCH_RESULT_LIMIT);
      return articles.listByIds(
        hits.map((h) => h.id),
        options,
      );
    },
  };
}

/** Articles and newsletters shown under a coin (docs/product.md#coin-page), newest first. */
const MENTIONS = { research: 6, newsletters: 4 } as const;

/**
 * The published articles the search index finds for the coin's `name`, newest first: newsletters
 * apart (at most MENTIONS.newsletters), everything else as research (at most MENTIONS.research).
 */
async function coinMentions(
  deps: { articles: ArticlesService; search: SearchService },
  name: string,
): Promise<Pick<CoinPage, "research" | "newsletters">> {
  const hits = await deps.search.search(name, SEARCH_RESULT_LIMIT);
  if (hits.length === 0) return { research: [], newsletters: [] };
  const { data } = await deps.articles.listByIds(
    hits.map((h) => h.id),
    { page: 1, pageSize: SEARCH_RESULT_LIMIT },
  );
  const newest = [...data].sort((a, b) =>
    b.attributes.publishDate.localeCompare(a.attributes.publishDate),
  );
  const isNewsletter = (a: ArticleCard) => a.attributes.types.includes("Newsletter");
  return {
    research: newest.filter((a) => !isNewsletter(a)).slice(0, MENTIONS.research),
    newsletters: newest.filter(isNewsletter).slice(0, MENTIONS.newsletters),
  };
}
