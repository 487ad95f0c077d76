// Sitemaps, robots.txt and RSS/Atom feeds (issue #6 "Distribution"). Articles are read through the
// articles service, so drafts and future-dated articles never appear.
import { Readable } from "node:stream";
import { type ArticleCard, articleLabel } from "@pragmatist/contracts";
import { Feed } from "feed";
import {
  type IndexItem,
  SitemapIndexStream,
  type SitemapItemLoose,
  SitemapStream,
  streamToPromise,
} from "sitemap";
import type { Db } from "../../db/client.ts";
import type { ArticleFilter, ArticlesService } from "../articles/articles.service.ts";
import { findUpdatedAt } from "./distribution.repository.ts";

/** The feeds by URL name: all articles, and per type. */
export const FEED_KINDS = ["all", "research", "news", "market-reports"] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export type FeedFormat = "rss" | "atom";

const FEED_SIZE = 50;
const PAGE_SIZE = 100;

const FEED_TITLES: Record<FeedKind, string> = {
  all: "all articles",
  research: "Research",
  news: "News",
  "market-reports": "Market Reports",
};

export interface DistributionService {
  robotsTxt(): string;
  sitemapIndex(): Promise<string>;
  articlesSitemap(): Promise<string>;
  categoriesSitemap(): Promise<string>;
  authorsSitemap(): Promise<string>;
  feed(kind: FeedKind, format: FeedFormat): Promise<string>;
}

interface Dated {
  card: ArticleCard;
  /** The later of the publish date and the last change, ISO 8601. */
  lastmod: string;
}

function later(a: string, b: string): string {
  return new Date(a).getTime() >= new Date(b).getTime() ? a : b;
}

function toIso(value: string): string {
  return new Date(value).toISOString();
}

async function render(stream: SitemapStream | SitemapIndexStream, items: unknown[]) {
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString("utf8");
}

/** Builds the service over the articles service; `publicUrl` is the absolute base (no slash). */
export function createDistributionService(deps: {
  db: Db;
  articles: ArticlesService;
  publicUrl: string;
  siteName: string;
}): DistributionService {
  const base = deps.publicUrl.replace(/\/$/, "");
  const articleUrl = (slug: string) => `${base}/p/${encodeURIComponent(slug)}`;

  /** Every published article, newest first, with its lastmod. */
  async function allArticles(): Promise<Dated[]> {
    const cards: ArticleCard[] = [];
    for (let page = 1; ; page++) {
      const res = await deps.articles.list({ page, pageSize: PAGE_SIZE, sort: "date", filter: {} });
      cards.push(...(res.data as ArticleCard[]));
      if (page >= res.meta.pagination.pageCount) break;
    }
    return withLastmod(cards);
  }

  async function withLastmod(cards: ArticleCard[]): Promise<Dated[]> {
    const updated = await findUpdatedAt(
      deps.db.kysely,
      cards.map((c) => c.id),
    );
    return cards.map((card) => {
      const publish = card.attributes.publishDate;
      const changed = updated.get(card.id);
      return { card, lastmod: toIso(changed ? later(publish, changed) : publish) };
    });
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

  function urlset(items: SitemapItemLoose[]): Promise<string> {
    return render(
      new SitemapStream({
        hostname: base,
        xmlns: { news: false, xhtml: false, image: false, video: false },
      }),
      items,
    );
  }

  async function feedCards(kind: FeedKind): Promise<ArticleCard[]> {
    if (kind !== "market-reports") {
      const filter: ArticleFilter =
        kind === "research" ? { types: ["Research"] } : kind === "news" ? { types: ["News"] } : {};
      const res = await deps.articles.list({ page: 1, pageSize: FEED_SIZE, sort: "date", filter });
      return res.data as ArticleCard[];
    }
    // Market Reports are News whose card label says so (packages/contracts `articleLabel`).
    const out: ArticleCard[] = [];
    for (let page = 1; out.length < FEED_SIZE; page++) {
      const res = await deps.articles.list({
        page,
        pageSize: PAGE_SIZE,
        sort: "date",
        filter: { types: ["News"] },
      });
      for (const card of res.data as ArticleCard[]) {
        const a = card.attributes;
        if (articleLabel(a.title, a.subTitle, a.publishDate) === "Market Report") out.push(card);
      }
      if (page >= res.meta.pagination.pageCount) break;
    }
    return out.slice(0, FEED_SIZE);
  }

  return {
    robotsTxt() {
      return [
        "User-agent: *",
        "Allow: /",
        "Disallow: /api/",
        "Disallow: /account",
        "",
        `Sitemap: ${base}/sitemap.xml`,
        "",
      ].join("\n");
    },

    async sitemapIndex() {
      const articles = await allArticles();
      const newest = articles.reduce<string | undefined>(
        (acc, a) => (acc ? later(acc, a.lastmod) : a.lastmod),
        undefined,
      );
      const items: IndexItem[] = ["articles", "categories", "authors"].map((name) => ({
        url: `${base}/sitemaps/${name}.xml`,
        ...(newest ? { lastmod: newest } : {}),
      }));
      return render(new SitemapIndexStream(), items);
    },

    async articlesSitemap() {
      const articles = await allArticles();
      return urlset(
        articles.map((a) => ({ url: articleUrl(a.card.attributes.slug), lastmod: a.lastmod })),
      );
    },

    async categoriesSitemap() {
      const newest = newestBy(await allArticles(), (c) =>
        c.attributes.categories.map((t) => t.slug),
      );
      return urlset(
        [...newest].map(([slug, lastmod]) => ({
          url: `${base}/categories/${encodeURIComponent(slug)}`,
          lastmod,
        })),
      );
    },

    async authorsSitemap() {
      // The pages that exist: live authors with published articles, one per slug (the lowest
      // user id, as the page itself resolves it), dated by their newest article.
      const [articles, authors] = await Promise.all([allArticles(), deps.articles.listAuthors()]);
      const newest = newestBy(articles, (c) =>
        c.attributes.author ? [String(c.attributes.author.id)] : [],
      );
      const bySlug = new Map<string, string>();
      for (const author of authors) {
        const lastmod = newest.get(String(author.id));
        if (author.slug && lastmod && !bySlug.has(author.slug)) bySlug.set(author.slug, lastmod);
      }
      return urlset(
        [...bySlug].map(([slug, lastmod]) => ({
          url: `${base}/authors/${encodeURIComponent(slug)}`,
          lastmod,
        })),
      );
    },

    async feed(kind, format) {
      const cards = await feedCards(kind);
      const path = kind === "all" ? "/feed" : `/feeds/${kind}`;
      const dates = cards.map((c) => new Date(c.attributes.publishDate));
      const feed = new Feed({
        id: `${base}${path}.${format === "rss" ? "xml" : "atom"}`,
        title: `${deps.siteName} — ${FEED_TITLES[kind]}`,
        description: `${FEED_TITLES[kind]} from ${deps.siteName}`,
        link: `${base}/`,
        language: "en",
        updated: dates[0] ?? new Date(0),
        generator: deps.siteName,
        copyright: `© ${deps.siteName}`,
        feedLinks: { rss: `${base}${path}.xml`, atom: `${base}${path}.atom` },
      });
      cards.forEach((card, i) => {
        const a = card.attributes;
        const link = articleUrl(a.slug);
        feed.addItem({
          title: a.title,
          id: link,
          guid: link,
          link,
          date: dates[i] ?? new Date(a.publishDate),
          published: dates[i],
          description: a.subTitle || a.excerpt,
          author: a.author ? [{ name: a.author.username }] : [],
          category: a.categories.map((c) => ({ name: c.name, term: c.slug })),
        });
      });
      return format === "rss" ? feed.rss2() : feed.atom1();
    },
  };
}
