// RSS and Atom feeds of the newest articles, all or per type
// (docs/product/api.md#feeds-and-sitemaps).
import { type ArticleCard, articleLabel, newsTypes } from "@pragmatist/contracts";
import { Feed } from "feed";
import type { ArticleFilter, ArticlesService } from "../articles/articles.service.ts";
import { articleUrl } from "./distribution.sitemaps.ts";

/** The feeds by URL name: all articles, and per type. */
export const FEED_KINDS = ["all", "research", "news", "market-reports"] as const;
/** One of FEED_KINDS. */
export type FeedKind = (typeof FEED_KINDS)[number];
/** RSS 2.0 (`.xml`) or Atom 1.0 (`.atom`). */
export type FeedFormat = "rss" | "atom";

/** Articles per feed. */
const FEED_SIZE = 50;
/** Articles read per page while looking for Market Reports. */
const PAGE_SIZE = 100;

const FEED_TITLES: Record<FeedKind, string> = {
  all: "all articles",
  research: "Research",
  news: "News",
  "market-reports": "Market Reports",
};

/** What the feeds are built from; `base` is the absolute public URL without a trailing slash. */
export interface FeedContext {
  articles: ArticlesService;
  base: string;
  siteName: string;
}

/** The newest FEED_SIZE published articles of the feed `kind`, newest first. */
async function feedCards(articles: ArticlesService, kind: FeedKind): Promise<ArticleCard[]> {
  if (kind !== "market-reports") {
    const filter: ArticleFilter =
      kind === "research"
        ? { types: ["Research" as const] }
        : kind === "news"
          ? { types: [...newsTypes] }
          : {};
    const res = await articles.list({ page: 1, pageSize: FEED_SIZE, sort: "date", filter });
    return res.data as ArticleCard[];
  }
  // Market Reports are news whose card label says so (packages/contracts `articleLabel`).
  const out: ArticleCard[] = [];
  for (let page = 1; out.length < FEED_SIZE; page++) {
    const res = await articles.list({
      page,
      pageSize: PAGE_SIZE,
      sort: "date",
      filter: { types: [...newsTypes] },
    });
    for (const card of res.data as ArticleCard[]) {
      const a = card.attributes;
      if (articleLabel(a) === "Market Report") out.push(card);
    }
    if (page >= res.meta.pagination.pageCount) break;
  }
  return out.slice(0, FEED_SIZE);
}

/** Adds `cards` to `feed` as items linking to their article pages. */
function addItems(feed: Feed, base: string, cards: ArticleCard[], dates: Date[]): void {
  cards.forEach((card, i) => {
    const a = card.attributes;
    const link = articleUrl(base, a.slug);
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
}

/** The feed `kind` in `format`: the newest articles, updated at the newest one's publish date. */
export async function renderFeed(
  { articles, base, siteName }: FeedContext,
  kind: FeedKind,
  format: FeedFormat,
): Promise<string> {
  const cards = await feedCards(articles, kind);
  const path = kind === "all" ? "/feed" : `/feeds/${kind}`;
  const dates = cards.map((c) => new Date(c.attributes.publishDate));
  const feed = new Feed({
    id: `${base}${path}.${format === "rss" ? "xml" : "atom"}`,
    title: `${siteName} — ${FEED_TITLES[kind]}`,
    description: `${FEED_TITLES[kind]} from ${siteName}`,
    link: `${base}/`,
    language: "en",
    updated: dates[0] ?? new Date(0),
    generator: siteName,
    copyright: `© ${siteName}`,
    feedLinks: { rss: `${base}${path}.xml`, atom: `${base}${path}.atom` },
  });
  addItems(feed, base, cards, dates);
  return format === "rss" ? feed.rss2() : feed.atom1();
}
