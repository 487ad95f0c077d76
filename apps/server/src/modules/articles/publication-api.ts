// The publication as the web app's loaders see it (docs/decisions/002-loaders-call-services.md):
// site settings, article reads, search and comments, answered by the services directly.
import { type PublicationApi, SEARCH_RESULT_LIMIT, type SiteSettings } from "@pragmatist/contracts";
import type { CommentsService } from "../comments/comments.service.ts";
import type { CoinMentions } from "./coin-mentions.ts";
import type { MarketPages } from "../market/market-pages.service.ts";
import type { IssuesService } from "../newsletter/issues.service.ts";
import type { SearchService } from "../search/search.types.ts";
import { NotFoundError } from "../../errors.ts";
import type { ArticlesService } from "./articles.service.ts";
import type { ReadNextReads } from "./read-next.ts";

/**
 * Builds the `PublicationApi` the server render hands every loader (packages/contracts
 * server-context.ts). Search ranks with `search` (at most SEARCH_RESULT_LIMIT hits), then reads
 * one page of the matching cards in rank order, as the old client's fuzzy search + populate-fuzzy
 * calls do (docs/product/api.md#api-search). The coins articles name and the articles that name
 * a coin are `coinMentions`' (docs/product/reader.md#article-coins); what to read next is
 * `readNext`'s (docs/product/reader.md#read-next).
 */
export function createPublicationApi(
  site: SiteSettings,
  deps: {
    articles: ArticlesService;
    search: SearchService;
    comments: CommentsService;
    newsletterIssues: Pick<IssuesService, "archive" | "webVersion">;
    marketPages: MarketPages;
    coinMentions: CoinMentions;
    readNext: ReadNextReads;
  },
): PublicationApi {
  const { articles, search, comments, newsletterIssues, marketPages, coinMentions, readNext } =
    deps;
  return {
    site,
    listArticles: (q) => articles.list(q),
    latestArticles: ({ types, count }) => articles.latest(types, count),
    findArticle: (slug) => articles.findBySlug(slug),
    findArticleCoins: (article) => coinMentions.articleCoins(article),
    findReadNext: (article) => readNext.find(article),
    countArticles: () => articles.count(),
    listTerms: (kind) => articles.listTerms(kind),
    findAuthor: (slug) => articles.findAuthor(slug),
    findCommentPage: (slug, query) => comments.findPage(slug, query),
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
        coinMentions.find(coin.id),
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
