// The sitemap index and the sitemaps of the site's pages, articles, categories and authors
// (docs/product/api.md#feeds-and-sitemaps), each URL dated by its newest article.
import { Readable } from "node:stream";
import type { ArticleCard } from "@pragmatist/contracts";
import {
  type IndexItem,
  SitemapIndexStream,
  type SitemapItemLoose,
  SitemapStream,
  streamToPromise,
} from "sitemap";
import type { Db } from "../../db/client.ts";
import { NotFoundError } from "../../errors.ts";
import type { ArticlesService } from "../articles/articles.service.ts";
import { type IssueArchive, newsletterSitemapItems } from "./distribution.newsletter.ts";
import { findUpdatedAt } from "./distribution.repository.ts";

/** Articles read per page while listing them all. */
const PAGE_SIZE = 100;

/** The coins with a page and when their figures were true (null: market data unavailable). */
export type MarketCoinIds = () => Promise<{ ids: string[]; asOf: string | null }>;

/** What the sitemaps are built from; `base` is the absolute public URL without a trailing slash. */
export interface SitemapContext {
  db: Db;
  articles: ArticlesService;
  base: string;
}

interface Dated {
  card: ArticleCard;
  /** The later of the publish date and the last change, ISO 8601. */
  lastmod: string;
}

/** The later of two dates, as given. */
function later(a: string, b: string): string {
  return new Date(a).getTime() >= new Date(b).getTime() ? a : b;
}

function toIso(value: string): string {
  return new Date(value).toISOString();
}

/** The absolute URL of the article page `/p/{slug}` under `base`. */
export function articleUrl(base: string, slug: string): string {
  return `${base}/p/${encodeURIComponent(slug)}`;
}

async function render(stream: SitemapStream | SitemapIndexStream, items: unknown[]) {
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString("utf8");
}

/** The cards with their lastmod: the later of publish date and `updated_at`. */
async function withLastmod(ctx: SitemapContext, cards: ArticleCard[]): Promise<Dated[]> {
  const updated = await findUpdatedAt(
    ctx.db.kysely,
    cards.map((c) => c.id),
  );
  return cards.map((card) => {
    const publish = card.attributes.publishDate;
    const changed = updated.get(card.id);
    return { card, lastmod: toIso(changed ? later(publish, changed) : publish) };
  });
}

/** Every published article, newest first, with its lastmod. */
async function allArticles(ctx: SitemapContext): Promise<Dated[]> {
  const cards: ArticleCard[] = [];
  for (let page = 1; ; page++) {
    const res = await ctx.articles.list({ page, pageSize: PAGE_SIZE, sort: "date", filter: {} });
    cards.push(...(res.data as ArticleCard[]));
    if (page >= res.meta.pagination.pageCount) break;
  }
  return withLastmod(ctx, cards);
}

/** The newest lastmod per key (category slug, author id). */
function newestBy(articles: Dated[], keys: (a: ArticleCard) => string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of articles) {
    for (const key of keys(a.card)) {
      const seen = out.get(key);
      out.set(key, seen ? later(seen, a.lastmod) : a.lastmod);
    }
  }
  return out;
}

/**
 * A urlset of `items`. The protocol's schema wants at least one `<url>` (sitemaps.org XSD), so a
 * sitemap with nothing to list is a 404 (and left out of the index), not an invalid document.
 * @throws NotFoundError when `items` is empty.
 */
function urlset(base: string, items: SitemapItemLoose[]): Promise<string> {
  if (items.length === 0) throw new NotFoundError("This sitemap has nothing to list yet");
  return render(
    new SitemapStream({
      hostname: base,
      xmlns: { news: false, xhtml: false, image: false, video: false },
    }),
    items,
  );
}

/** The newest lastmod of `articles`, or undefined when there are none. */
function newestOf(articles: Dated[]): string | undefined {
  return articles.reduce<string | undefined>(
    (acc, a) => (acc ? later(acc, a.lastmod) : a.lastmod),
    undefined,
  );
}

/**
 * The site's own pages (docs/product/site.md#route-table): listings, Max and the marketing pages.
 */
const SITE_PAGES = ["/", "/ecosystems", "/market-reports", "/assistant", "/about", "/services"];
/** The pages that list articles: their lastmod is the newest article's. */
const LISTING_PAGES = new Set(["/", "/ecosystems", "/market-reports"]);

/**
 * /sitemap.xml: the sitemaps that list something (pages, newsletter and markets always; articles,
 * categories and authors once they have entries), dated by the newest article.
 */
export async function sitemapIndex(ctx: SitemapContext): Promise<string> {
  const articles = await allArticles(ctx);
  const newest = newestOf(articles);
  const listed = {
    pages: true,
    articles: articles.length > 0,
    categories: categoryItems(ctx, articles).length > 0,
    authors: (await authorItems(ctx, articles)).length > 0,
    newsletter: true,
    markets: true,
  };
  const items: IndexItem[] = Object.entries(listed)
    .filter(([, has]) => has)
    .map(([name]) => ({
      url: `${ctx.base}/sitemaps/${name}.xml`,
      ...(newest ? { lastmod: newest } : {}),
    }));
  return render(new SitemapIndexStream(), items);
}

/**
 * /sitemaps/pages.xml: the home page, the listings, Max and the marketing pages; the listings are
 * dated by the newest article, the others carry no date.
 */
export async function pagesSitemap(ctx: SitemapContext): Promise<string> {
  const newest = newestOf(await allArticles(ctx));
  return urlset(
    ctx.base,
    SITE_PAGES.map((page) => ({
      url: `${ctx.base}${page}`,
      ...(newest && LISTING_PAGES.has(page) ? { lastmod: newest } : {}),
    })),
  );
}

/** /sitemaps/articles.xml: every published article page. */
export async function articlesSitemap(ctx: SitemapContext): Promise<string> {
  const articles = await allArticles(ctx);
  return urlset(
    ctx.base,
    articles.map((a) => ({
      url: articleUrl(ctx.base, a.card.attributes.slug),
      lastmod: a.lastmod,
    })),
  );
}

/** The categories with published articles, each dated by its newest one. */
function categoryItems(ctx: SitemapContext, articles: Dated[]): SitemapItemLoose[] {
  const newest = newestBy(articles, (c) => c.attributes.categories.map((t) => t.slug));
  return [...newest].map(([slug, lastmod]) => ({
    url: `${ctx.base}/categories/${encodeURIComponent(slug)}`,
    lastmod,
  }));
}

/** /sitemaps/categories.xml: every category with published articles. */
export async function categoriesSitemap(ctx: SitemapContext): Promise<string> {
  return urlset(ctx.base, categoryItems(ctx, await allArticles(ctx)));
}

/**
 * The author pages that exist: live authors with published articles, one per slug (the lowest
 * user id, as the page itself resolves it), dated by their newest article.
 */
async function authorItems(ctx: SitemapContext, articles: Dated[]): Promise<SitemapItemLoose[]> {
  const authors = await ctx.articles.listAuthors();
  const newest = newestBy(articles, (c) =>
    c.attributes.author ? [String(c.attributes.author.id)] : [],
  );
  const bySlug = new Map<string, string>();
  for (const author of authors) {
    const lastmod = newest.get(String(author.id));
    if (author.slug && lastmod && !bySlug.has(author.slug)) bySlug.set(author.slug, lastmod);
  }
  return [...bySlug].map(([slug, lastmod]) => ({
    url: `${ctx.base}/authors/${encodeURIComponent(slug)}`,
    lastmod,
  }));
}

/** /sitemaps/authors.xml: the author pages that exist. */
export async function authorsSitemap(ctx: SitemapContext): Promise<string> {
  return urlset(ctx.base, await authorItems(ctx, await allArticles(ctx)));
}

/** /sitemaps/newsletter.xml: the newsletter's page and every issue sent (the archive's). */
export async function newsletterSitemap(
  ctx: SitemapContext,
  archive: IssueArchive,
): Promise<string> {
  return urlset(ctx.base, await newsletterSitemapItems(archive, ctx.base));
}

/**
 * /sitemaps/markets.xml: `/markets` and every coin's page (docs/product/markets.md#market-data-pages),
 * dated by the market data's as-of time when there is one.
 */
export async function marketsSitemap(ctx: SitemapContext, coins: MarketCoinIds): Promise<string> {
  const { ids, asOf } = await coins();
  const dated = asOf ? { lastmod: asOf } : {};
  return urlset(ctx.base, [
    { url: `${ctx.base}/markets`, ...dated },
    ...ids.map((id) => ({ url: `${ctx.base}/markets/${encodeURIComponent(id)}`, ...dated })),
  ]);
}
