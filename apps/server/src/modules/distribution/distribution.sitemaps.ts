// The sitemap index and the sitemaps of the site's pages, articles, categories, tags and authors
// (docs/product/api.md#feeds-and-sitemaps), each URL dated by its newest article. The articles are
// cut into files of SITEMAP_URLS_PER_FILE URLs and a file is streamed from the database in
// batches, so no sitemap holds the article table in memory and no request grows with it.
import { pipeline, Readable } from "node:stream";
import {
  type IndexItem,
  SitemapIndexStream,
  type SitemapItemLoose,
  SitemapStream,
  streamToPromise,
} from "sitemap";
import { NotFoundError } from "../../errors.ts";
import { entityTag } from "../../http/representation.ts";
import type { ArticleSitemapFile, ArticlesService } from "../articles/articles.service.ts";
import { type IssueArchive, newsletterSitemapItems } from "./distribution.newsletter.ts";

/**
 * Articles in one sitemap file. The protocol allows 50,000 URLs and 50 MB a file (sitemaps.org);
 * a file's cost is its URLs (1.4 to 1.6 s for 20,000 at scale, docs/scale.md#sitemap-files), so
 * files of 2,000, WordPress core's own size (`wp_sitemaps_get_max_urls`), keep every request
 * bounded whatever the archive; the index lists one more file per 2,000 articles.
 */
export const SITEMAP_URLS_PER_FILE = 2_000;
/** Articles read per query while an articles sitemap is streamed. */
const BATCH = 1_000;

/** The coins with a page and when their figures were true (null: market data unavailable). */
export type MarketCoinIds = () => Promise<{ ids: string[]; asOf: string | null }>;

/**
 * What the sitemaps are built from; `base` is the absolute public URL without a trailing slash,
 * `urlsPerFile` the articles in one sitemap file (SITEMAP_URLS_PER_FILE; tests pass fewer).
 */
export interface SitemapContext {
  articles: ArticlesService;
  base: string;
  urlsPerFile: number;
}

/** An articles sitemap as it is sent: its validator and its XML, produced as it is read. */
export interface StreamedSitemap {
  /** A weak entity tag (RFC 9110 §8.8.3) of what the file lists: its articles and their dates. */
  etag: string;
  body: Readable;
}

/** The later of two dates, as given. */
function later(a: string, b: string): string {
  return new Date(a).getTime() >= new Date(b).getTime() ? a : b;
}

/** The absolute URL of the article page `/p/{slug}` under `base`. */
export function articleUrl(base: string, slug: string): string {
  return `${base}/p/${encodeURIComponent(slug)}`;
}

/** The address of the `n`th articles sitemap (1: /sitemaps/articles.xml, then articles-2.xml…). */
function articlesFileUrl(base: string, n: number): string {
  return `${base}/sitemaps/${n === 1 ? "articles" : `articles-${n}`}.xml`;
}

async function render(stream: SitemapStream | SitemapIndexStream, items: unknown[]) {
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString("utf8");
}

/** The urlset stream of a sitemap: `<urlset>` with the protocol's namespace only. */
function urlsetStream(base: string): SitemapStream {
  return new SitemapStream({
    hostname: base,
    xmlns: { news: false, xhtml: false, image: false, video: false },
  });
}

/**
 * A urlset of `items`. The protocol's schema wants at least one `<url>` (sitemaps.org XSD), so a
 * sitemap with nothing to list is a 404 (and left out of the index), not an invalid document.
 * @throws NotFoundError when `items` is empty.
 */
function urlset(base: string, items: SitemapItemLoose[]): Promise<string> {
  if (items.length === 0) throw new NotFoundError("This sitemap has nothing to list yet");
  return render(urlsetStream(base), items);
}

/** The newest of `dates` (ISO 8601), or undefined when there are none. */
function newestOf(dates: Iterable<string>): string | undefined {
  let newest: string | undefined;
  for (const date of dates) newest = newest ? later(newest, date) : date;
  return newest;
}

/**
 * The site's own pages (docs/product/site.md#route-table): listings, Max and the marketing pages.
 */
const SITE_PAGES = ["/", "/ecosystems", "/market-reports", "/assistant", "/about", "/services"];
/** The pages that list articles: their lastmod is the newest article's. */
const LISTING_PAGES = new Set(["/", "/ecosystems", "/market-reports"]);

/** The articles sitemap files, in order (one query). */
function articleFiles(ctx: SitemapContext): Promise<ArticleSitemapFile[]> {
  return ctx.articles.sitemap.files(ctx.urlsPerFile);
}

/**
 * /sitemap.xml: the sitemaps that list something (pages, newsletter and markets always; the
 * articles' files, categories, tags and authors once they have entries). Each articles file is
 * dated by its newest article, the others by the newest article of all.
 */
export async function sitemapIndex(ctx: SitemapContext): Promise<string> {
  const [files, categories, tags, authors] = await Promise.all([
    articleFiles(ctx),
    termItems(ctx, "category"),
    termItems(ctx, "tag"),
    authorItems(ctx),
  ]);
  const newest = newestOf(files.map((f) => f.lastmod));
  const dated = (url: string, lastmod = newest): IndexItem => ({
    url,
    ...(lastmod ? { lastmod } : {}),
  });
  const named = (name: string) => dated(`${ctx.base}/sitemaps/${name}.xml`);
  const items: IndexItem[] = [
    named("pages"),
    ...files.map((f, i) => dated(articlesFileUrl(ctx.base, i + 1), f.lastmod)),
    ...(categories.length > 0 ? [named("categories")] : []),
    ...(tags.length > 0 ? [named("tags")] : []),
    ...(authors.length > 0 ? [named("authors")] : []),
    named("newsletter"),
    named("markets"),
  ];
  return render(new SitemapIndexStream(), items);
}

/**
 * /sitemaps/pages.xml: the home page, the listings, Max and the marketing pages; the listings are
 * dated by the newest article, the others carry no date.
 */
export async function pagesSitemap(ctx: SitemapContext): Promise<string> {
  const newest = newestOf((await articleFiles(ctx)).map((f) => f.lastmod));
  return urlset(
    ctx.base,
    SITE_PAGES.map((page) => ({
      url: `${ctx.base}${page}`,
      ...(newest && LISTING_PAGES.has(page) ? { lastmod: newest } : {}),
    })),
  );
}

/** The URLs of `file`'s articles, read in batches of BATCH by id. */
async function* articleItems(
  ctx: SitemapContext,
  file: ArticleSitemapFile,
): AsyncGenerator<SitemapItemLoose> {
  let from = file.firstId;
  // At most the file's count, whatever was published since the files were counted.
  for (let left = file.count; left > 0;) {
    const batch = await ctx.articles.sitemap.urls(from, Math.min(BATCH, left));
    if (batch.length === 0) return;
    for (const a of batch) yield { url: articleUrl(ctx.base, a.slug), lastmod: a.lastmod };
    left -= batch.length;
    from = (batch.at(-1)?.id ?? from) + 1;
  }
}

/**
 * /sitemaps/articles.xml (n = 1) and /sitemaps/articles-{n}.xml: the `n`th file of published
 * article pages in id order, streamed as it is read; a database error mid-way ends the answer
 * unfinished (the XML then does not parse, so no crawler takes a part for the whole).
 * @throws NotFoundError for a file that does not exist (nothing published, or `n` past the last).
 */
export async function articlesSitemap(ctx: SitemapContext, n: number): Promise<StreamedSitemap> {
  const file = (await articleFiles(ctx))[n - 1];
  if (!file) throw new NotFoundError("This sitemap has nothing to list yet");
  const etag = `W/${entityTag(JSON.stringify([ctx.base, n, file]))}`;
  const body = urlsetStream(ctx.base);
  pipeline(Readable.from(articleItems(ctx, file)), body, () => {});
  return { etag, body };
}

/** Where the pages of each kind of term are: `/categories/{slug}`, `/tags/{slug}`. */
const TERM_PAGES = { category: "categories", tag: "tags" } as const;

/** The categories or tags with published articles, each dated by its newest one. */
async function termItems(
  ctx: SitemapContext,
  kind: keyof typeof TERM_PAGES,
): Promise<SitemapItemLoose[]> {
  const newest = await ctx.articles.sitemap.newestByTerm(kind);
  return [...newest].map(([slug, lastmod]) => ({
    url: `${ctx.base}/${TERM_PAGES[kind]}/${encodeURIComponent(slug)}`,
    lastmod,
  }));
}

/**
 * /sitemaps/categories.xml and /sitemaps/tags.xml: every category or tag with published articles
 * (docs/product/reader.md#tag-pages).
 */
export async function termsSitemap(
  ctx: SitemapContext,
  kind: keyof typeof TERM_PAGES,
): Promise<string> {
  return urlset(ctx.base, await termItems(ctx, kind));
}

/**
 * The author pages that exist: live authors with published articles, one per slug (the lowest
 * user id, as the page itself resolves it), dated by their newest article.
 */
async function authorItems(ctx: SitemapContext): Promise<SitemapItemLoose[]> {
  const [authors, newest] = await Promise.all([
    ctx.articles.listAuthors(),
    ctx.articles.sitemap.newestByAuthor(),
  ]);
  const bySlug = new Map<string, string>();
  for (const author of authors) {
    const lastmod = newest.get(author.id);
    if (author.slug && lastmod && !bySlug.has(author.slug)) bySlug.set(author.slug, lastmod);
  }
  return [...bySlug].map(([slug, lastmod]) => ({
    url: `${ctx.base}/authors/${encodeURIComponent(slug)}`,
    lastmod,
  }));
}

/** /sitemaps/authors.xml: the author pages that exist. */
export async function authorsSitemap(ctx: SitemapContext): Promise<string> {
  return urlset(ctx.base, await authorItems(ctx));
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
