// Outside /api: GET /robots.txt, /sitemap.xml,
// /sitemaps/{pages,articles,categories,tags,authors,newsletter,markets}.xml, /sitemaps/articles-{n}.xml,
// /feed.xml, /feed.atom and
// /feeds/{research,news,market-reports,newsletter}.{xml,atom}
// (docs/product/api.md#feeds-and-sitemaps).
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../../config.ts";
import { NotFoundError } from "../../errors.ts";
import { PUBLIC_READ, PUBLIC_STREAM } from "../../http/cache.ts";
import type { ArticlesService } from "../articles/articles.service.ts";
import type { IssueArchive } from "./distribution.newsletter.ts";
import type { MarketCoinIds, StreamedSitemap } from "./distribution.sitemaps.ts";
import {
  createDistributionService,
  type DistributionService,
  FEED_KINDS,
  type FeedFormat,
  type FeedKind,
} from "./distribution.service.ts";

const CONTENT_TYPES = {
  text: "text/plain; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
} as const;

function send(reply: FastifyReply, type: keyof typeof CONTENT_TYPES, body: string) {
  return reply.header("content-type", CONTENT_TYPES[type]).send(body);
}

/** A streamed sitemap with its own validator (a PUBLIC_STREAM route's answer). */
function sendStreamed(reply: FastifyReply, sitemap: StreamedSitemap) {
  return reply
    .header("content-type", CONTENT_TYPES.xml)
    .header("etag", sitemap.etag)
    .send(sitemap.body);
}

/** The file number of `/sitemaps/articles-{n}.xml`: 2 and up, written without leading zeros. */
function articlesFileNumber(raw: string): number {
  if (!/^[1-9][0-9]{0,5}$/.test(raw) || raw === "1") {
    throw new NotFoundError("This sitemap does not exist");
  }
  return Number(raw);
}

/**
 * Registers robots.txt, the sitemaps and the feeds, all public reads (`PUBLIC_READ`: Cache-Control
 * and ETag from plugins/response-cache.ts); `config.publicUrl` is the absolute base.
 */
export function distributionRoutes(
  app: FastifyInstance,
  deps: {
    articles: ArticlesService;
    newsletterArchive: IssueArchive;
    marketCoins: MarketCoinIds;
    config: Config;
  },
) {
  const service: DistributionService = createDistributionService({
    articles: deps.articles,
    newsletterArchive: deps.newsletterArchive,
    marketCoins: deps.marketCoins,
    publicUrl: deps.config.publicUrl,
    siteName: deps.config.siteName,
  });

  app.get("/robots.txt", { config: PUBLIC_READ }, async (_req, reply) =>
    send(reply, "text", service.robotsTxt()),
  );
  app.get("/sitemap.xml", { config: PUBLIC_READ }, async (_req, reply) =>
    send(reply, "xml", await service.sitemapIndex()),
  );
  app.get("/sitemaps/pages.xml", { config: PUBLIC_READ }, async (_req, reply) =>
    send(reply, "xml", await service.pagesSitemap()),
  );
  app.get("/sitemaps/articles.xml", { config: PUBLIC_STREAM }, async (_req, reply) =>
    sendStreamed(reply, await service.articlesSitemap(1)),
  );
  app.get<{ Params: { n: string } }>(
    "/sitemaps/articles-:n.xml",
    { config: PUBLIC_STREAM },
    async (req, reply) =>
      sendStreamed(reply, await service.articlesSitemap(articlesFileNumber(req.params.n))),
  );
  app.get("/sitemaps/categories.xml", { config: PUBLIC_READ }, async (_req, reply) =>
    send(reply, "xml", await service.termsSitemap("category")),
  );
  app.get("/sitemaps/tags.xml", { config: PUBLIC_READ }, async (_req, reply) =>
    send(reply, "xml", await service.termsSitemap("tag")),
  );
  app.get("/sitemaps/authors.xml", { config: PUBLIC_READ }, async (_req, reply) =>
    send(reply, "xml", await service.authorsSitemap()),
  );
  app.get("/sitemaps/newsletter.xml", { config: PUBLIC_READ }, async (_req, reply) =>
    send(reply, "xml", await service.newsletterSitemap()),
  );
  app.get("/sitemaps/markets.xml", { config: PUBLIC_READ }, async (_req, reply) =>
    send(reply, "xml", await service.marketsSitemap()),
  );

  const feedRoute = (path: string, kind: FeedKind, format: FeedFormat) =>
    app.get(path, { config: PUBLIC_READ }, async (_req, reply) =>
      send(reply, format, await service.feed(kind, format)),
    );
  for (const kind of FEED_KINDS) {
    const path = kind === "all" ? "/feed" : `/feeds/${kind}`;
    feedRoute(`${path}.xml`, kind, "rss");
    feedRoute(`${path}.atom`, kind, "atom");
  }
  for (const format of ["rss", "atom"] as const) {
    const path = `/feeds/newsletter.${format === "rss" ? "xml" : "atom"}`;
    app.get(path, { config: PUBLIC_READ }, async (_req, reply) =>
      send(reply, format, await service.newsletterFeed(format)),
    );
  }
}
