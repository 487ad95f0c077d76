// Sitemaps, robots.txt and RSS/Atom feeds (docs/product/api.md#feeds-and-sitemaps). Articles are
// read through the articles service, so drafts and future-dated articles never appear.
import type { ArticlesService } from "../articles/articles.service.ts";
import { type FeedFormat, type FeedKind, renderFeed } from "./distribution.feeds.ts";
import { type IssueArchive, renderNewsletterFeed } from "./distribution.newsletter.ts";
import {
  articlesSitemap,
  authorsSitemap,
  type MarketCoinIds,
  marketsSitemap,
  newsletterSitemap,
  type SitemapContext,
  pagesSitemap,
  SITEMAP_URLS_PER_FILE,
  sitemapIndex,
  type StreamedSitemap,
  termsSitemap,
} from "./distribution.sitemaps.ts";

/** The feed kinds and formats (distribution.feeds.ts), re-exported for the routes. */
export { FEED_KINDS, type FeedFormat, type FeedKind } from "./distribution.feeds.ts";

/** The bodies of robots.txt, the sitemaps and the feeds. */
export interface DistributionService {
  /** robots.txt: everything but /api/ and /account, and where the sitemap is. */
  robotsTxt(): string;
  /** /sitemap.xml: the sitemap index. */
  sitemapIndex(): Promise<string>;
  /** /sitemaps/pages.xml: home, listings, Max and the marketing pages. */
  pagesSitemap(): Promise<string>;
  /**
   * /sitemaps/articles.xml (n = 1) and /sitemaps/articles-{n}.xml: the `n`th file of at most
   * 50,000 article pages, streamed. @throws NotFoundError past the last file.
   */
  articlesSitemap(n: number): Promise<StreamedSitemap>;
  /** /sitemaps/categories.xml (`category`) and /sitemaps/tags.xml (`tag`). */
  termsSitemap(kind: "category" | "tag"): Promise<string>;
  /** /sitemaps/authors.xml. */
  authorsSitemap(): Promise<string>;
  /** The feed of `kind` as RSS 2.0 or Atom 1.0. */
  feed(kind: FeedKind, format: FeedFormat): Promise<string>;
  /** /sitemaps/newsletter.xml: /newsletter and every issue sent. */
  newsletterSitemap(): Promise<string>;
  /** /sitemaps/markets.xml: /markets and every coin's page. */
  marketsSitemap(): Promise<string>;
  /** The newsletter's issues as RSS 2.0 or Atom 1.0. */
  newsletterFeed(format: FeedFormat): Promise<string>;
}

/** robots.txt for the site at `base`. */
function robotsTxt(base: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /account",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

/** Builds the service over the articles service; `publicUrl` is the absolute base (no slash). */
export function createDistributionService(deps: {
  articles: ArticlesService;
  /** The newsletter's public archive (issues sent), read for its sitemap and feed. */
  newsletterArchive: IssueArchive;
  /** The coins with a page (the market service's), for the markets sitemap. */
  marketCoins: MarketCoinIds;
  publicUrl: string;
  siteName: string;
  /** Articles per sitemap file: SITEMAP_URLS_PER_FILE unless given (tests cut smaller files). */
  urlsPerFile?: number;
}): DistributionService {
  const base = deps.publicUrl.replace(/\/$/, "");
  const urlsPerFile = deps.urlsPerFile ?? SITEMAP_URLS_PER_FILE;
  const ctx: SitemapContext = { articles: deps.articles, base, urlsPerFile };
  const archive = deps.newsletterArchive;
  const feeds = { articles: deps.articles, base, siteName: deps.siteName };
  return {
    robotsTxt: () => robotsTxt(base),
    sitemapIndex: () => sitemapIndex(ctx),
    pagesSitemap: () => pagesSitemap(ctx),
    articlesSitemap: (n) => articlesSitemap(ctx, n),
    termsSitemap: (kind) => termsSitemap(ctx, kind),
    authorsSitemap: () => authorsSitemap(ctx),
    feed: (kind, format) => renderFeed(feeds, kind, format),
    newsletterSitemap: () => newsletterSitemap(ctx, archive),
    marketsSitemap: () => marketsSitemap(ctx, deps.marketCoins),
    newsletterFeed: (format) => renderNewsletterFeed(archive, feeds, format),
  };
}
