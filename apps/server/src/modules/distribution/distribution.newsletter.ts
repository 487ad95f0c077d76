// The newsletter's sitemap and feeds (docs/product/api.md#feeds-and-sitemaps): /newsletter and
// every issue sent, for search engines and feed readers, dated by when each issue went out.
import type { PublicIssueList } from "@pragmatist/contracts";
import { Feed } from "feed";

/** Reads a page of the archive (the newsletter issues service's `archive`). */
export type IssueArchive = (page: { page: number; pageSize: number }) => Promise<PublicIssueList>;

/** Issues in the feed. */
const FEED_SIZE = 50;
/** Issues read per page while listing them all. */
const PAGE_SIZE = 100;

type Issue = PublicIssueList["data"][number]["attributes"];

/** Every issue sent, newest first (`limit` at most). */
async function issues(archive: IssueArchive, limit = Number.POSITIVE_INFINITY): Promise<Issue[]> {
  const out: Issue[] = [];
  for (let page = 1; out.length < limit; page++) {
    const res = await archive({ page, pageSize: PAGE_SIZE });
    out.push(...res.data.map((issue) => issue.attributes));
    if (page >= res.meta.pagination.pageCount) break;
  }
  return out.slice(0, limit);
}

/**
 * The sitemap items of the newsletter: `/newsletter` dated by the newest issue, then each issue's
 * web version dated by its send (`base`: the absolute public URL without a trailing slash).
 */
export async function newsletterSitemapItems(
  archive: IssueArchive,
  base: string,
): Promise<{ url: string; lastmod?: string }[]> {
  const sent = await issues(archive);
  const newest = sent[0]?.sentAt;
  return [
    { url: `${base}/newsletter`, ...(newest ? { lastmod: newest } : {}) },
    ...sent.map((issue) => ({ url: issue.webUrl, lastmod: issue.sentAt })),
  ];
}

/**
 * The newsletter feed in `format` (RSS 2.0 or Atom 1.0): the newest FEED_SIZE issues, each
 * linking to its web version, with its intro as description.
 */
export async function renderNewsletterFeed(
  archive: IssueArchive,
  site: { base: string; siteName: string },
  format: "rss" | "atom",
): Promise<string> {
  const { base, siteName } = site;
  const sent = await issues(archive, FEED_SIZE);
  const feed = new Feed({
    id: `${base}/feeds/newsletter.${format === "rss" ? "xml" : "atom"}`,
    title: `${siteName} — The Weekly Brief`,
    description: `The newsletter of ${siteName}`,
    link: `${base}/newsletter`,
    language: "en",
    updated: new Date(sent[0]?.sentAt ?? 0),
    generator: siteName,
    copyright: `© ${siteName}`,
    feedLinks: { rss: `${base}/feeds/newsletter.xml`, atom: `${base}/feeds/newsletter.atom` },
  });
  for (const issue of sent) {
    feed.addItem({
      title: issue.subject,
      id: issue.webUrl,
      guid: issue.webUrl,
      link: issue.webUrl,
      date: new Date(issue.sentAt),
      published: new Date(issue.sentAt),
      description: issue.intro,
    });
  }
  return format === "rss" ? feed.rss2() : feed.atom1();
}
